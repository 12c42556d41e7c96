// The captcha of visitors without JavaScript, who cannot run the proof of work: a sum of
// two digits, written in the page (issue 4: "Every form works without it"). The answer never
// leaves the worker: the form carries a token that signs the expiry, a nonce and the right
// answer together, so only the right answer reproduces its signature. A token works once
// (the nonce is spent like an ALTCHA solution). A bot that reads the page can answer it;
// what holds such a bot back is the per-IP limit on every protected form (docs/decisions/).
import { randomInt } from 'altcha-lib'
import { normalizeChar } from '../../lib/otp.ts'
import type { VerifiedSolution } from './altcha.ts'
import { hmacHex, timingSafeEqual } from './hmac.ts'

export interface CaptchaQuestion {
  /** "What is {a} + {b}?", both from 1 to 9. */
  a: number
  b: number
  /** `{expires}.{nonce}.{signature}`: posted back with the answer. */
  token: string
}

/** Long enough to write a message while the question waits on the page. */
export const QUESTION_TTL_SECONDS = 30 * 60

const TOKEN = /^(\d{1,12})\.([0-9a-f]{32})\.([0-9a-f]{64})$/

function sign(key: string, expiresAt: number, nonce: string, answer: string): Promise<string> {
  return hmacHex(key, `question|${expiresAt}|${nonce}|${answer}`)
}

export async function issueQuestion(key: string, ttlSeconds = QUESTION_TTL_SECONDS): Promise<CaptchaQuestion> {
  const a = randomInt(9)
  const b = randomInt(9)
  const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
  return { a, b, token: `${expiresAt}.${nonce}.${await sign(key, expiresAt, nonce, String(a + b))}` }
}

/**
 * The answer as the signature has it: digits only, Arabic-Indic digits read as Latin ones
 * (an Arabic keyboard types those), surrounding spaces and leading zeros ignored.
 */
export function normalizeAnswer(answer: string): string | undefined {
  const digits = Array.from(answer.trim(), normalizeChar).join('')
  return /^\d{1,3}$/.test(digits) ? String(Number(digits)) : undefined
}

/**
 * A question's token as it was posted: well formed and unexpired, with the name it is spent
 * under. Whether it is ours shows only with the right answer (its signature covers the
 * answer), so a token is spent before the answer is judged: one guess per question.
 */
export function questionAttempt(token: string): VerifiedSolution | undefined {
  const [, expires = '', nonce = ''] = TOKEN.exec(token) ?? []
  const expiresAt = Number(expires)
  const now = Date.now() / 1000
  // No later than a question we could have issued, so a forged expiry keeps no row for long.
  if (!nonce || expiresAt < now || expiresAt > now + QUESTION_TTL_SECONDS) return undefined
  return { signature: `question:${nonce}`, expiresAt }
}

/** The token is ours, unexpired, and `answer` is its sum. */
export async function verifyAnswer(key: string, token: string, answer: string): Promise<boolean> {
  const attempt = questionAttempt(token)
  const [, , , signature = ''] = TOKEN.exec(token) ?? []
  const normalized = normalizeAnswer(answer)
  if (!attempt || !normalized) return false
  return timingSafeEqual(await sign(key, attempt.expiresAt, attempt.signature.slice('question:'.length), normalized), signature)
}
