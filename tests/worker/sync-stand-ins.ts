// Stand-ins for the football data providers the syncs call, and the clubs and competition a
// sync test needs. football-data.org v4: GET /v4/competitions/{code}/matches and
// GET /v4/matches (today's), X-Auth-Token required, a 429 with X-RequestCounter-Reset when
// told to refuse. openfootball: football.json files with an ETag, 304 on If-None-Match.
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { aliasKey } from '../../lib/alias-key.ts'
import type { ProviderMatch } from '../../src/sync/football-data-map.ts'
import { broadcastToMatch } from '../../src/live/broadcast.ts'
import { SYNC_LIMITS } from '../../src/sync/provider-limits.ts'
import { runSync, type SyncConfig, type SyncSource } from '../../src/sync/run.ts'
import { sql } from './helpers.ts'
import { standIn } from './stand-in.ts'

/** Both providers answer at one origin, so one replaced fetch serves a test that needs both. */
const ORIGIN = 'https://providers.test'
export const FOOTBALL_DATA = `${ORIGIN}/v4`
export const OPENFOOTBALL = `${ORIGIN}/openfootball`
export const API_KEY = 'stand-in-key'

export interface FootballDataState {
  matches: ProviderMatch[]
  /** Answer every request with a 429 saying the counter resets in this many seconds. */
  refuseFor?: number
  /** Answer every request, to either provider, with this instead (a provider gone wrong): a hang, a flood. */
  answer?: () => Response | Promise<Response>
}

/**
 * football-data.org v4 under /v4 (X-Auth-Token required; a 429 when told to refuse) and
 * openfootball's `files` (path under /openfootball → football.json text) with ETags.
 */
export function providersStandIn(state: FootballDataState, files = new Map<string, string>()): { requests: Request[] } {
  const app = new Hono()
  app.use('*', async (_, next) => (state.answer ? state.answer() : next()))
  app.use('/v4/*', async (c, next) => {
    if (c.req.header('x-auth-token') !== API_KEY) return c.json({ message: 'The resource you are looking for is restricted.', errorCode: 403 }, 403)
    if (state.refuseFor !== undefined) {
      return c.json({ message: 'You reached your request limit.', errorCode: 429 }, 429, { 'X-RequestCounter-Reset': String(state.refuseFor) })
    }
    await next()
  })
  app.get('/v4/competitions/:code/matches', (c) => c.json({ matches: state.matches.filter((m) => m.competition?.code === c.req.param('code')) }))
  app.get('/v4/matches', (c) => {
    const codes = (c.req.query('competitions') ?? '').split(',')
    const today = new Date().toISOString().slice(0, 10)
    return c.json({ matches: state.matches.filter((m) => codes.includes(m.competition?.code ?? '') && m.utcDate.startsWith(today)) })
  })
  app.get('/openfootball/*', async (c) => {
    const text = files.get(new URL(c.req.url).pathname.replace(/^\/openfootball/, ''))
    if (text === undefined) return c.notFound()
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)))
    const etag = `"${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}"`
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { etag })
    return c.text(text, 200, { etag, 'content-type': 'application/json' })
  })
  return standIn(ORIGIN, app)
}

export const syncConfig = (over: Partial<SyncConfig> = {}): SyncConfig => ({
  footballData: { apiKey: API_KEY, apiUrl: FOOTBALL_DATA, competitions: ['PL'] },
  openfootballUrls: [],
  limits: SYNC_LIMITS,
  ...over,
})

/** One sync run as the Cron Trigger makes it, broadcasting through the tests' match rooms. */
export function syncNow(source: SyncSource, config = syncConfig()) {
  return runSync(sql(), source, config, (id, state) => broadcastToMatch(env, id, { type: 'change', state }))
}

/** Forgets the budget and the fetch times, so each test starts with a full minute. */
export async function freshSyncState(): Promise<void> {
  await sql()`delete from sync_budget`
  await sql()`delete from sync_cursors`
}

/** Premier League clubs of this test alone, each known by its name as an alias. */
export async function syncClubs(...names: string[]): Promise<{ id: number; name: string }[]> {
  await sql()`
    insert into competitions (id, kind, name, short_name, country, timezone)
    values ('en.1', 'league', ${sql().json({ en: 'Premier League', ar: 'الدوري الإنجليزي الممتاز' })}, ${sql().json({ en: 'PL', ar: 'الإنجليزي' })}, 'GB', 'Europe/London')
    on conflict do nothing`
  const clubs = []
  for (const name of names) {
    const [club] = await sql()<{ id: number }[]>`
      insert into clubs (name, short_name, source_key) values (${sql().json({ en: name })}, ${sql().json({ en: name })}, ${`club:${aliasKey(name)}`})
      returning id::int`
    await sql()`insert into club_aliases (alias_key, alias, club_id) values (${aliasKey(name)}, ${name}, ${club!.id})`
    clubs.push({ id: club!.id, name })
  }
  return clubs
}

let nextId = 900_000 + Math.floor(Math.random() * 50_000)

/** A Premier League match as football-data.org v4 gives it, in the season starting `year`. */
export function providerMatch(year: number, home: string, away: string, over: Partial<ProviderMatch> = {}): ProviderMatch {
  return {
    id: nextId++,
    utcDate: `${year}-09-12T14:00:00Z`,
    status: 'TIMED',
    matchday: 4,
    stage: 'REGULAR_SEASON',
    competition: { code: 'PL' },
    season: { startDate: `${year}-08-15`, endDate: `${year + 1}-05-24` },
    homeTeam: { id: nextId++, name: `${home} FC`, shortName: home, tla: home.slice(0, 3).toUpperCase() },
    awayTeam: { id: nextId++, name: `${away} FC`, shortName: away, tla: away.slice(0, 3).toUpperCase() },
    score: { fullTime: { home: null, away: null }, halfTime: { home: null, away: null } },
    ...over,
  }
}
