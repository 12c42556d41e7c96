// Starting and ending sessions (security.md, Secrets and sessions): a new 256-bit token at
// every sign-in (ASVS 7.2.4), handed out once and stored only as its hash.
import type { Context } from 'hono'
import { insertSession } from '../db/sessions.ts'
import { clientIp } from '../security/rate-limit.ts'
import type { AppEnv } from '../types.ts'
import { generateSessionToken, hashSessionToken } from './session-token.ts'

// Enough to name a browser in the devices list; longer headers are cut, not refused.
const MAX_USER_AGENT = 512

/** A new session for the user; returns the token, which is never stored. */
export async function startSession(c: Context<AppEnv>, userId: string, sql = c.var.db.sql): Promise<string> {
  const token = generateSessionToken()
  await insertSession(sql, {
    userId,
    tokenHash: await hashSessionToken(token),
    userAgent: c.req.header('user-agent')?.slice(0, MAX_USER_AGENT) ?? null,
    ip: storableIp(clientIp(c)),
  })
  return token
}

/** An address Postgres's inet accepts, or null: a forged header must not fail the sign-in. */
export function storableIp(ip: string): string | null {
  return isIpv4(ip) || isIpv6(ip) ? ip : null
}

function isIpv4(ip: string): boolean {
  return /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(ip)
}

function isIpv6(ip: string): boolean {
  const halves = ip.split('::')
  if (halves.length > 2) return false
  const groups = halves.flatMap((half) => (half ? half.split(':') : []))
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false
  return halves.length === 2 ? groups.length < 8 : groups.length === 8
}
