// Toast options from the spec (§3, §8, §9), shared by the server (flash toasts) and the
// Toaster island.
export const TOAST_TYPES = ['success', 'error', 'warning', 'info', 'default'] as const
export type ToastType = (typeof TOAST_TYPES)[number]

export interface ToastMessage {
  type: ToastType
  message: string
}

export const TOASTER = {
  duration: 5000,
  visibleToasts: 20,
  position: { ar: 'top-left', en: 'top-right' },
} as const
