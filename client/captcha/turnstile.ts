// Cloudflare Turnstile, rendered explicitly into the form so its token is posted as the
// `captcha` field. 'interaction-only' keeps it out of sight unless Cloudflare asks the
// visitor to act.
import type { Locale } from '../../lib/locales.ts'
import { CAPTCHA_FIELD } from '../../lib/captcha.ts'
import { loadScript } from './load-script.ts'

interface Turnstile {
  render(container: HTMLElement, options: Record<string, unknown>): string
}

declare global {
  interface Window {
    turnstile?: Turnstile
  }
}

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

export async function renderTurnstile(container: HTMLElement, { siteKey, action, lang }: { siteKey: string; action: string; lang: Locale }) {
  await loadScript(SCRIPT)
  window.turnstile!.render(container, {
    sitekey: siteKey,
    action,
    language: lang,
    appearance: 'interaction-only',
    'response-field-name': CAPTCHA_FIELD,
  })
}
