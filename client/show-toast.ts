// The one way to raise a toast in the browser. Sonner keeps its toasts in module state, and
// every island that imports it shares one copy of the module, so the page's Toaster island
// shows what any other island raises here.
import { toast } from 'sonner'
import type { ToastMessage } from '../lib/toast.ts'

export function showToast({ type, message }: ToastMessage): void {
  if (type === 'default') toast(message)
  else toast[type](message)
}
