// The code step a visitor is in (the spec's `isOtpSent`), carried between pages in the
// HttpOnly `pending` cookie: the pending token never reaches the page (security.md,
// Cookies), and the step survives a reload or a switch of language.
import type { Context } from 'hono'
import * as v from 'valibot'
import { clearPendingCookie, readPendingCookie, setPendingCookie } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'

/** Which call finishes the step: check-otp (sign-up, unverified or code sign-in) or reset-password. */
export type StepFlow = 'sign-in' | 'reset'

/** docs/auth-api.md, "A pending step": the product's defaults when an API leaves them out. */
export const DEFAULT_OTP_LENGTH = 6
export const DEFAULT_RESEND_AFTER = 60

/** Longer `next` paths are dropped rather than risk a cookie over the browsers' 4 KB. */
const MAX_NEXT_LENGTH = 512

/** An opaque bearer token: the built-in API's are 43 base64url characters. */
const TOKEN = /^[\w-]{16,512}$/

const PendingStepSchema = v.object({
  flow: v.picklist(['sign-in', 'reset']),
  token: v.pipe(v.string(), v.regex(TOKEN)),
  /** Digits in the code (the API's otp_length). */
  length: v.pipe(v.number(), v.integer(), v.minValue(4), v.maxValue(12)),
  /** Where the code went, when the visitor typed an address; a mobile sign-in does not say. */
  email: v.optional(v.pipe(v.string(), v.maxLength(254))),
  /** When the last code left (epoch seconds) and how long until another may be asked for. */
  sentAt: v.number(),
  resendAfter: v.pipe(v.number(), v.minValue(0)),
  /** Where to go once signed in. */
  next: v.optional(v.pipe(v.string(), v.maxLength(MAX_NEXT_LENGTH))),
})

export type PendingStep = v.InferOutput<typeof PendingStepSchema>

/** What an API answers when it starts a step. */
export const StepStart = v.object({
  access_token: v.pipe(v.string(), v.regex(TOKEN)),
  otp_length: v.optional(v.pipe(v.number(), v.integer(), v.minValue(4), v.maxValue(12))),
  resend_after: v.optional(v.pipe(v.number(), v.minValue(0))),
})

const nowInSeconds = () => Math.floor(Date.now() / 1000)

export function newStep(flow: StepFlow, data: v.InferOutput<typeof StepStart>, where: { email?: string; next?: string }): PendingStep {
  return {
    flow,
    token: data.access_token,
    length: data.otp_length ?? DEFAULT_OTP_LENGTH,
    email: where.email,
    sentAt: nowInSeconds(),
    resendAfter: data.resend_after ?? DEFAULT_RESEND_AFTER,
    next: where.next && where.next.length <= MAX_NEXT_LENGTH ? where.next : undefined,
  }
}

export function savePendingStep(c: Context<AppEnv>, step: PendingStep): void {
  setPendingCookie(c, JSON.stringify(step))
}

/** The step in the cookie, or undefined when there is none or it was tampered with. */
export function readPendingStep(c: Context<AppEnv>): PendingStep | undefined {
  const raw = readPendingCookie(c)
  if (!raw) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  const result = v.safeParse(PendingStepSchema, parsed)
  return result.success ? result.output : undefined
}

export function endPendingStep(c: Context<AppEnv>): void {
  clearPendingCookie(c)
}

/** When a step's last code left (epoch seconds) and how long until another may be asked for. */
interface CodeTiming {
  sentAt: number
  resendAfter: number
}

/** Seconds until a new code may be asked for (0 when it may be now). */
export function resendWait(step: CodeTiming): number {
  return Math.max(0, step.sentAt + step.resendAfter - nowInSeconds())
}

/** The same step after a new code left; `resendAfter` is the API's, when it gave one. */
export function codeResent<S extends CodeTiming>(step: S, resendAfter?: number): S {
  return { ...step, sentAt: nowInSeconds(), resendAfter: resendAfter ?? DEFAULT_RESEND_AFTER }
}
