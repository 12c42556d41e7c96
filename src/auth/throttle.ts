// Per-account throttling that grows after repeated failures (security.md, Anti-automation):
// 8 free attempts, then waits of 1, 2, 4 … seconds up to 15 minutes, never a permanent lock
// (Ghost's scheme). A quiet hour forgets the failures. The key is what was typed, account
// or not, so the answer is the same for both (no enumeration).
//
// The growing waits count one account from one client (IPv4 address or IPv6 /64): a
// stranger's failures never stop the owner's right password from elsewhere (security.md,
// "A stranger cannot lock an owner out"). At most ~20 failures fit in an hour from one
// client; across clients the account allows ACCOUNT_CEILING an hour, after which only the
// clients the account has signed in from keep trying (decision 059), well under ASVS's 100.
import type postgres from 'postgres'
import { blockKey, clearThrottle, countFailure, overCeilingFor, throttledFor } from '../db/auth-throttle.ts'
import { SESSION_DAYS, sessionAddresses } from '../db/sessions.ts'
import { clientBucket } from '../security/client-address.ts'
import { tooManyRequests } from '../security/rate-limit.ts'

export const FREE_FAILURES = 8
export const MAX_WAIT_SECONDS = 15 * 60
/** Failures in an hour on one account, from every client together, before strangers must wait. */
export const ACCOUNT_CEILING = 50

/** The wait after `failures` consecutive failures, in seconds (0 while still free). */
export function throttleWait(failures: number): number {
  if (failures <= FREE_FAILURES) return 0
  return Math.min(2 ** (failures - FREE_FAILURES - 1), MAX_WAIT_SECONDS)
}

/**
 * `sign-in`: what was typed at login-2, from `client` (or from every client, without it).
 * `current-password`: the account's id, for the password the profile asks for before a
 * change (a stolen session must not guess it freely).
 */
export function throttleKey(kind: 'sign-in' | 'current-password', identifier: string, client?: string): string {
  const key = `${kind}:${identifier.toLowerCase()}`
  return client ? `${key} from ${client}` : key
}

/** Throws 429 with Retry-After while the key must wait. */
export async function assertNotThrottled(sql: postgres.ISql, key: string): Promise<void> {
  const wait = await throttledFor(sql, key)
  if (wait !== null) throw tooManyRequests(wait)
}

/**
 * Throws 429 with Retry-After when the account has had ACCOUNT_CEILING failures within the
 * hour, unless `known` (a client the account has signed in from): those never wait for it.
 */
export async function assertUnderCeiling(sql: postgres.ISql, key: string, known: boolean): Promise<void> {
  if (known) return
  const wait = await overCeilingFor(sql, key, ACCOUNT_CEILING)
  if (wait !== null) throw tooManyRequests(wait)
}

/** Counts a failure and, past the free ones, makes the key wait. */
export async function recordFailure(sql: postgres.ISql, key: string): Promise<void> {
  const wait = throttleWait(await countFailure(sql, key))
  if (wait > 0) await blockKey(sql, key, wait)
}

export async function clearFailures(sql: postgres.ISql, ...keys: string[]): Promise<void> {
  await clearThrottle(sql, keys)
}

/**
 * Whether the account (none: never) has signed in from `client` within a session's
 * lifetime. The query runs either way, so an unknown address costs the same.
 */
export async function isKnownClient(sql: postgres.ISql, userId: string | null, client: string): Promise<boolean> {
  const addresses = await sessionAddresses(sql, userId, SESSION_DAYS)
  return addresses.some((ip) => clientBucket(ip) === client)
}
