// A change of email waiting for its code, as the profile page remembers it between pages:
// the new address (to say where the code went) and when the code left (for the resend
// countdown), in an HttpOnly cookie. It holds no token: the API binds the code to the
// session (docs/auth-api.md), so a forged cookie can only change what the page shows.
import type { Context } from 'hono'
import * as v from 'valibot'
import { clearEmailStepCookie, readEmailStepCookie, setEmailStepCookie } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'
import { EMAIL_MAX } from '../validation/fields.ts'
import { codeResent, DEFAULT_OTP_LENGTH } from './pending-step.ts'

const EmailStepSchema = v.object({
  email: v.pipe(v.string(), v.maxLength(EMAIL_MAX)),
  /** Digits in the code (the API's otp_length). */
  length: v.pipe(v.number(), v.integer(), v.minValue(4), v.maxValue(12)),
  sentAt: v.number(),
  resendAfter: v.pipe(v.number(), v.minValue(0)),
})

export type EmailStep = v.InferOutput<typeof EmailStepSchema>

/** What the API answers when it sends a code (POST profile/email, profile/email/resend). */
export const CodeSent = v.object({
  otp_length: v.optional(v.pipe(v.number(), v.integer(), v.minValue(4), v.maxValue(12))),
  resend_after: v.optional(v.pipe(v.number(), v.minValue(0))),
})

/** A code has just left for `email`. */
export function startEmailStep(c: Context<AppEnv>, email: string, sent: v.InferOutput<typeof CodeSent>): void {
  saveEmailStep(c, codeResent({ email, length: sent.otp_length ?? DEFAULT_OTP_LENGTH, sentAt: 0, resendAfter: 0 }, sent.resend_after))
}

export function saveEmailStep(c: Context<AppEnv>, step: EmailStep): void {
  setEmailStepCookie(c, JSON.stringify(step))
}

/** The step in the cookie, or undefined when there is none or it does not read. */
export function readEmailStep(c: Context<AppEnv>): EmailStep | undefined {
  const raw = readEmailStepCookie(c)
  if (!raw) return undefined
  try {
    const result = v.safeParse(EmailStepSchema, JSON.parse(raw))
    return result.success ? result.output : undefined
  } catch {
    return undefined
  }
}

export function endEmailStep(c: Context<AppEnv>): void {
  clearEmailStepCookie(c)
}
