// One-time codes (security.md, One-time codes): from the CSPRNG, bound to a purpose and to
// a pending token (or, for a change of email, to the session that asked), alive 10 minutes,
// void after 5 wrong attempts, resent at most once a minute and 5 times an hour per address.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import type postgres from 'postgres'
import { ApiError } from '../http/envelope.ts'
import {
  type ChallengeKey,
  type ChallengeRow,
  consumeChallenge,
  countFailedAttempt,
  insertChallenge,
  lockChallenge,
  type Purpose,
  recentSends,
  replaceCode,
  type SignUpDetails,
} from '../db/challenges.ts'
import { siteOrigin } from '../mail/site-url.ts'
import { requestClient, tooManyRequests } from '../security/rate-limit.ts'
import { settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'
import { sendCodeMail } from './notify.ts'
import { generateSessionToken, hashSessionToken } from './session-token.ts'
import { isKnownClient } from './throttle.ts'

export const MAX_CODE_ATTEMPTS = 5
export const RESEND_COOLDOWN_SECONDS = 60
/** Codes one client may have sent to one address in an hour (security.md, Resending). */
export const MAX_SENDS_PER_HOUR = 5
/** Codes to one address in an hour from every client together, past which only its known clients get more (decision 059). */
export const MAX_SENDS_PER_HOUR_ALL_CLIENTS = 20

/** Digits in a code: the OTP_LENGTH setting, 6 to 9, 6 by default (src/settings.ts). */
export function otpLength(env: Env): number {
  return settings(env).otpLength
}

/** `length` uniformly random digits: rejection sampling keeps every code equally likely. */
export function generateCode(length: number): string {
  const range = 10 ** length
  const limit = Math.floor(0x1_0000_0000 / range) * range
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1))
    if (value! < limit) return String(value! % range).padStart(length, '0')
  }
}

/** The code is hashed with its challenge's id, so equal codes of two steps differ in the table. */
async function hashCode(challengeId: string, code: string): Promise<Uint8Array> {
  return hashSessionToken(`${challengeId}:${code}`)
}

/** What a call that starts a code step answers (docs/auth-api.md, "A pending step"). */
export interface PendingStep {
  access_token?: string
  otp_sent: true
  otp_length: number
  resend_after: number
}

function pendingStep(c: Context<AppEnv>, token: string | null): PendingStep {
  const step: PendingStep = { otp_sent: true, otp_length: otpLength(c.env), resend_after: RESEND_COOLDOWN_SECONDS }
  return token ? { access_token: token, ...step } : step
}

/**
 * 429 once this client has had its codes for the address this hour, or once every client
 * together has, unless this one is a client the account signed in from: a stranger's
 * requests never spend the owner's own codes.
 */
async function guardSendCap(sql: postgres.ISql, to: { email: string; userId: string | null }, client: string): Promise<void> {
  const sends = await recentSends(sql, to.email, client)
  if (sends.fromClient.count >= MAX_SENDS_PER_HOUR) throw tooManyRequests(sends.fromClient.secondsUntilFree)
  if (sends.all.count >= MAX_SENDS_PER_HOUR_ALL_CLIENTS && !(await isKnownClient(sql, to.userId, client))) {
    throw tooManyRequests(sends.all.secondsUntilFree)
  }
}

/**
 * Starts a code step. `userId` null means the address has no account: the step looks the
 * same to the caller, but no mail leaves and no code can ever match. `signUp` is what a
 * sign-up typed: the step keeps it, and only this step's code applies it (decision 058).
 */
export async function beginChallenge(
  c: Context<AppEnv>,
  step: { purpose: Purpose; userId: string | null; email: string; sessionId?: string; signUp?: SignUpDetails },
): Promise<PendingStep> {
  // Before anything is written: a deployment without SITE_URL fails whole, known address or not.
  const origin = siteOrigin(c)
  const client = requestClient(c)
  await guardSendCap(c.var.db.sql, step, client)
  const id = crypto.randomUUID()
  const code = generateCode(otpLength(c.env))
  const token = step.purpose === 'change_email' ? null : generateSessionToken()
  await insertChallenge(c.var.db.sql, {
    id,
    purpose: step.purpose,
    tokenHash: token ? await hashSessionToken(token) : null,
    sessionId: step.sessionId ?? null,
    userId: step.userId,
    email: step.email,
    codeHash: await hashCode(id, code),
    client,
    signUp: step.userId ? step.signUp : undefined,
  })
  if (step.userId) sendCodeMail(c, { purpose: step.purpose, email: step.email, code, origin })
  return pendingStep(c, token)
}

const STEP_EXPIRED = msg`This step has expired. Please start again.`
const CODE_VOID = msg`This code is no longer valid. Please ask for a new one.`

/** A new code for the same step, once the cooldown and the hourly cap allow it. */
export async function resendCode(c: Context<AppEnv>, key: ChallengeKey, purposes: readonly Purpose[]): Promise<PendingStep> {
  const origin = siteOrigin(c)
  const client = requestClient(c)
  const resent = await c.var.db.sql.begin(async (tx) => {
    const row = await lockChallenge(tx, key, purposes)
    if (!row) throw new ApiError(401, STEP_EXPIRED)
    if (row.sinceSent < RESEND_COOLDOWN_SECONDS) throw tooManyRequests(RESEND_COOLDOWN_SECONDS - row.sinceSent)
    await guardSendCap(tx, row, client)
    const code = generateCode(otpLength(c.env))
    await replaceCode(tx, row.id, { email: row.email, client }, await hashCode(row.id, code))
    return { row, code }
  })
  const { row, code } = resent
  if (row.userId) sendCodeMail(c, { purpose: row.purpose, email: row.email, code, origin })
  return pendingStep(c, null)
}

type Outcome<T> = { kind: 'missing' } | { kind: 'void' } | { kind: 'wrong'; remaining: number } | { kind: 'done'; value: T }

/**
 * Checks a code and, when it matches, consumes it and runs `act` in the same transaction,
 * so a code works once and its effect is never half-written. A wrong attempt is counted
 * (and committed) before the 422 answer.
 */
export async function completeChallenge<T>(
  c: Context<AppEnv>,
  key: ChallengeKey,
  purposes: readonly Purpose[],
  code: string,
  act: (tx: postgres.TransactionSql, challenge: ChallengeRow & { userId: string }) => Promise<T>,
): Promise<T> {
  const outcome = (await c.var.db.sql.begin(async (tx): Promise<Outcome<T>> => {
    const row = await lockChallenge(tx, key, purposes)
    if (!row) return { kind: 'missing' }
    if (row.codeExpired || row.attempts >= MAX_CODE_ATTEMPTS) return { kind: 'void' }
    const matches = row.userId !== null && equalBytes(await hashCode(row.id, code), row.codeHash)
    if (!matches || row.userId === null) {
      await countFailedAttempt(tx, row.id)
      return { kind: 'wrong', remaining: MAX_CODE_ATTEMPTS - row.attempts - 1 }
    }
    await consumeChallenge(tx, row.id)
    return { kind: 'done', value: await act(tx, { ...row, userId: row.userId }) }
  })) as Outcome<T>
  switch (outcome.kind) {
    case 'missing':
      throw new ApiError(401, STEP_EXPIRED)
    case 'void':
      throw new ApiError(410, CODE_VOID)
    case 'wrong':
      throw wrongCode(c, outcome.remaining)
    case 'done':
      return outcome.value
  }
}

function wrongCode(c: Context<AppEnv>, remaining: number): ApiError {
  const { i18n } = c.var
  const text =
    remaining > 0
      ? i18n._(msg`The code is incorrect. Attempts remaining: ${remaining}.`)
      : i18n._(msg`The code is incorrect, and it can no longer be used. Please ask for a new one.`)
  return new ApiError(422, msg`The code is incorrect.`, { errors: { code: text } })
}

/** Compares two hashes without stopping at the first difference. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}
