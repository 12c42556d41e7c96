import { useEffect } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import { useLingui } from '@lingui/react'
import { TOASTER, type ToastMessage } from '../../lib/toast.ts'
import { isLocale } from '../../lib/locales.ts'

/**
 * The site's toasts (spec §8–§9): top-right in English, top-left in Arabic, 5000 ms, up
 * to 20 visible, newest on top, swipe to dismiss. `toasts` are the ones the server queued
 * across a redirect (flash cookie); they show once the island hydrates.
 */
export default function Toaster({ toasts }: { toasts: ToastMessage[] }) {
  const { i18n } = useLingui()
  const lang = isLocale(i18n.locale) ? i18n.locale : 'ar'
  useEffect(() => {
    for (const { type, message } of toasts) {
      if (type === 'default') toast(message)
      else toast[type](message)
    }
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
    />
  )
}
