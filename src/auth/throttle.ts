// Per-account throttling that grows after repeated failures (security.md, Anti-automation):
// 8 free attempts, then waits of 1, 2, 4 … seconds up to 15 minutes, never a permanent lock
// (Ghost's scheme). A quiet hour forgets the failures. At most ~20 failures fit in an hour,
// far under ASVS's 100. The key is what was typed, account or not, so the answer is the
// same for both (no enumeration).
import type postgres from 'postgres'
import { tooManyRequests } from '../security/rate-limit.ts'

export const FREE_FAILURES = 8
export const MAX_WAIT_SECONDS = 15 * 60

/** The wait after `failures` consecutive failures, in seconds (0 while still free). */
export function throttleWait(failures: number): number {
  if (failures <= FREE_FAILURES) return 0
  return Math.min(2 ** (failures - FREE_FAILURES - 1), MAX_WAIT_SECONDS)
}

/**
 * `sign-in`: what was typed at login-2. `current-password`: the account's id, for the
 * password the profile asks for before a change (a stolen session must not guess it freely).
 */
export function throttleKey(kind: 'sign-in' | 'current-password', identifier: string): string {
  return `${kind}:${identifier.toLowerCase()}`
}

/** Throws 429 with Retry-After while the key must wait. */
export async function assertNotThrottled(sql: postgres.ISql, key: string): Promise<void> {
  const [row] = await sql<{ wait: number }[]>`
    select extract(epoch from blocked_until - now())::float8 as wait
    from auth_throttle where key = ${key} and blocked_until > now()`
  if (row) throw tooManyRequests(row.wait)
}

export async function recordFailure(sql: postgres.ISql, key: string): Promise<void> {
  const [row] = await sql<{ failures: number }[]>`
    insert into auth_throttle (key, failures, last_failure_at) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when auth_throttle.last_failure_at < now() - interval '1 hour' then 1
                      else auth_throttle.failures + 1 end,
      last_failure_at = now()
    returning failures`
  const wait = throttleWait(row!.failures)
  if (wait > 0) await sql`update auth_throttle set blocked_until = now() + make_interval(secs => ${wait}) where key = ${key}`
}

export async function clearFailures(sql: postgres.ISql, key: string): Promise<void> {
  await sql`delete from auth_throttle where key = ${key}`
}
