// Whether the reader of a page follows what it is about, for its follow button (decision 129).
// A request without a session cookie is a guest's, answered at no cost: that is the page the
// edge keeps for everyone. A request with one is never kept (src/middleware/edge-cache.ts), so
// its page may say what this reader follows.
import type { Context } from 'hono'
import { currentUser } from '../auth/current-user.ts'
import { usesExternalApi } from '../auth/sign-in-api.ts'
import { type FollowTarget, isFollowing } from '../db/follows.ts'
import type { AppEnv } from '../types.ts'
import { readSessionCookie } from './cookies.ts'

/**
 * Null for a guest; else whether the signed-in reader follows the target. Null too when an
 * external API (AUTH_API_BASE) keeps the accounts, and with them the follows: there is nothing
 * here to read, and a press is answered by that API (a second follow is a 200, not an error).
 */
export async function followState(c: Context<AppEnv>, target: FollowTarget): Promise<boolean | null> {
  const reader = await followingReader(c)
  return reader ? isFollowing(c.var.db.sql, reader, target) : null
}

/**
 * The id of the signed-in reader whose follows this database holds; undefined for a guest (at
 * no cost) and with an external sign-in API. A page that reads follows with it is never kept.
 */
export async function followingReader(c: Context<AppEnv>): Promise<string | undefined> {
  if (readSessionCookie(c) === undefined || usesExternalApi(c.env)) return undefined
  return (await currentUser(c))?.id
}
