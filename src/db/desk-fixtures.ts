// Fixtures made at the desk (issue 34): one match at a time, a federation's list in bulk, and
// a match taken off the schedule. Hand-made rows are keyed `desk:<uuid>` (source_key), so an
// import never takes one for its own. Every write is one transaction with its audit entry;
// the page scopes' triggers (…_page_scopes.sql) renew the public pages it changes.
import type postgres from 'postgres'
import type { CsvRecord } from '../../lib/csv.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import { ClubFinder, type ClubNames, type FixturePlan, planFixtures, type SeasonFixture } from '../football/fixture-plan.ts'
import { recordAudit } from './audit.ts'
import { matchJoins, matchJson, type MatchSummary, type SqlTag } from './football-fragments.ts'

export interface NewFixture {
  seasonId: number
  homeClubId: number
  awayClubId: number
  kickoff: string
  timeKnown: boolean
  round: string | null
  stage: string | null
  group: string | null
  venue: string | null
}

const deskKey = () => `desk:${crypto.randomUUID()}`

/** A match as the desk's fixture calls answer it: as lists show it, with the reason for its status. */
export interface DeskFixture extends MatchSummary {
  statusReason: LocalizedText | null
}

async function readMatch(sql: SqlTag, id: number | string): Promise<DeskFixture | undefined> {
  const [row] = await sql<{ match: DeskFixture }[]>`
    select ${matchJson(sql)}::jsonb || jsonb_build_object('statusReason', m.status_reason) as match
    from matches m ${matchJoins(sql)} where m.id = ${id}`
  return row?.match
}

/** Match `id` as the desk's fixture calls answer it; undefined when there is none. */
export function readFixture(sql: postgres.Sql, id: number): Promise<DeskFixture | undefined> {
  return readMatch(sql, id)
}

/** A match made by hand; `noSuch` names the field whose row does not exist. */
export async function createFixture(
  sql: postgres.Sql,
  fixture: NewFixture,
  actorId: string,
): Promise<{ match: DeskFixture } | { noSuch: 'season_id' | 'home_club_id' | 'away_club_id' }> {
  return sql.begin(async (tx) => {
    const [found] = await tx<{ season: boolean; home: boolean; away: boolean }[]>`
      select exists (select 1 from seasons where id = ${fixture.seasonId}) as season,
        exists (select 1 from clubs where id = ${fixture.homeClubId}) as home,
        exists (select 1 from clubs where id = ${fixture.awayClubId}) as away`
    if (!found!.season) return { noSuch: 'season_id' } as const
    if (!found!.home) return { noSuch: 'home_club_id' } as const
    if (!found!.away) return { noSuch: 'away_club_id' } as const
    const [row] = await tx<{ id: string }[]>`
      insert into matches (season_id, round, stage, group_name, kickoff, kickoff_time_known, home_club_id, away_club_id, venue, status, source_key)
      values (${fixture.seasonId}, ${fixture.round}, ${fixture.stage}, ${fixture.group}, ${fixture.kickoff}, ${fixture.timeKnown},
        ${fixture.homeClubId}, ${fixture.awayClubId}, ${fixture.venue}, 'scheduled', ${deskKey()})
      returning id::text`
    const match = (await readMatch(tx, row!.id))!
    await recordAudit(tx, actorId, { action: 'match.create', targetType: 'match', targetId: row!.id, before: null, after: match })
    return { match }
  })
}

/** A season as its fixtures screen shows it: its competition's zone, and its matches by kick-off. */
export interface SeasonFixtures {
  season: { id: string; label: string; competition: { id: string; name: LocalizedText; timezone: string } }
  matches: MatchSummary[]
}

/** Season `id` with its matches; undefined when there is none. */
export async function readSeasonFixtures(sql: postgres.Sql, id: number): Promise<SeasonFixtures | undefined> {
  const [row] = await sql<SeasonFixtures[]>`
    select json_build_object('id', s.id::text, 'label', s.label,
        'competition', json_build_object('id', c.id, 'name', c.name, 'timezone', c.timezone)) as season,
      coalesce((select json_agg(${matchJson(sql)} order by m.kickoff, m.id)
        from matches m ${matchJoins(sql)} where m.season_id = ${id}), '[]'::json) as matches
    from seasons s join competitions c on c.id = s.competition_id where s.id = ${id}`
  return row
}

/** A season's list judged, and (`write`) its new matches made: `created` counts them. */
export interface FixturesAnswer extends FixturePlan {
  /** New matches the list makes. */
  planned: number
  /** New matches made: `planned` after a write, 0 after a dry run. */
  created: number
}

/**
 * Judges `records` for season `seasonId` and, when `write` and no line is refused, makes every
 * new match in one statement, with one audit entry; null when there is no such season. The
 * season's row is locked first, so two editors sending one list make it once.
 */
export async function writeFixtures(sql: postgres.Sql, seasonId: number, records: CsvRecord[], write: boolean, actorId: string): Promise<FixturesAnswer | null> {
  return sql.begin(async (tx) => {
    const [season] = await tx<{ timezone: string; clubs: ClubNames[]; existing: SeasonFixture[] }[]>`
      select c.timezone,
        coalesce((select json_agg(json_build_object('id', cl.id::text, 'name', cl.name,
            'names', array_remove(array[cl.name ->> 'en', cl.name ->> 'ar', cl.short_name ->> 'en', cl.short_name ->> 'ar'], null)
              || array(select a.alias from club_aliases a where a.club_id = cl.id),
            'inSeason', exists (select 1 from season_clubs sc where sc.season_id = s.id and sc.club_id = cl.id)))
          from clubs cl), '[]'::json) as clubs,
        coalesce((select json_agg(json_build_object('id', m.id::text, 'home', m.home_club_id::text, 'away', m.away_club_id::text, 'round', m.round))
          from matches m where m.season_id = s.id), '[]'::json) as existing
      from seasons s join competitions c on c.id = s.competition_id
      where s.id = ${seasonId}
      for update of s`
    if (!season) return null
    const plan = planFixtures(records, season.timezone, new ClubFinder(season.clubs), season.existing)
    const fresh = plan.matches.filter((match) => match.id === null)
    if (!write || plan.refused.length > 0 || fresh.length === 0) return { ...plan, planned: fresh.length, created: 0 }
    const rows = fresh.map((match) => ({
      line: match.line,
      home: match.home.id,
      away: match.away.id,
      kickoff: match.kickoff,
      time_known: match.timeKnown,
      round: match.round,
      venue: match.venue,
      source_key: deskKey(),
    }))
    const made = await tx<{ id: string; line: number }[]>`
      with x as (
        select * from jsonb_to_recordset(${tx.json(rows)}) as x(line int, home bigint, away bigint, kickoff timestamptz,
          time_known boolean, round text, venue text, source_key text)
      ), made as (
        insert into matches (season_id, round, kickoff, kickoff_time_known, home_club_id, away_club_id, venue, status, source_key)
        select ${seasonId}, x.round, x.kickoff, x.time_known, x.home, x.away, x.venue, 'scheduled', x.source_key from x
        returning id, source_key
      )
      select made.id::text, x.line from made join x using (source_key)`
    const idOf = new Map(made.map((row) => [row.line, row.id]))
    const matches = plan.matches.map((match) => ({ ...match, id: match.id ?? idOf.get(match.line)! }))
    await recordAudit(tx, actorId, {
      action: 'season.fixtures',
      targetType: 'season',
      targetId: seasonId,
      before: null,
      after: { created: made.map((row) => row.id), lines: plan.matches.length },
    })
    return { matches, refused: [], planned: fresh.length, created: made.length }
  })
}

/** What may point at a match, as the 409 names it. */
export type MatchReference = 'events' | 'commentary' | 'broadcasts' | 'posts' | 'follows'

/**
 * Deletes a hand-made match nothing points at; `pointedAt` lists what does. A match that has
 * been followed, written about or shown on a channel's list is a fact readers have seen, and an
 * imported one would come back with the next import: the desk marks such a match cancelled.
 */
export async function deleteFixture(sql: postgres.Sql, id: number, actorId: string): Promise<'deleted' | 'missing' | 'imported' | { pointedAt: MatchReference[] }> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ refs: Record<MatchReference, boolean>; handMade: boolean }[]>`
      select m.source_key like 'desk:%' as "handMade", json_build_object(
        'events', exists (select 1 from match_events where match_id = m.id),
        'commentary', exists (select 1 from match_commentary where match_id = m.id),
        'broadcasts', exists (select 1 from broadcasts where match_id = m.id),
        'posts', exists (select 1 from post_tags where match_id = m.id),
        'follows', exists (select 1 from follows where match_id = m.id)) as refs
      from matches m where m.id = ${id} for update`
    if (!row) return 'missing'
    if (!row.handMade) return 'imported'
    const pointedAt = (Object.keys(row.refs) as MatchReference[]).filter((ref) => row.refs[ref])
    if (pointedAt.length > 0) return { pointedAt }
    const before = await readMatch(tx, id)
    await tx`delete from matches where id = ${id}`
    await recordAudit(tx, actorId, { action: 'match.delete', targetType: 'match', targetId: id, before, after: null })
    return 'deleted'
  })
}
