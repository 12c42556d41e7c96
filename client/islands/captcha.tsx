// The captcha widget of a protected form (src/captcha/captcha-field.tsx renders it, with the
// question for visitors without JavaScript beside it). Each provider's code is its own chunk,
// fetched once the island hydrates, so a page pays only for the provider it uses. Effects
// never run in the worker; the import.meta.env.SSR tests tell the bundler so, and the worker
// build leaves those browser-only chunks out.
import { useEffect, useRef } from 'react'
// The JSX type of <altcha-widget>.
import type {} from 'altcha/types/react'
import type { Locale } from '../../lib/locales.ts'
import { CAPTCHA_FIELD, type CaptchaAction } from '../../lib/captcha.ts'

export type CaptchaWidgetProps =
  | { provider: 'altcha'; challengeUrl: string }
  | { provider: 'turnstile' | 'recaptcha'; siteKey: string; action: CaptchaAction; lang: Locale }

export default function Captcha(props: CaptchaWidgetProps) {
  switch (props.provider) {
    case 'altcha':
      return <AltchaWidget challengeUrl={props.challengeUrl} />
    case 'turnstile':
      return <TurnstileWidget {...props} />
    case 'recaptcha':
      return <RecaptchaWidget {...props} />
  }
}

/**
 * Invisible: nothing to click. When the visitor submits, the widget holds the submission,
 * fetches a challenge, solves it in workers and submits again with the solution in the
 * `captcha` field. Solving at submit time means a long message never outlives its challenge.
 */
function AltchaWidget({ challengeUrl }: { challengeUrl: string }) {
  const widget = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!import.meta.env.SSR) void import('../captcha/altcha.ts').then(({ submitOnError }) => submitOnError(widget.current!))
  }, [])
  return (
    <altcha-widget
      ref={widget}
      challenge={challengeUrl}
      name={CAPTCHA_FIELD}
      auto="onsubmit"
      display="invisible"
      configuration={JSON.stringify(ALTCHA_CONFIGURATION)}
    />
  )
}

const ALTCHA_CONFIGURATION = {
  // Pointer and scroll traces are for ALTCHA's hosted service, which this site does not use.
  humanInteractionSignature: false,
  // The widget would otherwise pad a quick solve to half a second; nobody sees it anyway.
  minDuration: 0,
}

type ProviderProps = { siteKey: string; action: CaptchaAction; lang: Locale }

/** Turnstile shows itself only if Cloudflare wants an interaction; its token goes into `captcha`. */
function TurnstileWidget({ siteKey, action, lang }: ProviderProps) {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!import.meta.env.SSR) void import('../captcha/turnstile.ts').then(({ renderTurnstile }) => renderTurnstile(container.current!, { siteKey, action, lang }))
  }, [siteKey, action, lang])
  return <div ref={container} className="captcha-turnstile" />
}

/** reCAPTCHA v3 has no widget in the form: its badge sits at the bottom right (spec §9). */
function RecaptchaWidget({ siteKey, action, lang }: ProviderProps) {
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!import.meta.env.SSR) void import('../captcha/recaptcha.ts').then(({ protectForm }) => protectForm(field.current!, { siteKey, action, lang }))
  }, [siteKey, action, lang])
  return <input ref={field} type="hidden" name={CAPTCHA_FIELD} />
}
