// The openfootball snapshot ends months before today, so without help every "upcoming"
// list would be empty and no countdown would run. The demo invents a few fixtures just
// ahead of `now` between real clubs, marked demo = true (the pages label them) and with
// round 'Demo', never a made-up matchday.
//
// Fixtures sit on a fixed weekly timetable with pairings that depend only on the date, so
// any run sees the same fixtures in its window: a rerun the same day adds nothing, the
// next day adds only what entered the window, and no club is booked twice in a week.
// Imported rows (demo = false) are never touched.
import postgres from 'postgres'

interface Slot {
  /** 0 Sunday … 6 Saturday, as Date.getUTCDay counts. */
  weekday: number
  /** Kick-off in UTC. */
  time: string
}

/** Each league's usual kick-offs, in UTC (local times in the comments). */
const TIMETABLE: { competitionId: string; slots: Slot[] }[] = [
  // Saturday 15:00 and Sunday 16:30 in London (GMT in the winter).
  { competitionId: 'en.1', slots: [{ weekday: 6, time: '15:00' }, { weekday: 0, time: '16:30' }] },
  // Saturday and Sunday 21:00 in Madrid.
  { competitionId: 'es.1', slots: [{ weekday: 6, time: '20:00' }, { weekday: 0, time: '20:00' }] },
  // Thursday and Friday 21:00 in Riyadh.
  { competitionId: 'sa.1', slots: [{ weekday: 4, time: '18:00' }, { weekday: 5, time: '18:00' }] },
  // Tuesday and Wednesday 19:00 in Cairo.
  { competitionId: 'eg.1', slots: [{ weekday: 2, time: '17:00' }, { weekday: 3, time: '17:00' }] },
]

/** How far ahead the timetable is filled: about a dozen fixtures across the four leagues. */
const WINDOW_DAYS = 10
/** The extra fixture that keeps a countdown running: about two hours from `now`... */
const SOON_MS = 2 * 3_600_000
/** ...added when nothing at all kicks off within three hours. */
const SOON_WINDOW_MS = 3 * 3_600_000
const DAY_MS = 86_400_000
const QUARTER_HOUR_MS = 900_000

interface League {
  competitionId: string
  slots: Slot[]
  seasonId: string
  /** The clubs of the latest imported season, in a stable order (by source key). */
  clubs: { id: string; sourceKey: string }[]
}

interface Fixture {
  league: League
  kickoff: Date
  home: League['clubs'][number]
  away: League['clubs'][number]
}

export async function seedDemoFixtures(databaseUrl: string, now = new Date()): Promise<{ inserted: number; removed: number }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    return await sql.begin(async (tx) => {
      const removed = await tx`delete from matches where demo and kickoff < ${now}`
      const leagues = await loadLeagues(tx, now)
      const fixtures = timetableFixtures(leagues, now)
      const [soon] = await tx`
        select 1 from matches where status = 'scheduled' and kickoff > ${now} and kickoff <= ${new Date(now.getTime() + SOON_WINDOW_MS)}`
      if (!soon && !fixtures.some((f) => f.kickoff.getTime() - now.getTime() <= SOON_WINDOW_MS)) {
        const fixture = soonFixture(leagues, now)
        if (fixture) fixtures.push(fixture)
      }
      let inserted = 0
      for (const fixture of fixtures) inserted += await insertFixture(tx, fixture)
      return { inserted, removed: removed.count }
    })
  } finally {
    await sql.end()
  }
}

/**
 * The leagues with enough imported clubs to pair (the soon fixture takes a pair beyond the
 * timetable's, so no club plays twice in a week), each with the season row the fixtures
 * belong to: the one for `now`, created if the import has none.
 */
async function loadLeagues(sql: postgres.TransactionSql, now: Date): Promise<League[]> {
  const leagues: League[] = []
  for (const { competitionId, slots } of TIMETABLE) {
    const clubs = await sql<{ id: string; sourceKey: string; label: string }[]>`
      with latest as (
        select s.id, s.label from seasons s
        where s.competition_id = ${competitionId}
          and exists (select 1 from matches m where m.season_id = s.id and not m.demo)
        order by s.label desc
        limit 1
      )
      select distinct c.id, c.source_key as "sourceKey", latest.label
      from latest
      join matches m on m.season_id = latest.id and not m.demo
      join clubs c on c.id in (m.home_club_id, m.away_club_id)
      order by c.source_key`
    if (clubs.length < 2 * (slots.length + 1)) continue
    const label = seasonLabel(now, clubs[0]!.label.includes('/'))
    await sql`insert into seasons (competition_id, label) values (${competitionId}, ${label}) on conflict do nothing`
    const [season] = await sql<{ id: string }[]>`select id from seasons where competition_id = ${competitionId} and label = ${label}`
    leagues.push({ competitionId, slots, seasonId: season!.id, clubs: clubs.map(({ id, sourceKey }) => ({ id, sourceKey })) })
  }
  return leagues
}

/**
 * '2026/27' for a league that spans two years (they start in August, so from July on the
 * season is the one beginning this year), '2026' for one that follows the calendar.
 */
function seasonLabel(now: Date, splitYears: boolean): string {
  const year = now.getUTCFullYear()
  if (!splitYears) return String(year)
  const start = now.getUTCMonth() >= 6 ? year : year - 1
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`
}

function timetableFixtures(leagues: League[], now: Date): Fixture[] {
  const fixtures: Fixture[] = []
  const end = now.getTime() + WINDOW_DAYS * DAY_MS
  for (let day = Math.floor(now.getTime() / DAY_MS); day * DAY_MS <= end; day++) {
    const weekday = new Date(day * DAY_MS).getUTCDay()
    for (const league of leagues) {
      league.slots.forEach((slot, index) => {
        if (slot.weekday !== weekday) return
        const [hours, minutes] = slot.time.split(':').map(Number)
        const kickoff = new Date(day * DAY_MS + (hours! * 60 + minutes!) * 60_000)
        if (kickoff > now && kickoff.getTime() <= end) fixtures.push({ league, kickoff, ...pairing(league, day, index) })
      })
    }
  }
  return fixtures
}

function soonFixture(leagues: League[], now: Date): Fixture | undefined {
  const day = Math.floor(now.getTime() / DAY_MS)
  const league = leagues[day % leagues.length]
  if (!league) return undefined
  const kickoff = new Date(Math.ceil((now.getTime() + SOON_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS)
  return { league, kickoff, ...pairing(league, day, league.slots.length) }
}

/**
 * The `index`-th pair of the week that `day` (days since 1970-01-01, a Thursday) falls in.
 * Each week starts three clubs further along the list, so the pairings change weekly;
 * within a week the pairs are disjoint.
 */
function pairing(league: League, day: number, index: number): Pick<Fixture, 'home' | 'away'> {
  const week = Math.floor((day + 3) / 7)
  const { clubs } = league
  const first = (week * 3 + index * 2) % clubs.length
  return { home: clubs[first]!, away: clubs[(first + 1) % clubs.length]! }
}

/**
 * Inserts the fixture unless it exists, or the league already has a demo fixture at that
 * kick-off (the club list changed since it was made). Returns 1 when a row was added.
 */
async function insertFixture(sql: postgres.TransactionSql, { league, kickoff, home, away }: Fixture): Promise<number> {
  const sourceKey = `demo:${kickoff.toISOString().slice(0, 10)}:${home.sourceKey}:${away.sourceKey}`
  const written = await sql`
    insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, demo, source_key)
    select ${league.seasonId}, 'Demo', ${kickoff}, ${home.id}, ${away.id}, 'scheduled', true, ${sourceKey}
    where not exists (select 1 from matches where demo and season_id = ${league.seasonId} and kickoff = ${kickoff})
    on conflict (source_key) do nothing`
  return written.count
}
