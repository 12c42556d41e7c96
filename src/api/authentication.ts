// The sign-in API (docs/auth-api.md): spec §7's login-2, check-otp, resend-otp, me and
// social-login, plus register, logout, forgot-password and reset-password. Each handler
// limits the caller, validates, then acts; answers never tell whether an address has an
// account (security.md, Anti-automation and enumeration).
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as v from 'valibot'
import { beginChallenge, completeChallenge, otpLength, resendCode } from '../auth/challenges.ts'
import { isCommonPassword } from '../auth/common-passwords.ts'
import { sendAccountExistsMail, sendPasswordChangedMail } from '../auth/notify.ts'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { hashSessionToken } from '../auth/session-token.ts'
import { startSession } from '../auth/sessions.ts'
import { assertNotThrottled, clearFailures, recordFailure, throttleKey } from '../auth/throttle.ts'
import type { CaptchaAction } from '../../lib/captcha.ts'
import { CAPTCHA_REFUSED, verifyCaptcha } from '../captcha/verify.ts'
import { findSessionUser, revokeSession, revokeUserSessions } from '../db/sessions.ts'
import { findAccount, loadUser, mobileTaken, type Role, type UserPayload, userPayload } from '../db/users.ts'
import { limitPerIp } from '../security/rate-limit.ts'
import type { AppEnv } from '../types.ts'
import { CurrentPassword, Email, Mobile, Name, newPassword, OtpCode } from '../validation/fields.ts'
import { ApiError, invalidField, ok } from './envelope.ts'
import { bearerToken, jsonLimit, readJson } from './input.ts'

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

/** A session for the user, and the answer login-2, check-otp and social-login share. */
export async function signedIn(c: Context<AppEnv>, user: UserPayload, tokenField: 'access_token' | 'token') {
  const token = await startSession(c, user.id)
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

authentication.post('/register', async (c) => {
  await limitPerIp(c, 'sign-up')
  const body = await readJson(c, RegisterBody)
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
  // An unverified account is nobody's yet: whoever proves the address with the code gets it,
  // with the details typed last (this defeats pre-registering someone else's address).
  const [user] = await sql<{ id: string }[]>`
    insert into users (email, name, password_hash, mobile, lang)
    values (${body.email}, ${body.name}, ${passwordHash}, ${mobile}, ${c.var.lang})
    on conflict (lower(email)) do update set
      name = excluded.name, password_hash = excluded.password_hash, mobile = excluded.mobile,
      lang = excluded.lang, updated_at = now()
    where users.email_verified_at is null
    returning id`
  return ok(c, CODE_SENT, await beginChallenge(c, { purpose: 'verify_email', userId: user?.id ?? null, email: body.email }))
})

const LoginBody = v.object({
  email: v.optional(v.union([v.literal(''), Email], 'email'), ''),
  mobile: v.optional(v.union([v.literal(''), Mobile], 'mobile'), ''),
  password: v.optional(v.union([v.literal(''), CurrentPassword]), ''),
  captcha: Captcha,
})

authentication.post('/login-2', async (c) => {
  await limitPerIp(c, 'sign-in')
  const body = await readJson(c, LoginBody)
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

  const key = throttleKey('sign-in', identifier)
  await assertNotThrottled(sql, key)
  const valid = await verifyPassword(body.password, account?.passwordHash ?? (await decoy()))
  if (!account?.passwordHash || !valid) {
    await recordFailure(sql, key)
    throw new ApiError(401, INVALID_CREDENTIALS)
  }
  await clearFailures(sql, key)
  if (!account.verified) {
    return ok(c, CODE_SENT, await beginChallenge(c, { purpose: 'verify_email', userId: account.id, email: account.email }))
  }
  return signedIn(c, account, 'access_token')
})

/** The pending token of a code step, as the bearer; 401 when there is none. */
async function pendingKey(c: Context<AppEnv>) {
  const token = bearerToken(c)
  if (!token) throw new ApiError(401, msg`This step has expired. Please start again.`)
  return { tokenHash: await hashSessionToken(token) }
}

authentication.post('/check-otp', async (c) => {
  await limitPerIp(c, 'code')
  const key = await pendingKey(c)
  const body = await readJson(c, v.object({ code: v.optional(OtpCode(otpLength(c.env)), '') }))
  const account = await completeChallenge(c, key, ['verify_email', 'sign_in'], body.code, async (tx, challenge) => {
    // The code came to the address, which proves the address.
    await tx`update users set email_verified_at = coalesce(email_verified_at, now()) where id = ${challenge.userId}`
    return challenge.userId
  })
  const user = await loadUser(c.var.db.sql, account)
  if (!user) throw new ApiError(401, msg`This step has expired. Please start again.`)
  return signedIn(c, user, 'token')
})

authentication.post('/resend-otp', async (c) => {
  await limitPerIp(c, 'code')
  const key = await pendingKey(c)
  return ok(c, msg`A new code is on its way.`, await resendCode(c, key, ['verify_email', 'sign_in', 'reset_password']))
})

/** The signed-in session of the bearer token, or 401. */
export async function requireSession(c: Context<AppEnv>) {
  const token = bearerToken(c)
  const user = token ? await findSessionUser(c.var.db.sql, await hashSessionToken(token)) : null
  if (!user?.sessionId) throw new ApiError(401, msg`Please sign in.`)
  return { ...user, sessionId: user.sessionId }
}

/** Each role can do what the roles before it can (reader < editor < admin). */
const ROLE_RANK: Record<Role, number> = { reader: 0, editor: 1, admin: 2 }

/** The signed-in session of a user whose role is at least `role`: 401 signed out, 403 below it. */
export async function requireRole(c: Context<AppEnv>, role: Role) {
  const user = await requireSession(c)
  if (ROLE_RANK[user.role] < ROLE_RANK[role]) throw new ApiError(403, msg`Your account is not allowed to do this.`)
  return user
}

authentication.get('/me', async (c) => {
  const user = await requireSession(c)
  return ok(c, msg`OK`, userPayload(user))
})

authentication.post('/logout', async (c) => {
  const user = await requireSession(c)
  await revokeSession(c.var.db.sql, user.sessionId)
  return ok(c, msg`You have signed out.`)
})

authentication.post('/forgot-password', async (c) => {
  await limitPerIp(c, 'reset')
  const body = await readJson(c, v.object({ email: v.optional(Email, ''), captcha: Captcha }))
  await requireCaptcha(c, body.captcha, 'forgot_password')
  const account = await findAccount(c.var.db.sql, { email: body.email })
  const step = await beginChallenge(c, { purpose: 'reset_password', userId: account?.id ?? null, email: account?.email ?? body.email })
  return ok(c, msg`If an account uses this address, we have sent it a code.`, step)
})

authentication.post('/reset-password', async (c) => {
  await limitPerIp(c, 'code')
  const key = await pendingKey(c)
  const body = await readJson(c, v.object({ code: v.optional(OtpCode(otpLength(c.env)), ''), password: v.optional(Password, '') }))
  const userId = await completeChallenge(c, key, ['reset_password'], body.code, async (tx, challenge) => {
    await tx`
      update users set password_hash = ${await hashPassword(body.password)},
        email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
      where id = ${challenge.userId}`
    // A new password ends every session (security.md, ASVS 7.4).
    await revokeUserSessions(tx, challenge.userId)
    await tx`delete from auth_throttle where key = ${throttleKey('sign-in', challenge.email)}`
    return challenge.userId
  })
  const user = await loadUser(c.var.db.sql, userId)
  if (user) sendPasswordChangedMail(c, user)
  return ok(c, msg`Your password has been changed. Please sign in with it.`)
})
