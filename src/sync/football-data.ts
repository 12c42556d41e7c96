// The football-data.org v4 sync (FOOTBALL_DATA_API_KEY). Each run asks for today's matches of
// every competition in one request (the live scores), then fetches whole seasons of the
// competitions not fetched for FULL_REFRESH_MS, stalest first, while the budget allows: at
// most 1 + 7 requests in the first minute and about 2 a minute after (decision 095).
import type postgres from 'postgres'
import { blockedAfterRefusal, type Budget, spend } from './budget.ts'
import type { IncomingFixture } from './fixture.ts'
import { fixtureOf, type ProviderMatch } from './football-data-map.ts'
import { type Broadcast, type SyncReport, writeFixtures } from './fixture-writer.ts'
import type { FootballDataSettings } from './sources.ts'

/** How often a competition's whole season is fetched again; live scores come every minute. */
export const FULL_REFRESH_MS = 10 * 60_000

const SOURCE = 'football-data'

export async function syncFootballData(sql: postgres.Sql, settings: FootballDataSettings, broadcast: Broadcast): Promise<SyncReport> {
  const errors: string[] = []
  const fixtures: IncomingFixture[] = []
  let requests = 0
  const stale = await staleCompetitions(sql, settings.competitions)
  const calls: { path: string; code?: string }[] = [
    { path: `/matches?competitions=${settings.competitions.join(',')}` },
    ...stale.map((code) => ({ path: `/competitions/${code}/matches`, code })),
  ]
  for (const call of calls) {
    if (!(await takeRequest(sql))) {
      errors.push(`request budget spent: ${call.path} waits for the next run`)
      break
    }
    requests++
    const res = await fetch(settings.apiUrl + call.path, { headers: { 'X-Auth-Token': settings.apiKey, accept: 'application/json' } }).catch((e: unknown) => e as Error)
    if (res instanceof Error) {
      errors.push(`${call.path}: cannot connect: ${res.message}`)
      continue
    }
    if (res.status === 429) {
      await res.body?.cancel()
      const until = await refuseUntil(sql, blockedAfterRefusal(Date.now(), res.headers))
      errors.push(`${call.path}: 429 Too Many Requests; no request before ${until.toISOString()}`)
      break
    }
    const body: unknown = res.ok ? await res.json().catch(() => null) : (await res.body?.cancel(), null)
    const matches = (body as { matches?: unknown } | null)?.matches
    if (!res.ok || !Array.isArray(matches)) {
      errors.push(`${call.path}: ${res.ok ? 'the answer has no matches list' : `the server answered ${res.status}`}`)
      continue
    }
    for (const m of matches as ProviderMatch[]) {
      const fixture = fixtureOf(m, call.code ?? m.competition?.code ?? '')
      if ('skipped' in fixture) errors.push(fixture.skipped)
      else fixtures.push(fixture)
    }
    if (call.code) await sql`insert into sync_cursors (source, key) values (${SOURCE}, ${call.code}) on conflict (source, key) do update set fetched_at = now()`
  }
  // A match both answers carry is written once, as the last answer (the whole season) has it.
  const unique = [...new Map(fixtures.map((f) => [f.externalId, f])).values()]
  return { requests, ...(await writeFixtures(sql, unique, broadcast)), errors }
}

async function staleCompetitions(sql: postgres.Sql, codes: string[]): Promise<string[]> {
  const rows = await sql<{ key: string; fetched_at: Date }[]>`select key, fetched_at from sync_cursors where source = ${SOURCE}`
  const fetched = new Map(rows.map((r) => [r.key, r.fetched_at.getTime()]))
  return codes
    .filter((code) => Date.now() - (fetched.get(code) ?? 0) >= FULL_REFRESH_MS)
    .sort((a, b) => (fetched.get(a) ?? 0) - (fetched.get(b) ?? 0))
}

/** Spends one request of the budget, if the budget has one. */
async function takeRequest(sql: postgres.Sql): Promise<boolean> {
  return sql.begin(async (tx) => {
    await tx`insert into sync_budget (source) values (${SOURCE}) on conflict do nothing`
    const [row] = await tx<{ window_start: Date; used: number; blocked_until: Date | null }[]>`
      select window_start, used, blocked_until from sync_budget where source = ${SOURCE} for update`
    const budget: Budget = { windowStart: row!.window_start.getTime(), used: row!.used, blockedUntil: row!.blocked_until?.getTime() ?? 0 }
    const { allowed, next } = spend(budget, Date.now())
    await tx`update sync_budget set window_start = ${new Date(next.windowStart)}, used = ${next.used} where source = ${SOURCE}`
    return allowed
  })
}

async function refuseUntil(sql: postgres.Sql, until: number): Promise<Date> {
  const date = new Date(until)
  await sql`update sync_budget set blocked_until = ${date} where source = ${SOURCE}`
  return date
}
