// The reader's spoiler-free scope for a page (decision 139). A request without a session
// cookie is a guest's, answered at no cost: the edge keeps that page for everyone and it hides
// nothing. With one, the session's statement (src/db/sessions.ts) has already brought the
// reader's reveals and follows, so the scope costs no statement of its own. A page that veils
// anything for the reader says so in its Cache-Control: `private, no-store`, whatever else the
// route asked for (the edge cache never keeps a request with a session cookie either).
import type { Context } from 'hono'
import { currentUser } from '../auth/current-user.ts'
import { spoilerScope, type SpoilerScope } from '../football/spoilers.ts'
import type { AppEnv } from '../types.ts'
import { readSessionCookie } from './cookies.ts'

export async function readerSpoilers(c: Context<AppEnv>): Promise<SpoilerScope | null> {
  if (readSessionCookie(c) === undefined) return null
  const user = await currentUser(c)
  // With an external sign-in API (AUTH_API_BASE) the reader's follows and reveals are not in this
  // database: hiding scores they could never reveal would be a trap, so nothing is hidden.
  if (!user || user.spoiler === undefined) return null
  const scope = spoilerScope(user.spoiler_free, user.spoiler, Date.now())
  if (scope) c.header('Cache-Control', 'private, no-store')
  return scope
}

/** Whether the page should read its season's matches even when its tables are stored: only a signed-in request may veil them. */
export const mayVeil = (c: Context<AppEnv>): boolean => readSessionCookie(c) !== undefined
