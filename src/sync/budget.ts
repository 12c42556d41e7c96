// football-data.org's free tier allows 10 requests a minute (its X-Requests-Available-Minute
// counts down, X-RequestCounter-Reset says how many seconds until it refills). The budget is
// kept in Postgres between Cron invocations; this is its arithmetic.

export interface Budget {
  /** When the current minute began, ms since the epoch. */
  windowStart: number
  used: number
  /** No request before this instant (a 429's reset), ms since the epoch; 0 for none. */
  blockedUntil: number
}

export const FREE_TIER = { limit: 10, windowMs: 60_000 } as const

/** Whether one more request may go now, and the budget after it. */
export function spend(budget: Budget, now: number, rule: { limit: number; windowMs: number } = FREE_TIER): { allowed: boolean; next: Budget } {
  if (now < budget.blockedUntil) return { allowed: false, next: budget }
  const fresh = now - budget.windowStart >= rule.windowMs
  const current = fresh ? { ...budget, windowStart: now, used: 0 } : budget
  if (current.used >= rule.limit) return { allowed: false, next: current }
  return { allowed: true, next: { ...current, used: current.used + 1 } }
}

/**
 * When requests may start again after a 429: the provider's X-RequestCounter-Reset, else
 * Retry-After (seconds), else a whole window. A value that is not a number of seconds is
 * ignored rather than trusted.
 */
export function blockedAfterRefusal(now: number, headers: { get(name: string): string | null }, rule = FREE_TIER): number {
  for (const name of ['x-requestcounter-reset', 'retry-after']) {
    const raw = headers.get(name)?.trim()
    const seconds = raw ? Number(raw) : Number.NaN
    if (Number.isFinite(seconds) && seconds >= 0 && seconds <= 86_400) return now + Math.max(1, seconds) * 1000
  }
  return now + rule.windowMs
}
