// POST /api/v1/authentication/social-login (spec §3 "Social-login payload", §7): the island
// posts the Supabase session it got from the provider; the answer is a session of ours.
// Nothing in the body is believed: provider, provider id and email come from the verified
// token and from Supabase (security.md, Social sign-in), and the posted ones must agree.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import { accountForIdentity, type LinkRefusal } from '../auth/social/link.ts'
import { socialSettings } from '../auth/social/settings.ts'
import { SupabaseUnavailable, type VerifiedIdentity, verifySocialIdentity } from '../auth/social/verify.ts'
import { loadUser } from '../db/users.ts'
import { rateLimit } from '../security/rate-limit.ts'
import type { AppEnv } from '../types.ts'
import { EMAIL_MAX, type IssueKey, requiredText } from '../validation/fields.ts'
import { signedIn } from './authentication.ts'
import { ApiError } from '../http/envelope.ts'
import { jsonBody } from './input.ts'

export const socialLogin = new Hono<AppEnv>()

// A Supabase access token is a JWT of one or two kilobytes; this leaves room for large
// user_metadata without reading megabytes.
const TOKEN_MAX = 16_384

// Absent fields read as empty, so each one's message says what it needs.
const SocialLoginBody = v.object({
  access_token: v.optional(requiredText(TOKEN_MAX), ''),
  provider: v.optional(requiredText(40), ''),
  provider_id: v.optional(requiredText(255), ''),
  // Some providers have no address for their user; the verified one must then be absent too.
  email: v.optional(v.union([v.literal(''), requiredText(EMAIL_MAX)], 'notText' satisfies IssueKey), ''),
  // The spec's body carries the provider's own token; Hadaf never calls the provider, so it
  // is checked for shape and dropped, never stored.
  access_token_secret: v.optional(v.pipe(v.string('notText' satisfies IssueKey), v.maxLength(TOKEN_MAX, `tooLong:${TOKEN_MAX}` satisfies IssueKey)), ''),
})

type SocialLoginInput = v.InferOutput<typeof SocialLoginBody>

const REFUSALS: Record<LinkRefusal | 'rejected' | 'mismatch', MessageDescriptor> = {
  rejected: msg`We could not confirm your sign-in with the provider. Please try again.`,
  mismatch: msg`The sign-in details do not match your account at the provider. Please try again.`,
  'no-email': msg`Your account at the provider has no email address. Please sign in another way.`,
  'email-unconfirmed': msg`An account already uses this email address. Please sign in with your password or a one-time code first.`,
}

/** The spec's 400: the reason in `message` and in `errors.email`, which the island toasts (§8). */
function refused(c: Context<AppEnv>, reason: keyof typeof REFUSALS): ApiError {
  const message = REFUSALS[reason]
  return new ApiError(400, message, { errors: { email: c.var.i18n._(message) } })
}

function agrees(body: SocialLoginInput, identity: VerifiedIdentity): boolean {
  return (
    body.provider === identity.provider &&
    body.provider_id === identity.providerId &&
    body.email.toLowerCase() === (identity.email ?? '').toLowerCase()
  )
}

/** A site without social sign-in has no such call: 404, before anything else is judged. */
const socialSignInOffered = createMiddleware<AppEnv>(async (c, next) => {
  if (!socialSettings(c.env)) throw new ApiError(404, msg`Social sign-in is not available on this site.`)
  await next()
})

socialLogin.post('/social-login', socialSignInOffered, rateLimit('social'), jsonBody(SocialLoginBody), async (c) => {
  // Read once per env object (src/settings.ts); socialSignInOffered has answered 404 without them.
  const settings = socialSettings(c.env)!
  const body = c.req.valid('json')

  let identity: VerifiedIdentity | null
  try {
    identity = await verifySocialIdentity(settings, body.access_token)
  } catch (error) {
    if (!(error instanceof SupabaseUnavailable)) throw error
    console.error(JSON.stringify({ id: c.var.requestId, social_error: String(error), cause: String(error.cause) }))
    throw new ApiError(503, msg`The sign-in service is unavailable. Please try again in a minute.`, { retryAfter: 30 })
  }
  if (!identity) throw refused(c, 'rejected')
  if (!agrees(body, identity)) throw refused(c, 'mismatch')

  const sql = c.var.db.sql
  const account = await accountForIdentity(sql, identity, c.var.lang)
  if (account === 'no-email' || account === 'email-unconfirmed') throw refused(c, account)
  const user = await loadUser(sql, account)
  if (!user) throw refused(c, 'rejected')
  return signedIn(c, user, 'access_token')
})
