// Starting and ending sessions (security.md, Secrets and sessions): a new 256-bit token at
// every sign-in (ASVS 7.2.4), handed out once and stored only as its hash.
import type { Context } from 'hono'
import type postgres from 'postgres'
import { insertSession } from '../db/sessions.ts'
import { storableIp } from '../security/client-address.ts'
import { clientIp } from '../security/rate-limit.ts'
import type { AppEnv } from '../types.ts'
import { generateSessionToken, hashSessionToken } from './session-token.ts'

// Enough to name a browser in the devices list; longer headers are cut, not refused.
const MAX_USER_AGENT = 512

/** A new session for the user; returns the token, which is never stored. */
export async function startSession(c: Context<AppEnv>, userId: string, sql: postgres.ISql = c.var.db.sql): Promise<string> {
  const token = generateSessionToken()
  await insertSession(sql, {
    userId,
    tokenHash: await hashSessionToken(token),
    userAgent: c.req.header('user-agent')?.slice(0, MAX_USER_AGENT) ?? null,
    // A forged header must not fail the sign-in: what is not an address is stored as none.
    ip: storableIp(clientIp(c)),
  })
  return token
}
