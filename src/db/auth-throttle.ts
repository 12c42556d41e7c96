// The auth_throttle table (src/auth/throttle.ts has the rules): per key, the failures within
// the hour, when the last one was, and until when the key must wait.
import type postgres from 'postgres'

/** Seconds `key` must still wait, or null when it need not. */
export async function throttledFor(sql: postgres.ISql, key: string): Promise<number | null> {
  const [row] = await sql<{ wait: number }[]>`
    select extract(epoch from blocked_until - now())::float8 as wait
    from auth_throttle where key = ${key} and blocked_until > now()`
  return row?.wait ?? null
}

/** Seconds until `key`'s hour of at least `ceiling` failures is over, or null when it has fewer. */
export async function overCeilingFor(sql: postgres.ISql, key: string, ceiling: number): Promise<number | null> {
  const [row] = await sql<{ wait: number }[]>`
    select extract(epoch from last_failure_at + interval '1 hour' - now())::float8 as wait
    from auth_throttle where key = ${key} and failures >= ${ceiling} and last_failure_at > now() - interval '1 hour'`
  return row?.wait ?? null
}

/** Counts one more failure on the key (a quiet hour starts the count again); returns the count. */
export async function countFailure(sql: postgres.ISql, key: string): Promise<number> {
  const [row] = await sql<{ failures: number }[]>`
    insert into auth_throttle (key, failures, last_failure_at) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when auth_throttle.last_failure_at < now() - interval '1 hour' then 1
                      else auth_throttle.failures + 1 end,
      last_failure_at = now()
    returning failures`
  return row!.failures
}

/** Makes `key` wait `seconds` from now. */
export async function blockKey(sql: postgres.ISql, key: string, seconds: number): Promise<void> {
  await sql`update auth_throttle set blocked_until = now() + make_interval(secs => ${seconds}) where key = ${key}`
}

export async function clearThrottle(sql: postgres.ISql, keys: string[]): Promise<void> {
  await sql`delete from auth_throttle where key in ${sql(keys)}`
}
