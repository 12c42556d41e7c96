// Data that stays current (issue 16): the football-data.org and openfootball syncs against
// local stand-ins. Each test has clubs and a season of its own.
import { createScheduledController, env } from 'cloudflare:test'
import { beforeEach, describe, expect, it } from 'vitest'
import worker from '../../src/index.tsx'
import { callApi } from './api-helpers.ts'
import type { ProviderMatch } from '../../src/sync/football-data-map.ts'
import { SYNC_LIMITS } from '../../src/sync/provider-limits.ts'
import { fetchPage, insertUserWithRole, sql } from './helpers.ts'
import { subscribe } from './live-helpers.ts'
import {
  API_KEY,
  FOOTBALL_DATA,
  freshSyncState,
  OPENFOOTBALL,
  providerMatch,
  providersStandIn,
  syncClubs,
  syncConfig,
  syncNow,
} from './sync-stand-ins.ts'

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 6)}`

interface MatchRow {
  id: number
  status: string
  ft_home: number | null
  ft_away: number | null
  live_version: number
}

async function matchOf(externalId: number | string, source = 'football-data'): Promise<MatchRow | undefined> {
  const [row] = await sql()<MatchRow[]>`
    select m.id::int, m.status, m.ft_home, m.ft_away, m.live_version
    from sync_match_links l join matches m on m.id = l.match_id where l.source = ${source} and l.external_id = ${String(externalId)}`
  return row
}

beforeEach(freshSyncState)

describe('the football-data.org sync', () => {
  it('creates the fixtures on a first run, and a second run changes nothing', async () => {
    const [a, b, c] = await syncClubs(unique('Alder'), unique('Birch'), unique('Cedar'))
    const fixtures = [
      providerMatch(2041, a!.name, b!.name, { status: 'FINISHED', score: { fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 0 } } }),
      providerMatch(2041, b!.name, c!.name, { status: 'POSTPONED' }),
      providerMatch(2041, c!.name, a!.name, { status: 'CANCELLED' }),
    ]
    const provider = providersStandIn({ matches: fixtures })
    const [demo] = await sql()<{ id: number }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, demo, source_key)
      values ((select id from seasons order by id limit 1), now() + interval '1 day', ${a!.id}, ${b!.id}, 'scheduled', true, ${`demo:${crypto.randomUUID()}`})
      returning id::int`

    const first = await syncNow('football-data')
    expect(first).toMatchObject({ created: 3, updated: 0, errors: [] })
    expect(provider.requests.map((r) => new URL(r.url).pathname)).toEqual(['/v4/matches', '/v4/competitions/PL/matches'])
    expect(provider.requests.every((r) => r.headers.get('x-auth-token') === 'stand-in-key')).toBe(true)
    expect(await matchOf(fixtures[0]!.id)).toMatchObject({ status: 'finished', ft_home: 2, ft_away: 1 })
    expect(await matchOf(fixtures[1]!.id)).toMatchObject({ status: 'postponed' })
    expect(await matchOf(fixtures[2]!.id)).toMatchObject({ status: 'cancelled' })
    // Real fixtures have come: the seed's invented ones go.
    expect(await sql()`select 1 from matches where id = ${demo!.id}`).toHaveLength(0)
    for (const [fixture, label] of [[fixtures[1]!, 'Postponed'], [fixtures[2]!, 'Cancelled']] as const) {
      const page = await (await fetchPage(`/en/matches/${(await matchOf(fixture.id))!.id}`)).text()
      // The badge's own text, not the island's word list, which names every status.
      expect(page).toMatch(new RegExp(`>${label}<`))
    }

    // Ten minutes on, the season is fetched whole again.
    await sql()`delete from sync_cursors`
    const second = await syncNow('football-data')
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 3, queued: 0, errors: [] })
    const [run] = await sql()<{ counts: Record<string, number>; finished_at: Date | null }[]>`select counts, finished_at from sync_runs where id = ${second.run}`
    expect(run).toMatchObject({ counts: { created: 0, updated: 0, unchanged: 3 } })
    expect(run!.finished_at).not.toBeNull()
  })

  it('brings a score change to a reader with the match page open, over its WebSocket', async () => {
    const [home, away] = await syncClubs(unique('Elm'), unique('Fir'))
    const today = new Date().toISOString().slice(0, 10)
    const live = providerMatch(new Date().getUTCFullYear(), home!.name, away!.name, {
      utcDate: `${today}T00:01:00Z`,
      status: 'IN_PLAY',
      score: { fullTime: { home: 0, away: 0 }, halfTime: { home: null, away: null } },
    })
    providersStandIn({ matches: [live] })
    await syncNow('football-data')
    const match = (await matchOf(live.id))!
    expect(match).toMatchObject({ status: 'live', ft_home: 0, ft_away: 0 })

    live.score = { fullTime: { home: 1, away: 0 }, halfTime: { home: 1, away: 0 } }
    const pageVersion = async () => Number((await sql()<{ v: string }[]>`select version::text as v from page_version`)[0]!.v)
    const before = await pageVersion()
    const reader = await subscribe(match.id)
    await reader.snapshot()
    await syncNow('football-data')
    const [message] = await reader.next(1)
    reader.socket.close()
    expect(message).toMatchObject({ type: 'change', state: { status: 'live', ft: [1, 0], ht: [1, 0], version: match.live_version + 1 } })
    // Cached pages follow: the page version the edge cache keys on has moved (decision 071).
    expect(await pageVersion()).toBeGreaterThan(before)
  })

  it('respects a 429: no request is sent again before the reset the provider gave', async () => {
    const provider = providersStandIn({ matches: [], refuseFor: 40 })
    const refused = await syncNow('football-data')
    expect(provider.requests).toHaveLength(1)
    expect(refused.errors[0]).toMatch(/429/)
    const [budget] = await sql()<{ wait: number }[]>`select extract(epoch from blocked_until - now())::int as wait from sync_budget where source = 'football-data'`
    expect(budget!.wait).toBeGreaterThan(30)
    expect(budget!.wait).toBeLessThanOrEqual(40)

    const later = await syncNow('football-data')
    expect(provider.requests).toHaveLength(1)
    expect(later.requests).toBe(0)
    expect(later.errors[0]).toMatch(/budget/)
  })

  it('puts a team no alias reaches in the queue with its fixture, and writes nothing for it', async () => {
    const [known] = await syncClubs(unique('Hazel'))
    const stranger = unique('Nowhere Rovers')
    const fixture = providerMatch(2042, known!.name, stranger)
    providersStandIn({ matches: [fixture] })
    expect(await syncNow('football-data')).toMatchObject({ created: 0, queued: 1 })
    const [queued] = await sql()<{ name: string; fixtures: Record<string, unknown> }[]>`
      select name, fixtures from sync_unmatched_teams where alias_key = ${stranger.toLowerCase() + ' fc'}`
    expect(queued!.name).toBe(`${stranger} FC`)
    expect(Object.keys(queued!.fixtures)).toEqual([`football-data:${fixture.id}`])
    expect(await matchOf(fixture.id)).toBeUndefined()
  })

  it("keeps an editor's correction and records the provider's other value as a conflict", async () => {
    const [home, away] = await syncClubs(unique('Juniper'), unique('Larch'))
    const fixture = providerMatch(2043, home!.name, away!.name, { status: 'FINISHED', score: { fullTime: { home: 1, away: 1 }, halfTime: { home: 0, away: 0 } } })
    providersStandIn({ matches: [fixture] })
    await syncNow('football-data')
    const match = (await matchOf(fixture.id))!
    const editor = await insertUserWithRole('editor')
    expect((await callApi(`matches/${match.id}`, { method: 'PATCH', bearer: editor.token, body: { ft: [2, 1] } })).status).toBe(200)

    fixture.score = { fullTime: { home: 1, away: 2 }, halfTime: { home: 0, away: 0 } }
    await sql()`delete from sync_cursors`
    const run = await syncNow('football-data')
    expect(run).toMatchObject({ updated: 0, held: 1 })
    expect(run.conflicts).toEqual([{ match: match.id, fields: { ft: { ours: [2, 1], theirs: [1, 2] } } }])
    expect(await matchOf(fixture.id)).toMatchObject({ ft_home: 2, ft_away: 1 })
  })
})

describe('a provider gone wrong', () => {
  /** The match with one field set to what no documented answer carries. */
  const hostile = (match: ProviderMatch, set: (m: Record<string, unknown>) => void): ProviderMatch => {
    const copy = structuredClone(match) as unknown as Record<string, unknown>
    set(copy)
    return copy as unknown as ProviderMatch
  }
  const runRow = async (id: number) =>
    (await sql()<{ requests: number; errors: string[] }[]>`select requests, errors from sync_runs where id = ${id}`)[0]!

  it('skips each match that is not as documented, naming its id and field, and writes the rest', async () => {
    const [a, b, c] = await syncClubs(unique('Ash'), unique('Beech'), unique('Cherry'))
    const first = providerMatch(2045, a!.name, b!.name, { status: 'FINISHED', score: { fullTime: { home: 3, away: 0 }, halfTime: { home: 1, away: 0 } } })
    const last = providerMatch(2045, b!.name, c!.name)
    const finished = (home: number, away: number) => ({ status: 'FINISHED', score: { fullTime: { home, away }, halfTime: { home: 0, away: 0 } } })
    const bad: [ProviderMatch, string][] = [
      [providerMatch(2045, c!.name, a!.name, finished(-1, 0)), 'score.fullTime.home'],
      [providerMatch(2045, a!.name, c!.name, finished(1, 10 ** 12)), 'score.fullTime.away'],
      [providerMatch(2045, c!.name, b!.name, finished(2 ** 31, 1)), 'score.fullTime.home'],
      [hostile(providerMatch(2045, b!.name, a!.name), (m) => ((m.season as Record<string, unknown>).startDate = 'abcd')), 'season.startDate'],
      [hostile(providerMatch(2045, a!.name, b!.name), (m) => delete (m.season as Record<string, unknown>).endDate), 'season.endDate'],
      [providerMatch(2045, c!.name, a!.name, { utcDate: '+275760-09-13T00:00:00Z' }), 'utcDate'],
    ]
    const provider = providersStandIn({ matches: [first, ...bad.map(([match]) => match), last] })

    const run = await syncNow('football-data')
    expect(run.created).toBe(2)
    expect(await matchOf(first.id)).toMatchObject({ status: 'finished', ft_home: 3, ft_away: 0 })
    expect(await matchOf(last.id)).toMatchObject({ status: 'scheduled' })
    for (const [match, field] of bad) {
      expect(await matchOf(match.id)).toBeUndefined()
      expect(run.errors).toContainEqual(expect.stringMatching(new RegExp(`^match ${match.id}: ${field.replaceAll('.', '\\.')} should be `)))
    }
    expect(run.errors).toHaveLength(bad.length)
    expect(provider.requests).toHaveLength(2)
    expect(await runRow(run.run)).toMatchObject({ requests: 2 })
  })

  it('refuses a 200 KB stage rather than making it the round', async () => {
    const [a, b] = await syncClubs(unique('Damson'), unique('Elder'))
    const long = providerMatch(2046, a!.name, b!.name, { matchday: null, stage: 'GROUP_STAGE'.repeat(20_000) })
    const fine = providerMatch(2046, b!.name, a!.name, { matchday: null, stage: 'GROUP_STAGE' })
    providersStandIn({ matches: [long, fine] })
    const run = await syncNow('football-data')
    expect(run.errors).toEqual([`match ${long.id}: stage should be a code of at most 40 capitals, digits and underscores`])
    expect(await matchOf(long.id)).toBeUndefined()
    const [written] = await sql()<{ round: string }[]>`select round from matches where id = ${(await matchOf(fine.id))!.id}`
    expect(written!.round).toBe('GROUP_STAGE')
  })

  it('gives up on a provider that does not answer within the time-out, and says so', async () => {
    const provider = providersStandIn({ matches: [], answer: () => new Promise<Response>(() => {}) })
    const limits = { ...SYNC_LIMITS, timeoutMs: 300 }
    const started = Date.now()
    const run = await syncNow('football-data', syncConfig({ limits }))
    expect(Date.now() - started).toBeLessThan(3_000)
    // The other requests would fare no better: the run ends at the first.
    expect(run.errors).toEqual(['/matches?competitions=PL: no answer within 0.3 s'])
    expect(provider.requests).toHaveLength(1)
    expect(await runRow(run.run)).toMatchObject({ requests: 1 })

    const url = `${OPENFOOTBALL}/football.json/master/2046-47/en.1.json`
    const again = Date.now()
    const file = await syncNow('openfootball', syncConfig({ footballData: null, openfootballUrls: [url], limits }))
    expect(Date.now() - again).toBeLessThan(3_000)
    expect(file).toMatchObject({ requests: 1, errors: [`${url}: no answer within 0.3 s`] })
  })

  it('stops reading an answer past the size limit, whatever its length says', async () => {
    // 10 MB of matches, streamed without a Content-Length; `sent` is the most read of one answer.
    let sent = 0
    const chunk = new TextEncoder().encode(`${JSON.stringify(providerMatch(2047, 'Far', 'Away'))},`.repeat(50))
    const flood = () => {
      let pulled = 0
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"matches":[')),
        pull: (controller) => {
          if (pulled > 10_000_000) return controller.close()
          pulled += chunk.byteLength
          sent = Math.max(sent, pulled)
          controller.enqueue(chunk)
        },
      })
      return new Response(body, { headers: { 'content-type': 'application/json' } })
    }
    const provider = providersStandIn({ matches: [], answer: flood })
    const run = await syncNow('football-data')
    expect(run.errors).toContainEqual('/matches?competitions=PL: the answer is larger than 4 MiB')
    expect(sent).toBeLessThan(SYNC_LIMITS.maxBytes + 4 * chunk.byteLength)
    // Too large is not out of reach: the season's request still goes, and is refused in turn.
    expect(provider.requests).toHaveLength(2)
    expect(run.requests).toBe(2)

    sent = 0
    const url = `${OPENFOOTBALL}/football.json/master/2047-48/en.1.json`
    const file = await syncNow('openfootball', syncConfig({ footballData: null, openfootballUrls: [url] }))
    expect(file.errors).toEqual([`${url}: the answer is larger than 4 MiB`])
    expect(sent).toBeLessThan(SYNC_LIMITS.maxBytes + 4 * chunk.byteLength)
  })
})

describe('the openfootball sync', () => {
  it('imports a changed file through the parser, and a 304 imports nothing', async () => {
    const [home, away] = await syncClubs(unique('Maple'), unique('Oak'))
    const path = '/football.json/master/2044-45/en.1.json'
    const file = (ft: [number, number] | undefined) =>
      JSON.stringify({
        name: 'English Premier League 2044/45',
        matches: [{ round: 'Matchday 1', date: '2044-08-20', time: '15:00', team1: home!.name, team2: away!.name, score: ft ? { ft } : {} }],
      })
    const files = new Map([[path, file(undefined)]])
    const provider = providersStandIn({ matches: [] }, files)
    const config = syncConfig({ footballData: null, openfootballUrls: [`${OPENFOOTBALL}${path}`] })

    expect(await syncNow('openfootball', config)).toMatchObject({ created: 1, errors: [] })
    const [row] = await sql()<{ kickoff: Date; status: string; source_key: string }[]>`
      select m.kickoff, m.status, m.source_key from matches m join clubs c on c.id = m.home_club_id where c.id = ${home!.id}`
    // 15:00 in London in August is 14:00 UTC; the key is the importer's, so a later import meets the same row.
    expect(row).toMatchObject({ kickoff: new Date('2044-08-20T14:00:00Z'), status: 'scheduled' })
    expect(row!.source_key).toMatch(/^match:en\.1:2044\/45:2044-08-20:club:/)

    const unchanged = await syncNow('openfootball', config)
    expect(provider.requests[1]!.headers.get('if-none-match')).toMatch(/^"[0-9a-f]+"$/)
    expect(unchanged).toMatchObject({ created: 0, updated: 0, unchanged: 0, requests: 1 })

    files.set(path, file([3, 0]))
    expect(await syncNow('openfootball', config)).toMatchObject({ updated: 1 })
    const [finished] = await sql()<{ status: string; ft_home: number }[]>`select status, ft_home from matches where source_key = ${row!.source_key}`
    expect(finished).toEqual({ status: 'finished', ft_home: 3 })
  })
})

describe('an openfootball file gone wrong', () => {
  /** A football.json file of these matches, each given its date, at `path` under the stand-in. */
  const footballJson = (year: number, matches: { round: string; team1: string; team2: string }[]) =>
    JSON.stringify({ name: `English Premier League ${year}/${String(year + 1).slice(2)}`, matches: matches.map((m) => ({ date: `${year}-08-20`, time: '15:00', score: {}, ...m })) })
  const fileUrl = (year: number) => `${OPENFOOTBALL}/football.json/master/${year}-${String(year + 1).slice(2)}/en.1.json`

  it('skips a fixture whose round or team name is past its bound, naming it and the field, and writes the rest', async () => {
    const [home, away] = await syncClubs(unique('Rowan'), unique('Sorb'))
    const long = 'Matchday 1 '.repeat(20_000)
    const files = new Map([[new URL(fileUrl(2048)).pathname.replace('/openfootball', ''), footballJson(2048, [
      { round: long, team1: home!.name, team2: away!.name },
      { round: 'Matchday 2', team1: `${away!.name} ${long}`, team2: home!.name },
      { round: 'Matchday 3', team1: away!.name, team2: home!.name },
    ])]])
    providersStandIn({ matches: [] }, files)

    const run = await syncNow('openfootball', syncConfig({ footballData: null, openfootballUrls: [fileUrl(2048)] }))
    expect(run.created).toBe(1)
    const url = fileUrl(2048).replaceAll('.', '\\.')
    expect(run.errors).toEqual([
      expect.stringMatching(new RegExp(`^${url}: match 2048-08-20 .*: round should be text of at most 100 characters without control characters or lone surrogates$`)),
      expect.stringMatching(new RegExp(`^${url}: match 2048-08-20 .*: home should be text of at most 100 characters without control characters or lone surrogates$`)),
    ])
    // The fixture is named, never quoted whole.
    for (const error of run.errors) expect(error.length).toBeLessThan(300)
    const rounds = await sql()<{ round: string }[]>`select round from matches where home_club_id = ${away!.id} or away_club_id = ${away!.id}`
    expect(rounds).toEqual([{ round: 'Matchday 3' }])
    const [queued] = await sql()<{ n: number }[]>`select count(*)::int as n from sync_unmatched_teams where length(name) > 100`
    expect(queued!.n).toBe(0)
  })

  it('queues no more than 50 new teams a run from a file naming 3,000, and fetches the file whole again for the rest', async () => {
    const tag = crypto.randomUUID().slice(0, 6)
    const flood = Array.from({ length: 1500 }, (_, i) => ({ round: 'Matchday 1', team1: `Flood ${tag} ${2 * i}`, team2: `Flood ${tag} ${2 * i + 1}` }))
    const files = new Map([[new URL(fileUrl(2049)).pathname.replace('/openfootball', ''), footballJson(2049, flood)]])
    const provider = providersStandIn({ matches: [] }, files)
    const config = syncConfig({ footballData: null, openfootballUrls: [fileUrl(2049)] })
    const waiting = async () => (await sql()<{ n: number }[]>`select count(*)::int as n from sync_unmatched_teams where name like ${`Flood ${tag} %`}`)[0]!.n

    const run = await syncNow('openfootball', config)
    expect(run.queued).toBe(25)
    expect(run.errors).toEqual([`${fileUrl(2049)}: 1475 fixtures name teams the queue has no room for (50 new a run, 500 in all): they wait for a later run`])
    expect(await waiting()).toBe(50)
    // The file's ETag is not kept while fixtures wait: the next run fetches it whole and queues the next 50.
    expect(await syncNow('openfootball', config)).toMatchObject({ queued: 50 })
    expect(provider.requests[1]!.headers.get('if-none-match')).toBeNull()
    expect(await waiting()).toBe(100)
  })
})

describe('the Cron Trigger', () => {
  it('runs football-data each minute and openfootball each hour, each only when configured', async () => {
    await sql()`delete from sync_runs`
    const provider = providersStandIn({ matches: [] })
    const configured = { ...env, FOOTBALL_DATA_API_KEY: API_KEY, FOOTBALL_DATA_API_URL: FOOTBALL_DATA, FOOTBALL_DATA_COMPETITIONS: 'PL', OPENFOOTBALL_URLS: `${OPENFOOTBALL}/{season}/en.1.json` }
    const runCron = (bindings: Env) => worker.scheduled(createScheduledController({ cron: '* * * * *' }), bindings)
    const runs = async () => (await sql()<{ source: string }[]>`select source from sync_runs order by id`).map((r) => r.source)

    await runCron(env)
    expect(await runs()).toEqual([])
    await runCron(configured)
    expect(await runs()).toEqual(['football-data', 'openfootball'])
    expect(provider.requests.map((r) => new URL(r.url).pathname)).toEqual(['/v4/matches', '/v4/competitions/PL/matches', expect.stringMatching(/^\/openfootball\/\d{4}-\d{2}\/en\.1\.json$/)])

    await runCron(configured)
    expect(await runs()).toHaveLength(2)
    // A minute on, football-data is due again; openfootball waits for its hour.
    await sql()`update sync_runs set started_at = started_at - interval '61 seconds'`
    await runCron(configured)
    expect(await runs()).toEqual(['football-data', 'openfootball', 'football-data'])
  })
})
