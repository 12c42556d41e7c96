import type { Context } from 'hono'
import { findSessionUser, type SessionUser } from '../db/sessions.ts'
import { readSessionCookie } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'
import { hashSessionToken, isWellFormedSessionToken } from './session-token.ts'

/**
 * The signed-in user, read once per request: a `token` cookie that matches an
 * unexpired, unrevoked session. No cookie (or a malformed one) costs no query.
 */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  if (c.var.user !== undefined) return c.var.user
  const token = readSessionCookie(c)
  const user = isWellFormedSessionToken(token) ? await findSessionUser(c.var.db.sql, await hashSessionToken(token)) : null
  c.set('user', user)
  return user
}
