// What the captcha adds to the Content Security Policy. security.md: "Allow only the media
// and identity hosts that are actually configured", so a provider's hosts appear only while
// it is the configured one. ALTCHA is served from this site and adds nothing.
import type { CaptchaProvider } from '../settings.ts'
import { captchaProvider } from './settings.ts'

export type CaptchaDirective = 'script-src' | 'frame-src' | 'connect-src'

const SOURCES: Record<CaptchaProvider, Partial<Record<CaptchaDirective, string[]>>> = {
  altcha: {},
  // Cloudflare's Turnstile CSP guidance: script, challenge frame and its calls on one host.
  turnstile: {
    'script-src': ['https://challenges.cloudflare.com'],
    'frame-src': ['https://challenges.cloudflare.com'],
    'connect-src': ['https://challenges.cloudflare.com'],
  },
  // Google's reCAPTCHA CSP guidance: its script and frames live under /recaptcha/ on these hosts.
  recaptcha: {
    'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    'connect-src': ['https://www.google.com/recaptcha/'],
  },
}

/** The sources the configured captcha needs in `directive`; none for an unknown provider. */
export function captchaSources(env: Env, directive: CaptchaDirective): string[] {
  const provider = captchaProvider(env)
  return (provider && SOURCES[provider][directive]) || []
}
