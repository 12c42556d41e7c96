// reCAPTCHA v3: no challenge to solve, a score for each action. Its tokens live two
// minutes, so one is asked for when the visitor submits, not when the page opens.
import type { Locale } from '../../lib/locales.ts'
import { loadScript } from './load-script.ts'

interface Grecaptcha {
  ready(callback: () => void): void
  execute(siteKey: string, options: { action: string }): Promise<string>
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha
  }
}

/** Holds each submission of `field`'s form until `field` carries a fresh token. */
export async function protectForm(field: HTMLInputElement, { siteKey, action, lang }: { siteKey: string; action: string; lang: Locale }) {
  const form = field.form!
  // The script renders Google's badge, fixed at the bottom right of the page (spec §9).
  const ready = loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=${lang}`).then(
    () => new Promise<Grecaptcha>((resolve) => window.grecaptcha!.ready(() => resolve(window.grecaptcha!))),
  )
  form.addEventListener(
    'submit',
    (event) => {
      if (field.value) return
      event.preventDefault()
      void ready
        .then((grecaptcha) => grecaptcha.execute(siteKey, { action }))
        .then((token) => {
          field.value = token
          form.requestSubmit(event.submitter)
        })
    },
    { capture: true },
  )
}
