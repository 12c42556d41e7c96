// Turnstile and reCAPTCHA v3: the browser gets a token from the provider's script, and the
// worker asks the provider's siteverify whether it is good. CAPTCHA_VERIFY_URL replaces the
// provider's address, so tests answer from a local stand-in. Providers refuse a token's
// second use themselves.
import type { Context } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../types.ts'
import type { CaptchaAction } from '../../lib/captcha.ts'
import type { ThirdPartyCaptchaSettings, ThirdPartyProvider } from '../settings.ts'

const SITEVERIFY_URL: Record<ThirdPartyProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
}

/** reCAPTCHA v3 scores from 0 (a bot) to 1 (a person); Google suggests 0.5 to start with. */
export const RECAPTCHA_MIN_SCORE = 0.5

/** A form should not hang on the provider: past this, the check fails. */
const SITEVERIFY_TIMEOUT_MS = 5000

const Answer = v.object({
  success: v.boolean(),
  action: v.optional(v.string()),
  score: v.optional(v.number()),
})

/**
 * Whether the provider vouches for `token` on this form. Both widgets are rendered with the
 * form's action, and both providers report it back, so a token earned on another form is
 * refused; reCAPTCHA's score must also reach RECAPTCHA_MIN_SCORE.
 */
export async function verifyWithProvider(
  c: Context<AppEnv>,
  { provider, secret, verifyUrl }: ThirdPartyCaptchaSettings,
  token: string,
  action: CaptchaAction,
): Promise<boolean> {
  const form = new URLSearchParams({ secret, response: token })
  const ip = c.req.header('cf-connecting-ip')
  if (ip) form.set('remoteip', ip)
  let answer: v.InferOutput<typeof Answer>
  try {
    const res = await fetch(verifyUrl ?? SITEVERIFY_URL[provider], {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    })
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`)
    answer = v.parse(Answer, await res.json())
  } catch (error) {
    // Fail closed, and loudly: while the provider is away, protected forms refuse posts.
    console.error(JSON.stringify({ id: c.var.requestId, captcha: provider, error: String(error) }))
    return false
  }
  if (!answer.success || answer.action !== action) return false
  return provider === 'turnstile' || (answer.score ?? 0) >= RECAPTCHA_MIN_SCORE
}
