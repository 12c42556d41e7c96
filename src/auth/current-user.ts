import type { Context } from 'hono'
import * as v from 'valibot'
import { COUNTRY_CODES } from '../../lib/countries.ts'
import { LOCALES } from '../../lib/locales.ts'
import { findSessionUser, type SessionUser } from '../db/sessions.ts'
import { ROLES, SPOILER_ALERTS, SPOILER_FREE } from '../db/users.ts'
import { clearSessionCookie, readSessionCookie } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'
import { authCalls } from './auth-calls.ts'
import { hashSessionToken, isWellFormedSessionToken } from './session-token.ts'
import { signInUnavailableError, usesExternalApi } from './sign-in-api.ts'

/**
 * The signed-in user, read once per request from the `token` cookie: with the built-in API
 * one query for an unexpired, unrevoked session; with an external one (AUTH_API_BASE) its
 * `me` call. A cookie that no longer signs anyone in is cleared (spec §4: a 401 from `me`
 * signs the visitor out). No cookie, or a malformed one, costs nothing.
 */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  if (c.var.user !== undefined) return c.var.user
  const token = readSessionCookie(c)
  let user: SessionUser | null = null
  if (isWellFormedSessionToken(token)) {
    user = usesExternalApi(c.env) ? await userFromApi(c, token) : await findSessionUser(c.var.db.sql, await hashSessionToken(token))
  }
  if (token !== undefined && !user) clearSessionCookie(c)
  c.set('user', user)
  return user
}

// The user as docs/auth-api.md describes it; what an external API leaves out gets the
// built-in API's default.
export const ApiUser = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  image: v.nullish(v.string(), null),
  theme: v.optional(v.picklist(['light', 'dark', 'system']), 'system'),
  mobile: v.nullish(v.string(), null),
  lang: v.optional(v.picklist(LOCALES), 'ar'),
  role: v.optional(v.picklist(ROLES), 'reader'),
  // Not in every sign-in API: a code this site does not know is no choice.
  country: v.fallback(v.nullish(v.picklist(COUNTRY_CODES), null), null),
  spoiler_free: v.fallback(v.picklist(SPOILER_FREE), 'off'),
  spoiler_alerts: v.fallback(v.picklist(SPOILER_ALERTS), 'vague'),
})

/** The API's `me`: the user, null on a 401, and "try again later" when it cannot say. */
async function userFromApi(c: Context<AppEnv>, token: string): Promise<SessionUser | null> {
  const answer = await authCalls.me(c, token)
  if (answer.status === 401) return null
  const user = v.safeParse(ApiUser, answer.body.data)
  if (answer.status === 200 && user.success) return user.output
  throw signInUnavailableError()
}
