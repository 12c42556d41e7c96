import { useEffect } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { TOASTER, type ToastMessage } from '../../lib/toast.ts'
import { isLocale } from '../../lib/locales.ts'
import { receiveToasts } from '../show-toast.ts'

/**
 * The site's toasts (spec §8–§9): top-right in English, top-left in Arabic, 5000 ms, up
 * to 20 visible, newest on top, swipe to dismiss. `toasts` are the ones the server queued
 * across a redirect (flash cookie); they show once the island hydrates. Other islands raise
 * theirs with showToast (client/show-toast.ts), which wakes this island at the first.
 */
function raise({ type, message }: ToastMessage): void {
  if (type === 'default') toast(message)
  else toast[type](message)
}

export default function Toaster({ toasts }: { toasts: ToastMessage[] }) {
  const { i18n } = useLingui()
  const lang = isLocale(i18n.locale) ? i18n.locale : 'ar'
  useEffect(() => {
    for (const message of toasts) raise(message)
    receiveToasts(raise)
  }, [toasts])
  return (
    <Sonner
      position={TOASTER.position[lang]}
      dir={lang === 'ar' ? 'rtl' : 'ltr'}
      duration={TOASTER.duration}
      visibleToasts={TOASTER.visibleToasts}
      swipeDirections={lang === 'ar' ? ['left', 'top'] : ['right', 'top']}
      richColors
      closeButton
      containerAriaLabel={i18n._(msg`Notifications`)}
    />
  )
}
