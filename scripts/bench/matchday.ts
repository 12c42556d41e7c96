// npm run bench -- --scenario matchday: ten matches live at once while readers browse the
// site, and what the edge cache keeps (issue 25). The bench starts the site on a throwaway
// embedded database and takes the ten real fixtures that were due first and were never
// played in the data (openfootball's snapshot ends mid-season), in the seasons the league
// pages show. Their kick-off moves to now, and the editor API plays each one on an accelerated
// clock (scripts/bench/matchday-plan.ts). K readers, without a session, ask for a few hundred
// public pages in a Zipf mix (scripts/bench/zipf.ts), first for a baseline with no writes,
// then all through the matches. The report gives the edge cache's hits (X-Cache: HIT) per
// page type, and apart for the pages that show a changed match and those that do not
// (scripts/bench/changed-pages.ts says which).
//
//   npm run bench -- --scenario matchday [--matches 10] [--readers 4] [--match-seconds 75]
//                    [--baseline 30] [--zipf 1] [--seed 1] [--server preview|workerd]
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { href, POST_KINDS, postHref, type PostKind, type PostSection } from '../../lib/links.ts'
import type { Locale } from '../../lib/locales.ts'
import { spread } from '../lib/percentile.ts'
import { editorToken } from '../live/editor-api.ts'
import { loadOriginal, playSteps } from '../live/replay.ts'
import { type ChangedMatch, type PageKind, type ReadPage, showsChangedMatch } from './changed-pages.ts'
import { type MatchdayMatch, planMatchday, type SquadPlayer, turned } from './matchday-plan.ts'
import { benchServer, machineLoad, serverKind, UsageError, wholeOption } from './server.ts'
import { interleave, seededRandom, zipfSampler } from './zipf.ts'

/** Issue 25's figures for the match day: hits on pages that show no changed match, and on all pages. */
const GOALS = { unchangedHitRatio: 0.95, allHitRatio: 0.8 }

const LANGS: Locale[] = ['ar', 'en']

/** A fixture put live, with what the pages reach it by. */
interface Fixture {
  id: number
  competition: string
  season: string
  home: string
  away: string
}

/** The real fixtures due first that the data never saw played, in seasons their league pages show. */
async function unplayedFixtures(sql: postgres.Sql, count: number): Promise<Fixture[]> {
  const fixtures = await sql<Fixture[]>`
    with shown as (
      -- The season a league page shows without ?season= (src/db/leagues.ts): the latest with a result.
      select distinct on (s.competition_id) s.id from seasons s
      order by s.competition_id, exists (select 1 from matches m where m.season_id = s.id and m.status in ('finished', 'awarded')) desc, s.label desc)
    select m.id::int, s.competition_id as competition, m.season_id::text as season, m.home_club_id::text as home, m.away_club_id::text as away
    from matches m join shown on shown.id = m.season_id join seasons s on s.id = m.season_id
    where m.status = 'scheduled' and m.kickoff < now() and not m.demo and m.replay_of is null
    order by m.kickoff, m.id limit ${count}`
  if (fixtures.length < count) throw new UsageError(`the database has ${fixtures.length} unplayed fixtures in the seasons league pages show; ask for --matches ${fixtures.length} or fewer`)
  return fixtures
}

/** The two clubs' last real meeting, told from this fixture's home side; null when they never met. */
async function lastMeeting(sql: postgres.Sql, fixture: Fixture): Promise<MatchdayMatch['meeting']> {
  const [row] = await sql<{ id: number; turned: boolean }[]>`
    select id::int, home_club_id <> ${fixture.home} as turned from matches
    where status = 'finished' and ft_home is not null and not demo and replay_of is null
      and ((home_club_id = ${fixture.home} and away_club_id = ${fixture.away}) or (home_club_id = ${fixture.away} and away_club_id = ${fixture.home}))
    order by kickoff desc limit 1`
  if (!row) return null
  const meeting = await loadOriginal(sql, row.id)
  return row.turned ? turned(meeting) : meeting
}

/** Players a club's events may name: its squad in the players table, and those who scored for it. */
async function squad(sql: postgres.Sql, club: string): Promise<SquadPlayer[]> {
  return sql<SquadPlayer[]>`
    select p.id::int, coalesce(p.name ->> 'en', p.name ->> 'ar') as name from players p
    where p.club_id = ${club} or p.id in (
      select e.player_id from match_events e join matches m on m.id = e.match_id
      where e.kind in ('goal', 'penalty_goal') and ((e.side = 1 and m.home_club_id = ${club}) or (e.side = 2 and m.away_club_id = ${club})))
    order by p.id limit 25`
}

/** Today in the site's zone (serve.ts gives the worker this machine's), as a day's list names it. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
}

interface PageRows {
  posts: { kind: PostKind; slug: { ar: string; en: string } }[]
  leagues: { id: string; season: string; label: string; latest: boolean }[]
  clubs: string[]
  days: string[]
  matches: string[]
  players: string[]
}

/**
 * The pages the readers ask for, most asked first: each kind's own order (the changed first,
 * as a match day's readers go for what is live), the kinds taken in turn (zipf.ts's
 * interleave), both languages of a page side by side.
 */
async function readPages(sql: postgres.Sql, live: ChangedMatch[]): Promise<ReadPage[]> {
  const liveIds = live.map((m) => m.id)
  const liveClubs = live.flatMap((m) => m.clubs)
  const named = [...new Set(live.flatMap((m) => m.players))].slice(0, 15)
  const [rows] = await sql<[PageRows]>`
    select
      (select json_agg(x) from (
        select kind, json_build_object('ar', slug_ar, 'en', slug_en) as slug from posts
        where status = 'published' order by published_at desc limit 20) x) as posts,
      (select json_agg(x order by x.latest desc, x.id) from (
        select s.competition_id as id, s.id::text as season, s.label,
               row_number() over (partition by s.competition_id
                 order by exists (select 1 from matches m where m.season_id = s.id and m.status in ('finished', 'awarded')) desc, s.label desc) = 1 as latest,
               row_number() over (partition by s.competition_id
                 order by exists (select 1 from matches m where m.season_id = s.id and m.status in ('finished', 'awarded')) desc, s.label desc) as n
        from seasons s) x where x.n <= 2) as leagues,
      (select json_agg(id) from (
        select distinct c.id::text as id from clubs c join matches m on c.id in (m.home_club_id, m.away_club_id)
        where c.id::text <> all(${liveClubs}) and not m.demo order by 1 limit 20) x) as clubs,
      (select json_agg(day) from (
        select distinct (kickoff at time zone 'UTC')::date::text as day from matches
        where status = 'finished' and not demo order by 1 desc limit 3) x) as days,
      (select json_agg(id) from (
        (select id::text from matches where status = 'finished' and not demo and replay_of is null order by kickoff desc limit 20)
        union all
        (select id::text from matches where status = 'scheduled' and kickoff > now() and id::text <> all(${liveIds}) order by kickoff limit 5)) x) as matches,
      (select json_agg(id) from (
        select p.id::text from players p where p.id::text <> all(${named})
        order by (select count(*) from match_events e where e.player_id = p.id) desc, p.id limit 15) x) as players`
  const day = today()
  const shifted = (days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10)
  const liveSeasons = new Set(live.map((m) => m.season))
  const leagues = rows.leagues.toSorted((a, b) => Number(liveSeasons.has(b.season)) - Number(liveSeasons.has(a.season)))
  const about = (kind: PageKind, ids: Iterable<string>) => [...new Set(ids)].map((id) => ({ kind, about: id }))
  const kinds: Omit<ReadPage, 'path'>[][] = [
    [{ kind: 'home' }],
    about('match', [...liveIds, ...rows.matches]),
    about('matches', [day, shifted(-1), shifted(1), ...rows.days]),
    about('league', leagues.map((l) => l.season)),
    about('club', [...liveClubs, ...rows.clubs]),
    about('post list', POST_KINDS),
    about('post', rows.posts.map((_, n) => String(n))),
    about('player', [...named, ...rows.players]),
    [{ kind: 'leagues' }],
  ]
  return interleave(kinds).flatMap((page) => LANGS.map((lang) => ({ kind: page.kind, about: page.about, path: pathOf(page, lang, rows, day) })))
}

function pathOf(page: Omit<ReadPage, 'path'>, lang: Locale, rows: PageRows, day: string): string {
  switch (page.kind) {
    case 'home':
      return href(lang, 'home')
    case 'match':
      return href(lang, 'match', { id: page.about! })
    case 'matches':
      return page.about === day ? href(lang, 'matches') : `${href(lang, 'matches')}?date=${page.about}`
    case 'league': {
      const league = rows.leagues.find((l) => l.season === page.about)!
      return href(lang, 'league', { id: league.id, season: league.latest ? undefined : league.label })
    }
    case 'club':
      return href(lang, 'club', { id: page.about! })
    case 'post list':
      return href(lang, 'posts', { section: page.about as PostSection })
    case 'post':
      return postHref(lang, rows.posts[Number(page.about)]!)
    case 'player':
      return href(lang, 'player', { id: page.about! })
    case 'leagues':
      return href(lang, 'leagues')
  }
}

type Phase = 'baseline' | 'matchday'

interface Tally {
  requests: number
  hits: number
  /** Misses while the copy last stored was still within its time (its s-maxage): a new version renewed the page. */
  early: number
}

type Answer = 'hit' | 'early miss' | 'miss'

/** Requests, hits and early misses by phase, then by page kind or by whether the page shows a changed match. */
class Tallies {
  private readonly counts = new Map<string, Tally>()
  errors: string[] = []

  add(phase: Phase, page: ReadPage & { changed: boolean }, answer: Answer) {
    for (const key of [page.kind, page.changed ? 'shows a changed match' : 'shows no changed match', 'all pages']) {
      const tally = this.get(phase, key)
      tally.requests += 1
      if (answer === 'hit') tally.hits += 1
      if (answer === 'early miss') tally.early += 1
      this.counts.set(`${phase} ${key}`, tally)
    }
  }

  get(phase: Phase, key: string): Tally {
    return this.counts.get(`${phase} ${key}`) ?? { requests: 0, hits: 0, early: 0 }
  }
}

const ratio = (t: Tally) => (t.requests === 0 ? NaN : t.hits / t.requests)

/**
 * Asks for a page and tells a hit from a miss, and a miss that came before the stored copy's
 * time ran out (`expiries`: when each address's copy, stored at its last miss, runs out, by
 * the s-maxage the miss was sent with) from one that came after. A page kept per reader's
 * zone (the day's list) says no s-maxage, so its misses never count as early.
 */
async function read(baseUrl: string, path: string, expiries: Map<string, number>): Promise<Answer> {
  const res = await fetch(baseUrl + path, { redirect: 'manual' })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`answered ${res.status}`)
  if (res.headers.get('x-cache') === 'HIT') return 'hit'
  const now = Date.now()
  const early = (expiries.get(path) ?? 0) > now
  const kept = /s-maxage=(\d+)/.exec(res.headers.get('cache-control') ?? '')
  if (kept) expiries.set(path, now + Number(kept[1]) * 1000)
  else expiries.delete(path)
  return early ? 'early miss' : 'miss'
}

/** One reader: a page at a time, as fast as the site answers, while `phase` names one. */
async function reader(baseUrl: string, pages: (ReadPage & { changed: boolean })[], draw: () => number, phase: () => Phase | null, tallies: Tallies, expiries: Map<string, number>) {
  for (let current = phase(); current; current = phase()) {
    const page = pages[draw()]!
    try {
      tallies.add(current, page, await read(baseUrl, page.path, expiries))
    } catch (error) {
      tallies.errors.push(`${page.path}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      matches: { type: 'string', default: '10' },
      readers: { type: 'string', default: '4' },
      'match-seconds': { type: 'string', default: '75' },
      baseline: { type: 'string', default: '30' },
      zipf: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      server: { type: 'string', default: 'preview' },
    },
  })
  const count = wholeOption('matches', values.matches, 1, 50)
  const readers = wholeOption('readers', values.readers, 1, 200)
  const matchSeconds = wholeOption('match-seconds', values['match-seconds'], 10, 5400)
  const baselineMs = wholeOption('baseline', values.baseline, 0, 3600) * 1000
  const seed = wholeOption('seed', values.seed, 0, 2 ** 32 - 1)
  const zipf = Number(values.zipf)
  if (!(zipf >= 0 && zipf <= 5)) throw new UsageError(`--zipf is "${values.zipf}": give an exponent from 0 to 5 (1 is the classic Zipf mix)`)
  const server = serverKind(values.server)
  const random = seededRandom(seed)

  const target = await benchServer({ server })
  try {
    const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => {} })
    const setUp = await (async () => {
      const fixtures = await unplayedFixtures(sql, count)
      // Match day is today: the fixtures kick off now, and today's list, the clubs and the home page show them.
      await sql`update matches set kickoff = now() where id = any(${fixtures.map((f) => f.id)})`
      const plans = []
      for (const fixture of fixtures) {
        const match: MatchdayMatch = { meeting: await lastMeeting(sql, fixture), squads: { home: await squad(sql, fixture.home), away: await squad(sql, fixture.away) } }
        plans.push({ fixture, steps: planMatchday(match, matchSeconds, random) })
      }
      const live: ChangedMatch[] = plans.map(({ fixture, steps }) => ({
        id: String(fixture.id),
        season: fixture.season,
        clubs: [fixture.home, fixture.away],
        day: today(),
        players: steps.flatMap((s) => [s.body.player_id, s.body.other_player_id]).filter((id) => typeof id === 'number').map(String),
      }))
      const pages = (await readPages(sql, live)).map((page) => ({ ...page, changed: showsChangedMatch(page, live) }))
      return { plans, pages, token: await editorToken(sql) }
    })().finally(() => sql.end())
    const { plans, pages, token } = setUp
    const changedPages = pages.filter((p) => p.changed).length
    const writes = plans.reduce((sum, p) => sum + p.steps.length, 0)
    const leagues = new Map<string, number[]>()
    for (const { fixture } of plans) leagues.set(fixture.competition, [...(leagues.get(fixture.competition) ?? []), fixture.id])
    console.log(
      `bench matchday: ${target.described}; ${plans.length} matches (${[...leagues].map(([league, ids]) => `${league}: ${ids.join(', ')}`).join('; ')}), ${writes} editor calls over ~${Math.round((plans[0]!.steps.at(-1)!.at + 999) / 1000)} s; ` +
        `${readers} readers, ${pages.length} pages (${changedPages} show a changed match), Zipf s=${zipf}, seed ${seed}; ${machineLoad()}`,
    )

    const tallies = new Tallies()
    const expiries = new Map<string, number>()
    // Every page once first, so both phases start from a filled cache.
    console.log('warm-up: every page once…')
    const queue = [...pages]
    const warmUpStarted = Date.now()
    await Promise.all(
      Array.from({ length: readers }, async () => {
        for (let page = queue.shift(); page; page = queue.shift()) await read(target.baseUrl, page.path, expiries)
      }),
    )
    console.log(`warm-up took ${Math.round((Date.now() - warmUpStarted) / 1000)} s`)
    let phase: Phase | null = 'baseline'
    const draw = zipfSampler(pages.length, zipf, random)
    const reading = Promise.all(Array.from({ length: readers }, () => reader(target.baseUrl, pages, draw, () => phase, tallies, expiries)))
    console.log(`baseline: ${baselineMs / 1000} s of reading, no writes…`)
    await new Promise((resolve) => setTimeout(resolve, baselineMs))
    phase = 'matchday'
    console.log('match day: the matches kick off…')
    const started = Date.now()
    const stopped = new AbortController()
    const writeMs: number[] = []
    const writeErrors: string[] = []
    await Promise.all(
      plans.map(({ fixture, steps }, n) =>
        playSteps({
          baseUrl: target.baseUrl,
          token,
          matchId: fixture.id,
          steps,
          // Kick-offs a few hundred milliseconds apart, as ten editors' clicks would be.
          kickoff: started + n * 300,
          signal: stopped.signal,
          log: () => {},
          onStep: (_, sentAt) => writeMs.push(Date.now() - sentAt),
        }).catch((error: unknown) => void writeErrors.push(`match ${fixture.id}: ${error instanceof Error ? error.message : String(error)}`)),
      ),
    )
    const matchdayMs = Date.now() - started
    console.log(`match day over; ${machineLoad()}`)
    phase = null
    await reading

    report(tallies, { writes: writeMs, writeErrors, matchdayMs, plannedMs: Math.max(...plans.map((p, n) => p.steps.at(-1)!.at + n * 300)) })
  } finally {
    await target.stop()
  }
}

function report(tallies: Tallies, writes: { writes: number[]; writeErrors: string[]; matchdayMs: number; plannedMs: number }) {
  const percent = (t: Tally) => (Number.isNaN(ratio(t)) ? '-' : `${(ratio(t) * 100).toFixed(1)}%`)
  const keys: string[] = [...(['home', 'match', 'matches', 'league', 'club', 'post list', 'post', 'player', 'leagues'] satisfies PageKind[]), 'shows a changed match', 'shows no changed match', 'all pages']
  console.table(
    keys.map((key) => {
      const baseline = tallies.get('baseline', key)
      const matchday = tallies.get('matchday', key)
      return {
        pages: key,
        'baseline requests': baseline.requests,
        'baseline hits': percent(baseline),
        'match day requests': matchday.requests,
        'match day hits': percent(matchday),
        'early misses': matchday.early,
      }
    }),
  )
  const latency = spread(writes.writes)
  console.log(
    `match day: ${(writes.matchdayMs / 1000).toFixed(0)} s (planned ${(writes.plannedMs / 1000).toFixed(0)} s), ${writes.writes.length} editor calls answered ` +
      `(${(writes.writes.length / (writes.matchdayMs / 1000)).toFixed(1)} a second; p50 ${Math.round(latency.p50)} ms, p99 ${Math.round(latency.p99)} ms)`,
  )
  for (const error of writes.writeErrors) console.log(`editor call failed, that match stopped: ${error}`)
  if (tallies.errors.length > 0) console.log(`${tallies.errors.length} page requests failed, e.g. ${tallies.errors.slice(0, 3).join('; ')}`)
  const unchanged = ratio(tallies.get('matchday', 'shows no changed match'))
  const all = ratio(tallies.get('matchday', 'all pages'))
  const missed = [
    !(unchanged >= GOALS.unchangedHitRatio) ? `pages that show no changed match hit ${(unchanged * 100).toFixed(1)}%, under ${GOALS.unchangedHitRatio * 100}%` : '',
    !(all >= GOALS.allHitRatio) ? `all pages hit ${(all * 100).toFixed(1)}%, under ${GOALS.allHitRatio * 100}%` : '',
    writes.writeErrors.length > 0 ? 'editor calls failed' : '',
  ].filter(Boolean)
  for (const line of missed) console.log(`goal missed: ${line}`)
  if (missed.length > 0 || tallies.errors.length > 0) process.exitCode = 1
}
