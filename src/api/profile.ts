// The profile API (docs/auth-api.md, /api/v1/profile…): the signed-in user reads and
// changes their own account, and nothing else. Each handler finds the bearer's session,
// validates the body, checks what must be proven (the current password, a code), then acts
// on that user's rows only. Figures: ../shared/docs/security.md.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { vValidator } from '@hono/valibot-validator'
import * as v from 'valibot'
import { LOCALES } from '../../lib/locales.ts'
import { beginChallenge, completeChallenge, resendCode } from '../auth/challenges.ts'
import { isCommonPassword } from '../auth/common-passwords.ts'
import { sendAccountDeletedMail, sendEmailChangedMail, sendPasswordChangedMail } from '../auth/notify.ts'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { assertNotThrottled, clearFailures, recordFailure, throttleKey } from '../auth/throttle.ts'
import {
  deleteAccount,
  emailTaken,
  listSessions,
  type ProfileChanges,
  revokeOwnSession,
  setEmail,
  setPassword,
  swapAvatar,
  updateProfile,
} from '../db/profile.ts'
import { revokeUserSessions } from '../db/sessions.ts'
import { findAccountById, loadUser, mobileTaken, SPOILER_ALERTS, SPOILER_FREE, type ThemeChoice, userPayload } from '../db/users.ts'
import { MAX_AVATAR_BODY_BYTES, prepareAvatar, storeAvatar } from '../media/avatars.ts'
import { MAX_IMAGE_SIDE } from '../media/image.ts'
import { deleteMedia } from '../media/store.ts'
import { proveImageDecodes, UndecodableImage } from '../media/variants.ts'
import { privateNoStore } from '../middleware/private.ts'
import { rateLimit } from '../security/rate-limit.ts'
import type { AppEnv } from '../types.ts'
import { choice, Country, CurrentPassword, Email, Mobile, Name, newPassword } from '../validation/fields.ts'
import { CodeBody } from './authentication.ts'
import { caller, sessionRequired } from './guards.ts'
import { ApiError, invalidField, ok } from '../http/envelope.ts'
import { jsonBody, jsonLimit } from './input.ts'

export const profileApi = new Hono<AppEnv>()

profileApi.use(privateNoStore)

const THEME_CHOICES = ['light', 'dark', 'system'] as const satisfies readonly ThemeChoice[]

/** Postgres's unique_violation, raised when another account took a value in the meantime. */
function isUniqueViolation(error: unknown, index: string): boolean {
  const { code, constraint_name: constraint } = error as { code?: unknown; constraint_name?: unknown }
  return code === '23505' && constraint === index
}

// An empty current password counts as absent: an account without one (social sign-in only)
// sends none, and one with a password is then told the field is required.
const OptionalCurrentPassword = v.optional(v.union([v.literal(''), CurrentPassword]), '')

/**
 * The current password, when the account has one (security.md: changing the password asks
 * for it; so do a change of email and deleting the account). Wrong guesses are throttled
 * per account, as at sign-in, so a stolen session cannot try passwords freely.
 */
async function proveCurrentPassword(c: Context<AppEnv>, userId: string, given: string): Promise<void> {
  const sql = c.var.db.sql
  const account = await findAccountById(sql, userId)
  if (!account?.passwordHash) return
  if (!given) throw invalidField(c, 'current_password', msg`Please enter your current password.`)
  const key = throttleKey('current-password', userId)
  await assertNotThrottled(sql, key)
  if (!(await verifyPassword(given, account.passwordHash))) {
    await recordFailure(sql, key)
    throw invalidField(c, 'current_password', msg`The current password is incorrect.`)
  }
  await clearFailures(sql, key)
}

profileApi.get('/', sessionRequired, async (c) => {
  const user = caller(c)
  // has_password tells the page whether to ask for the current password (docs/auth-api.md).
  return ok(c, msg`OK`, { ...userPayload(user), has_password: user.hasPassword ?? false })
})

// Absent fields stay as they are; an empty mobile clears the number.
const ProfileBody = v.object({
  name: v.optional(Name),
  mobile: v.optional(v.union([v.literal(''), Mobile], 'mobile')),
  theme: v.optional(choice(THEME_CHOICES)),
  lang: v.optional(choice(LOCALES)),
  country: v.optional(v.nullable(Country)),
  spoiler_free: v.optional(choice(SPOILER_FREE)),
  spoiler_alerts: v.optional(choice(SPOILER_ALERTS)),
})

profileApi.patch('/', jsonLimit, sessionRequired, jsonBody(ProfileBody), async (c) => {
  const user = caller(c)
  const body = c.req.valid('json')
  const sql = c.var.db.sql
  const changes: ProfileChanges = {}
  if (body.name !== undefined) changes.name = body.name
  if (body.mobile !== undefined) changes.mobile = body.mobile || null
  if (body.theme !== undefined) changes.theme = body.theme
  if (body.lang !== undefined) changes.lang = body.lang
  if (body.country !== undefined) changes.country = body.country
  if (body.spoiler_free !== undefined) changes.spoiler_free = body.spoiler_free
  if (body.spoiler_alerts !== undefined) changes.spoiler_alerts = body.spoiler_alerts
  if (Object.keys(changes).length === 0) {
    throw invalidField(c, 'body', msg`Please send at least one of name, mobile, theme, lang, country, spoiler_free and spoiler_alerts.`)
  }
  const mobileInUse = msg`This mobile number belongs to another account.`
  if (changes.mobile && (await mobileTaken(sql, changes.mobile, user.id))) throw invalidField(c, 'mobile', mobileInUse)
  try {
    const updated = await updateProfile(sql, user.id, changes)
    return ok(c, msg`Your profile has been saved.`, updated)
  } catch (error) {
    if (isUniqueViolation(error, 'users_mobile_key')) throw invalidField(c, 'mobile', mobileInUse)
    throw error
  }
})

const Password = newPassword(isCommonPassword)

const PasswordBody = v.object({ current_password: OptionalCurrentPassword, password: v.optional(Password, '') })

profileApi.put('/password', jsonLimit, sessionRequired, jsonBody(PasswordBody), async (c) => {
  const user = caller(c)
  const body = c.req.valid('json')
  await proveCurrentPassword(c, user.id, body.current_password)
  const passwordHash = await hashPassword(body.password)
  await c.var.db.sql.begin(async (tx) => {
    await setPassword(tx, user.id, passwordHash)
    // A new password ends every other session; the one that chose it stays (ASVS 7.4).
    await revokeUserSessions(tx, user.id, user.sessionId)
  })
  sendPasswordChangedMail(c, user)
  return ok(c, msg`Your password has been changed. Your other devices have been signed out.`)
})

// A change of email: a code goes to the new address, bound to this session (ASVS 6.6.2),
// and the address changes only when the code comes back. Whether another account has the
// address is not said here, only at the code step, to whoever can read the mail sent to it:
// the form cannot be used to find out who has an account (security.md, enumeration).

const NO_EMAIL_STEP = msg`There is no change of email waiting for a code. Please start again.`

/**
 * The change-email step is found by the session, which sessionRequired has already proven:
 * "no live step" is the code's end (410), not the 401 of an unknown pending token, which
 * would tell the page to sign the visitor out.
 */
async function inEmailStep<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(410, NO_EMAIL_STEP)
    throw error
  }
}

const NewEmailBody = v.object({ email: v.optional(Email, ''), current_password: OptionalCurrentPassword })

profileApi.post('/email', jsonLimit, rateLimit('code'), sessionRequired, jsonBody(NewEmailBody), async (c) => {
  const user = caller(c)
  const body = c.req.valid('json')
  if (body.email.toLowerCase() === user.email.toLowerCase()) {
    throw invalidField(c, 'email', msg`This is already the email address of your account.`)
  }
  await proveCurrentPassword(c, user.id, body.current_password)
  const step = await beginChallenge(c, { purpose: 'change_email', userId: user.id, email: body.email, sessionId: user.sessionId })
  return ok(c, msg`We have sent a code to your new email address.`, step)
})

profileApi.post('/email/resend', rateLimit('code'), sessionRequired, async (c) => {
  const user = caller(c)
  const step = await inEmailStep(() => resendCode(c, { sessionId: user.sessionId }, ['change_email']))
  return ok(c, msg`A new code is on its way.`, step)
})

const EMAIL_IN_USE = msg`This email address belongs to another account.`

profileApi.post('/email/verify', jsonLimit, rateLimit('code'), sessionRequired, jsonBody(CodeBody), async (c) => {
  const user = caller(c)
  const body = c.req.valid('json')
  let changed: boolean
  try {
    changed = await inEmailStep(() =>
      completeChallenge(c, { sessionId: user.sessionId }, ['change_email'], body.code, async (tx, challenge) => {
        // The code is spent either way: an address taken since the code was sent ends the step.
        if (await emailTaken(tx, challenge.email, challenge.userId)) return false
        await setEmail(tx, challenge.userId, challenge.email)
        return true
      }),
    )
  } catch (error) {
    // Another account took the address between the check and the update: the index refuses.
    if (isUniqueViolation(error, 'users_email_key')) changed = false
    else throw error
  }
  if (!changed) throw new ApiError(422, EMAIL_IN_USE, { errors: { email: c.var.i18n._(EMAIL_IN_USE) } })
  sendEmailChangedMail(c, user)
  return ok(c, msg`Your email address has been changed.`, await loadUser(c.var.db.sql, user.id))
})

// Avatars (security.md, Uploads): one multipart field, judged by its bytes, at most 2 MB.

const AVATAR_PROBLEMS: Record<'type' | 'damaged' | 'dimensions' | 'size' | 'missing', MessageDescriptor> = {
  type: msg`Please choose a PNG, JPEG or WebP image.`,
  damaged: msg`This image could not be read. Please choose another one.`,
  dimensions: msg`Please choose an image of at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels.`,
  size: msg`Please choose an image of at most 2 MB.`,
  missing: msg`Please choose an image to upload.`,
}

function avatarRefused(c: Context<AppEnv>, problem: keyof typeof AVATAR_PROBLEMS): ApiError {
  const status = problem === 'size' ? 413 : 422
  return new ApiError(status, AVATAR_PROBLEMS[problem], { errors: { avatar: c.var.i18n._(AVATAR_PROBLEMS[problem]) } })
}

const avatarLimit = bodyLimit({
  maxSize: MAX_AVATAR_BODY_BYTES,
  onError: (c) => {
    throw avatarRefused(c as Context<AppEnv>, 'size')
  },
})

async function readAvatarUpload(c: Context<AppEnv>): Promise<File> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'multipart/form-data') throw new ApiError(415, msg`Please send the image as multipart/form-data.`)
  const form = await c.req.parseBody().catch(() => null)
  if (!form) throw new ApiError(400, msg`The upload could not be read. Please try again.`)
  const file = form.avatar
  if (!(file instanceof File) || file.size === 0) throw avatarRefused(c, 'missing')
  return file
}

/** Headers that read do not make an image: the Images binding must draw it (decision 104). */
async function proveAvatarDecodes(c: Context<AppEnv>, bytes: Uint8Array): Promise<void> {
  try {
    await proveImageDecodes(c.env.IMAGES, bytes)
  } catch (error) {
    if (error instanceof UndecodableImage) throw avatarRefused(c, 'damaged')
    console.error(JSON.stringify({ id: c.var.requestId, avatar_decode_error: String(error) }))
    throw new ApiError(503, msg`Photos cannot be checked right now. Please try again in a minute.`, { retryAfter: 60 })
  }
}

profileApi.post('/avatar', avatarLimit, sessionRequired, async (c) => {
  const user = caller(c)
  const upload = await readAvatarUpload(c)
  const avatar = prepareAvatar(new Uint8Array(await upload.arrayBuffer()))
  if (!avatar.ok) throw avatarRefused(c, avatar.problem)
  await proveAvatarDecodes(c, avatar.bytes)
  const key = await storeAvatar(c.env, user.id, avatar.bytes, avatar.type)
  let swapped: Awaited<ReturnType<typeof swapAvatar>>
  try {
    swapped = await swapAvatar(c.var.db.sql, user.id, key)
  } catch (error) {
    await deleteMedia(c.env, key)
    throw error
  }
  if (!swapped) {
    await deleteMedia(c.env, key)
    throw new ApiError(401, msg`Please sign in.`)
  }
  if (swapped.previous) await deleteMedia(c.env, swapped.previous)
  return ok(c, msg`Your photo has been updated.`, swapped.user)
})

profileApi.delete('/avatar', sessionRequired, async (c) => {
  const user = caller(c)
  const swapped = await swapAvatar(c.var.db.sql, user.id, null)
  if (!swapped) throw new ApiError(401, msg`Please sign in.`)
  if (swapped.previous) await deleteMedia(c.env, swapped.previous)
  return ok(c, msg`Your photo has been removed.`, swapped.user)
})

// Signed-in devices (security.md: users can see their sessions and end any of them).

profileApi.get('/sessions', sessionRequired, async (c) => {
  const user = caller(c)
  return ok(c, msg`OK`, await listSessions(c.var.db.sql, user.id, user.sessionId))
})

const NoSuchSession = msg`There is no such session on your account.`

// Someone else's session and no session at all look the same: 404 (style: scope every write).
const sessionParam = vValidator('param', v.object({ id: v.pipe(v.string(), v.uuid()) }), (result) => {
  if (!result.success) throw new ApiError(404, NoSuchSession)
})

profileApi.delete('/sessions/:id', sessionRequired, sessionParam, async (c) => {
  const user = caller(c)
  const { id } = c.req.valid('param')
  if (!(await revokeOwnSession(c.var.db.sql, user.id, id))) throw new ApiError(404, NoSuchSession)
  return ok(c, id === user.sessionId ? msg`You have signed out.` : msg`That device has been signed out.`)
})

// Deleting the account. A DELETE may come without a body (an account with no password
// has nothing to send), so a missing body is an empty one.

const DeleteAccountBody = v.object({ current_password: OptionalCurrentPassword })

profileApi.delete('/', jsonLimit, sessionRequired, jsonBody(DeleteAccountBody, { withoutBody: 'empty' }), async (c) => {
  const user = caller(c)
  const body = c.req.valid('json')
  await proveCurrentPassword(c, user.id, body.current_password)
  const keys = [throttleKey('current-password', user.id), throttleKey('sign-in', user.email)]
  if (user.mobile) keys.push(throttleKey('sign-in', user.mobile))
  const deleted = await deleteAccount(c.var.db.sql, user.id, keys)
  if (!deleted) throw new ApiError(401, msg`Please sign in.`)
  // After the commit: an object store cannot roll back, and an orphan is better than a dangling key.
  if (deleted.avatarKey) await deleteMedia(c.env, deleted.avatarKey)
  sendAccountDeletedMail(c, user)
  return ok(c, msg`Your account has been deleted.`)
})
