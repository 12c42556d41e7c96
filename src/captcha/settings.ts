// Which captcha protects the forms (security.md, Captcha), as src/settings.ts reads it. ALTCHA
// is the default: self-hosted proof of work, no third party. Turnstile and reCAPTCHA v3 are
// chosen by CAPTCHA_PROVIDER and need their site key and secret (README, Configuration).
import { type CaptchaProvider, settingOr, settings } from '../settings.ts'

/** The provider CAPTCHA_PROVIDER names, or undefined for an unknown name: every page's CSP reads it. */
export function captchaProvider(env: Env): CaptchaProvider | undefined {
  return settingOr(env, 'captchaProvider', () => undefined)
}

/** The configured provider; an unknown name throws SettingsError. */
export function requireCaptchaProvider(env: Env): CaptchaProvider {
  return settings(env).captchaProvider
}

/**
 * The key that signs ALTCHA challenges and the no-JavaScript questions. Production must set
 * the secret ALTCHA_HMAC_KEY: without it anyone could sign their own challenges.
 */
export function captchaHmacKey(env: Env): string {
  return settings(env).captcha.hmacKey
}
