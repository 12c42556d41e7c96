// The football-data.org v4 sync (FOOTBALL_DATA_API_KEY). Each run asks for today's matches of
// every competition in one request (the live scores), then fetches whole seasons of the
// competitions not fetched for FULL_REFRESH_MS, stalest first, while the budget allows: at
// most 1 + 7 requests in the first minute and about 2 a minute after (decision 095). Every
// match in an answer is checked on its own, and each request is bounded in time and size
// (decision 100): a bad match is skipped with its id and field, the others are written.
import type postgres from 'postgres'
import { blockRequests, fetchTimes, markFetched, takeRequest } from '../db/sync-state.ts'
import { admission } from './admission.ts'
import { blockedAfterRefusal, spend } from './budget.ts'
import type { IncomingFixture } from './fixture.ts'
import { fixtureOf, readProviderMatch } from './football-data-map.ts'
import { type Broadcast, emptyOutcome, type SyncReport, writeFixtures } from './fixture-writer.ts'
import { askProvider, RefusedAnswer, SYNC_LIMITS, type SyncLimits } from './provider-limits.ts'
import type { FootballDataSettings } from './sources.ts'

/** How often a competition's whole season is fetched again; live scores come every minute. */
export const FULL_REFRESH_MS = 10 * 60_000

const SOURCE = 'football-data'

export async function syncFootballData(sql: postgres.Sql, settings: FootballDataSettings, broadcast: Broadcast, limits: SyncLimits = SYNC_LIMITS): Promise<SyncReport> {
  const errors: string[] = []
  const fixtures: IncomingFixture[] = []
  // Counted as each request goes, so a run that fails later still says what it sent.
  let requests = 0
  try {
    const stale = await staleCompetitions(sql, settings.competitions)
    const calls: { path: string; code?: string }[] = [
      { path: `/matches?competitions=${settings.competitions.join(',')}` },
      ...stale.map((code) => ({ path: `/competitions/${code}/matches`, code })),
    ]
    for (const call of calls) {
      if (!(await takeRequest(sql, SOURCE, spend))) {
        errors.push(`request budget spent: ${call.path} waits for the next run`)
        break
      }
      requests++
      const answer = await matchesOf(sql, settings, call.path, limits)
      if ('error' in answer) {
        errors.push(`${call.path}: ${answer.error}`)
        if (answer.stop) break
        continue
      }
      answer.matches.forEach((raw, position) => {
        const match = readProviderMatch(raw, position)
        const fixture = 'skipped' in match ? match : fixtureOf(match, call.code ?? match.competition?.code ?? '')
        if ('skipped' in fixture) errors.push(fixture.skipped)
        else fixtures.push(fixture)
      })
      if (call.code) await markFetched(sql, SOURCE, call.code)
    }
    // A match both answers carry is written once, as the last answer (the whole season) has it.
    const unique = [...new Map(fixtures.map((f) => [f.externalId, f])).values()]
    const admitted = await admission(sql, limits)(unique)
    errors.push(...admitted.errors)
    const written = await writeFixtures(sql, admitted.kept, broadcast)
    return { requests, ...written, errors: [...errors, ...written.errors] }
  } catch (error) {
    return { requests, ...emptyOutcome(), errors: [...errors, error instanceof Error ? error.message : String(error)] }
  }
}

type Answer = { matches: unknown[] } | { error: string; stop: boolean }

/**
 * One request's matches, or why there are none. A 429, a time-out or a provider out of reach
 * ends the run (`stop`): the next request would fare no better. A request that failed or
 * answered garbage has been sent all the same, and counts.
 */
async function matchesOf(sql: postgres.Sql, settings: FootballDataSettings, path: string, limits: SyncLimits): Promise<Answer> {
  try {
    const { res, text } = await askProvider(settings.apiUrl + path, { 'X-Auth-Token': settings.apiKey, accept: 'application/json' }, limits)
    if (res.status === 429) {
      await res.body?.cancel()
      const until = new Date(blockedAfterRefusal(Date.now(), res.headers))
      await blockRequests(sql, SOURCE, until)
      return { error: `429 Too Many Requests; no request before ${until.toISOString()}`, stop: true }
    }
    if (!res.ok) {
      await res.body?.cancel()
      return { error: `the server answered ${res.status}`, stop: false }
    }
    const body = parseJson(await text())
    if (body === undefined) return { error: 'the answer is not JSON', stop: false }
    const matches = (body as { matches?: unknown } | null)?.matches
    return Array.isArray(matches) ? { matches } : { error: 'the answer has no matches list', stop: false }
  } catch (error) {
    if (error instanceof RefusedAnswer) return { error: error.message, stop: error.unreachable }
    throw error
  }
}

/** The parsed text; undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

async function staleCompetitions(sql: postgres.Sql, codes: string[]): Promise<string[]> {
  const fetched = await fetchTimes(sql, SOURCE)
  return codes
    .filter((code) => Date.now() - (fetched.get(code) ?? 0) >= FULL_REFRESH_MS)
    .sort((a, b) => (fetched.get(a) ?? 0) - (fetched.get(b) ?? 0))
}
