// The sign-in API (docs/auth-api.md): spec §7's login-2, check-otp, resend-otp, me and
// social-login, plus register, logout, forgot-password and reset-password. Each handler
// limits the caller, validates, then acts; answers never tell whether an address has an
// account (security.md, Anti-automation and enumeration).
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type postgres from 'postgres'
import * as v from 'valibot'
import { beginChallenge, completeChallenge, otpLength, resendCode } from '../auth/challenges.ts'
import { isCommonPassword } from '../auth/common-passwords.ts'
import { sendAccountExistsMail, sendPasswordChangedMail } from '../auth/notify.ts'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { proveAddress } from '../auth/prove-address.ts'
import { startSession } from '../auth/sessions.ts'
import { socialDisplayName } from '../auth/social/name.ts'
import {
  assertNotThrottled,
  assertUnderCeiling,
  clearFailures,
  isKnownClient,
  recordFailure,
  throttleKey,
} from '../auth/throttle.ts'
import type { CaptchaAction } from '../../lib/captcha.ts'
import { CAPTCHA_REFUSED, verifyCaptcha } from '../captcha/verify.ts'
import { countFailure } from '../db/auth-throttle.ts'
import { latestSignUp } from '../db/challenges.ts'
import { setPassword } from '../db/profile.ts'
import { revokeSession, revokeUserSessions } from '../db/sessions.ts'
import { findAccount, loadUser, mobileTaken, unverifiedAccountFor, type UserPayload, userPayload } from '../db/users.ts'
import { privateNoStore } from '../middleware/private.ts'
import { rateLimit, requestClient } from '../security/rate-limit.ts'
import type { AppEnv } from '../types.ts'
import { CurrentPassword, Email, Mobile, Name, newPassword, OtpCode } from '../validation/fields.ts'
import { ApiError, invalidField, ok } from '../http/envelope.ts'
import { caller, pendingStep, pendingStepRequired, sessionRequired } from './guards.ts'
import { jsonBody, jsonLimit } from './input.ts'

export const authentication = new Hono<AppEnv>()

// Every call here takes a small JSON body; a larger one is refused before it is read.
authentication.use(jsonLimit)

const INVALID_CREDENTIALS = msg`Invalid credentials`
const SIGNED_IN = msg`Signed in successfully.`
const CODE_SENT = msg`We have sent a code to your email.`

// Judged by the captcha check, which names its own field error.
const Captcha = v.optional(v.unknown(), '')

const Password = newPassword(isCommonPassword)

/** A verified captcha or a 422 on the captcha field (security.md: the server verifies it). */
async function requireCaptcha(c: Context<AppEnv>, value: unknown, action: CaptchaAction): Promise<void> {
  if (!(await verifyCaptcha(c, value, action))) {
    throw invalidField(c, 'captcha', CAPTCHA_REFUSED)
  }
}

/**
 * A session for the user, and the answer login-2, check-otp and social-login share. `sql`
 * is the transaction the sign-in belongs to, if any: the session is written with it.
 */
export async function signedIn(c: Context<AppEnv>, user: UserPayload, tokenField: 'access_token' | 'token', sql: postgres.ISql = c.var.db.sql) {
  const token = await startSession(c, user.id, sql)
  return ok(c, SIGNED_IN, { [tokenField]: token, ...userPayload(user) })
}

// A hash to check against when the account is missing or has no password, so a failed
// sign-in costs the same time either way (security.md: "similar timing").
let decoyHash: Promise<string> | undefined
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID())
  return decoyHash
}

// Absent fields default to '' so they fail as "required", not as a type error.
const RegisterBody = v.object({
  name: v.optional(Name, ''),
  email: v.optional(Email, ''),
  password: v.optional(Password, ''),
  mobile: v.optional(v.union([v.literal(''), Mobile], 'mobile'), ''),
  captcha: Captcha,
})

authentication.post('/register', rateLimit('sign-up'), jsonBody(RegisterBody), async (c) => {
  const body = c.req.valid('json')
  await requireCaptcha(c, body.captcha, 'signup')
  const sql = c.var.db.sql
  const mobile = body.mobile || null
  if (mobile && (await mobileTaken(sql, mobile))) {
    throw invalidField(c, 'mobile', msg`This mobile number belongs to another account.`)
  }
  const passwordHash = await hashPassword(body.password)
  const existing = await findAccount(sql, { email: body.email })
  if (existing?.verified) {
    // Answer as for a new account and tell the owner instead (security.md, enumeration).
    sendAccountExistsMail(c, existing)
    return ok(c, CODE_SENT, await beginChallenge(c, { purpose: 'verify_email', userId: null, email: body.email }))
  }
  // An unverified account is nobody's yet, and holds nothing anyone typed: the details wait
  // in this step, and only its code applies them (decision 058). Whoever proves the address
  // first gets the account with their own details; another sign-up in between changes nothing.
  const userId = await unverifiedAccountFor(sql, body.email, socialDisplayName({}, body.email), c.var.lang)
  const signUp = { name: body.name, passwordHash, mobile, lang: c.var.lang }
  return ok(c, CODE_SENT, await beginChallenge(c, { purpose: 'verify_email', userId, email: body.email, signUp }))
})

const LoginBody = v.object({
  email: v.optional(v.union([v.literal(''), Email], 'email'), ''),
  mobile: v.optional(v.union([v.literal(''), Mobile], 'mobile'), ''),
  password: v.optional(v.union([v.literal(''), CurrentPassword]), ''),
  captcha: Captcha,
})

authentication.post('/login-2', rateLimit('sign-in'), jsonBody(LoginBody), async (c) => {
  const body = c.req.valid('json')
  if (!body.email && !body.mobile) {
    throw invalidField(c, 'email', msg`Please enter your email address or mobile number.`)
  }
  await requireCaptcha(c, body.captcha, 'login')
  const sql = c.var.db.sql
  const identifier = body.email || body.mobile
  const account = await findAccount(sql, body.email ? { email: body.email } : { mobile: body.mobile })

  if (!body.password) {
    // Sign-in with a one-time code: the same answer whether or not the account exists.
    const email = account?.email ?? identifier
    return ok(c, CODE_SENT, await beginChallenge(c, { purpose: 'sign_in', userId: account?.id ?? null, email }))
  }

  // Failures count per account and client, and per account from all clients (decision 059).
  const client = requestClient(c)
  const clientKey = throttleKey('sign-in', identifier, client)
  const accountKey = throttleKey('sign-in', identifier)
  await assertNotThrottled(sql, clientKey)
  await assertUnderCeiling(sql, accountKey, await isKnownClient(sql, account?.id ?? null, client))
  // An unverified account holds no password: its newest sign-up's is the one to check.
  const signUp = account && !account.verified ? await latestSignUp(sql, account.id) : null
  const passwordHash = account?.verified ? account.passwordHash : signUp?.passwordHash
  const valid = await verifyPassword(body.password, passwordHash ?? (await decoy()))
  if (!account || !passwordHash || !valid) {
    await recordFailure(sql, clientKey)
    await countFailure(sql, accountKey)
    throw new ApiError(401, INVALID_CREDENTIALS)
  }
  await clearFailures(sql, clientKey)
  if (signUp) {
    // The sign-up's details go on with the new code step, to be applied by its code.
    return ok(c, CODE_SENT, await beginChallenge(c, { purpose: 'verify_email', userId: account.id, email: account.email, signUp }))
  }
  return signedIn(c, account, 'access_token')
})

/** A code, of the length the site's settings give codes. */
export const CodeBody = (env: Env) => v.object({ code: v.optional(OtpCode(otpLength(env)), '') })

authentication.post('/check-otp', rateLimit('code'), pendingStepRequired, jsonBody(CodeBody), async (c) => {
  const key = pendingStep(c)
  const body = c.req.valid('json')
  // The code, the proof of the address and the session are one transaction: either the code
  // is spent and a session given, or neither.
  return completeChallenge(c, key, ['verify_email', 'sign_in'], body.code, async (tx, challenge) => {
    // The code came to the address, which proves the address; a sign-up's code also proves
    // the details that sign-up typed, and no other code does.
    await proveAddress(tx, challenge.userId, challenge.signUp ?? {})
    const user = await loadUser(tx, challenge.userId)
    if (!user) throw new ApiError(401, msg`This step has expired. Please start again.`)
    return signedIn(c, user, 'token', tx)
  })
})

authentication.post('/resend-otp', rateLimit('code'), pendingStepRequired, async (c) => {
  return ok(c, msg`A new code is on its way.`, await resendCode(c, pendingStep(c), ['verify_email', 'sign_in', 'reset_password']))
})

authentication.get('/me', privateNoStore, sessionRequired, async (c) => {
  return ok(c, msg`OK`, userPayload(caller(c)))
})

authentication.post('/logout', sessionRequired, async (c) => {
  await revokeSession(c.var.db.sql, caller(c).sessionId)
  return ok(c, msg`You have signed out.`)
})

const ForgotPasswordBody = v.object({ email: v.optional(Email, ''), captcha: Captcha })

authentication.post('/forgot-password', rateLimit('reset'), jsonBody(ForgotPasswordBody), async (c) => {
  const body = c.req.valid('json')
  await requireCaptcha(c, body.captcha, 'forgot_password')
  const account = await findAccount(c.var.db.sql, { email: body.email })
  const step = await beginChallenge(c, { purpose: 'reset_password', userId: account?.id ?? null, email: account?.email ?? body.email })
  return ok(c, msg`If an account uses this address, we have sent it a code.`, step)
})

const ResetPasswordBody = (env: Env) => v.object({ code: v.optional(OtpCode(otpLength(env)), ''), password: v.optional(Password, '') })

authentication.post('/reset-password', rateLimit('code'), pendingStepRequired, jsonBody(ResetPasswordBody), async (c) => {
  const body = c.req.valid('json')
  const userId = await completeChallenge(c, pendingStep(c), ['reset_password'], body.code, async (tx, challenge) => {
    // The code proves the address; of an unverified account's details only the new password stays.
    await proveAddress(tx, challenge.userId, {})
    await setPassword(tx, challenge.userId, await hashPassword(body.password))
    // A new password ends every session (security.md, ASVS 7.4).
    await revokeUserSessions(tx, challenge.userId)
    await clearFailures(tx, throttleKey('sign-in', challenge.email), throttleKey('sign-in', challenge.email, requestClient(c)))
    return challenge.userId
  })
  const user = await loadUser(c.var.db.sql, userId)
  if (user) sendPasswordChangedMail(c, user)
  return ok(c, msg`Your password has been changed. Please sign in with it.`)
})
