// The countdown to a new sign-in code (auth-resend), and the server's first render of the time
// to kick-off (client/live/live-parts.tsx), which client/live/draw.ts redraws in the same markup. A timer role, so screen readers do not read every tick.
import { useLingui } from '@lingui/react'
import { type CountdownStyle, formatCountdown } from '../lib/countdown.ts'
import { DEFAULT_LOCALE, isLocale, LOCALE_CONFIG } from '../lib/locales.ts'

export function Countdown({ seconds, style }: { seconds: number; style: CountdownStyle }) {
  const { i18n } = useLingui()
  const locale = LOCALE_CONFIG[isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE].intl
  return (
    <span className="countdown" role="timer">
      {formatCountdown(seconds, locale, style)}
    </span>
  )
}
