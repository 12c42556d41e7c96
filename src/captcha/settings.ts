// Which captcha protects the forms, and its keys (security.md, Captcha). ALTCHA is the
// default: self-hosted proof of work, no third party. Turnstile and reCAPTCHA v3 are chosen
// by CAPTCHA_PROVIDER and need their site key and secret (README, Configuration).
import { isLocalDevelopment } from '../env.ts'

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'recaptcha'] as const
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number]
export type ThirdPartyProvider = Exclude<CaptchaProvider, 'altcha'>

/**
 * A setting the captcha cannot work without. Thrown, so the request fails with a 500 and a
 * log line that names the setting, rather than letting every submission through.
 */
export class CaptchaConfigError extends Error {
  override readonly name = 'CaptchaConfigError'
}

/** The provider CAPTCHA_PROVIDER names (empty means ALTCHA), or undefined for an unknown name. */
export function captchaProvider(env: Env): CaptchaProvider | undefined {
  const name = (env.CAPTCHA_PROVIDER ?? '').trim().toLowerCase() || 'altcha'
  return CAPTCHA_PROVIDERS.find((provider) => provider === name)
}

/** The configured provider; an unknown name is a configuration error. */
export function requireCaptchaProvider(env: Env): CaptchaProvider {
  const provider = captchaProvider(env)
  if (!provider) throw new CaptchaConfigError(`CAPTCHA_PROVIDER "${env.CAPTCHA_PROVIDER}" is not one of ${CAPTCHA_PROVIDERS.join(', ')}`)
  return provider
}

// Local development and the tests run without secrets; this key signs nothing that matters.
const DEV_HMAC_KEY = 'hadaf-local-development-captcha-key-not-secret'

/** At least 256 bits of key, written as 32 or more characters (openssl rand -base64 32). */
const MIN_HMAC_KEY_LENGTH = 32

/**
 * The key that signs ALTCHA challenges and the no-JavaScript questions. Production must set
 * the secret ALTCHA_HMAC_KEY: without it anyone could sign their own challenges.
 */
export function captchaHmacKey(env: Env): string {
  const key = env.ALTCHA_HMAC_KEY
  if (key && key.length >= MIN_HMAC_KEY_LENGTH) return key
  if (!key && isLocalDevelopment(env)) return DEV_HMAC_KEY
  throw new CaptchaConfigError(
    key ? `ALTCHA_HMAC_KEY must be at least ${MIN_HMAC_KEY_LENGTH} characters` : 'ALTCHA_HMAC_KEY is not set (wrangler secret put ALTCHA_HMAC_KEY)',
  )
}

/** The public site key and the secret of Turnstile or reCAPTCHA. */
export function thirdPartyKeys(env: Env, provider: ThirdPartyProvider): { siteKey: string; secret: string } {
  const siteKey = env.CAPTCHA_SITE_KEY
  const secret = env.CAPTCHA_SECRET
  if (!siteKey || !secret) throw new CaptchaConfigError(`CAPTCHA_PROVIDER is ${provider} but CAPTCHA_SITE_KEY or CAPTCHA_SECRET is not set`)
  return { siteKey, secret }
}
