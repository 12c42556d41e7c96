// The one way to raise a toast in the browser. Sonner (9 KB gzip) is the toaster island's
// alone: a toast raised before the toaster has woken waits here, and TOAST_EVENT wakes it
// (client/entry.ts, strategy "toast"), so a page where nothing is toasted never loads it.
import type { ToastMessage } from '../lib/toast.ts'

/** Fired on the document when a toast waits for the toaster. */
export const TOAST_EVENT = 'island:toast'

const waiting: ToastMessage[] = []
let show: ((message: ToastMessage) => void) | null = null

export function showToast(message: ToastMessage): void {
  if (show) return show(message)
  waiting.push(message)
  document.dispatchEvent(new Event(TOAST_EVENT))
}

/** The toaster, once mounted, shows what waited and every toast after. */
export function receiveToasts(shower: (message: ToastMessage) => void): void {
  show = shower
  for (const message of waiting.splice(0)) shower(message)
}
