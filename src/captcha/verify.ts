// The one check every protected form and API call makes (security.md, Captcha: sign-up,
// login-2, forgot-password and contact): `verifyCaptcha(c, captcha, action)`.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { type CaptchaAction, parseQuestionValue } from '../../lib/captcha.ts'
import { spendCaptchaSolution } from '../db/captcha-solutions.ts'
import { settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'
import { verifyAltchaPayload, type VerifiedSolution } from './altcha.ts'
import { questionAttempt, verifyAnswer } from './question.ts'
import { verifyWithProvider } from './siteverify.ts'

/** The field error of a refused captcha (`errors.captcha`), for forms and the API alike. */
export const CAPTCHA_REFUSED = msg`Please confirm that you are not a robot.`

/**
 * Longer than any real value (an ALTCHA payload is under 1 KB, provider tokens about 2 KB);
 * anything longer is refused before any work is spent on it.
 */
export const MAX_CAPTCHA_LENGTH = 4096

/**
 * Whether `captcha` (the API's `captcha` field, or `captchaValue(form)`) proves a person is
 * behind this request to `action`. It may be the configured provider's value or the answer
 * to the no-JavaScript question, and works once. Anything malformed is simply false; a
 * wrong or missing setting throws SettingsError, so nothing is let through by mistake.
 */
export async function verifyCaptcha(c: Context<AppEnv>, captcha: unknown, action: CaptchaAction): Promise<boolean> {
  const configured = settings(c.env).captcha
  if (typeof captcha !== 'string' || captcha === '' || captcha.length > MAX_CAPTCHA_LENGTH) return false
  const question = parseQuestionValue(captcha)
  if (question) {
    // Spent whatever the answer, so a bot cannot try the sums one after another.
    const attempt = questionAttempt(question.token)
    return (await spend(c, attempt)) && verifyAnswer(configured.hmacKey, question.token, question.answer)
  }
  if (configured.provider === 'altcha') return spend(c, await verifyAltchaPayload(configured.hmacKey, captcha))
  return verifyWithProvider(c, configured, captcha, action)
}

async function spend(c: Context<AppEnv>, solution: VerifiedSolution | undefined): Promise<boolean> {
  return solution !== undefined && spendCaptchaSolution(c.var.db.sql, solution.signature, solution.expiresAt)
}
