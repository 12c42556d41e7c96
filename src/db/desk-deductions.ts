// What the deductions screen lists and offers: the seasons, the clubs that played in one
// (a deduction is only recorded for those, src/db/desk-football.ts), and the deductions a
// season has, the seed's and the desk's alike.
import type postgres from 'postgres'
import type { LocalizedText } from '../../lib/localized.ts'

export interface DeskSeason {
  id: string
  label: string
  competition: { id: string; name: LocalizedText }
}

export interface SeasonClub {
  id: string
  name: LocalizedText
}

export interface DeskDeduction {
  id: string
  club: SeasonClub
  points: number
  reason: { ar: string; en: string }
  sourceUrl: string
  decidedOn: string | null
}

/** Seasons with matches, the flagship competitions and the latest seasons first. */
export function listSeasons(sql: postgres.Sql): Promise<DeskSeason[]> {
  return sql<DeskSeason[]>`
    select s.id::text, s.label, json_build_object('id', c.id, 'name', c.name) as competition
    from seasons s join competitions c on c.id = s.competition_id
    where exists (select 1 from matches m where m.season_id = s.id)
    order by c.priority, c.id, s.label desc`
}

/** The clubs with a match in the season, by English name; null for an unknown season. */
export async function seasonClubs(sql: postgres.Sql, seasonId: number): Promise<SeasonClub[] | null> {
  const [season] = await sql`select 1 from seasons where id = ${seasonId}`
  if (!season) return null
  return sql<SeasonClub[]>`
    select c.id::text, c.name from clubs c
    where c.id in (select home_club_id from matches where season_id = ${seasonId} union select away_club_id from matches where season_id = ${seasonId})
    order by c.name ->> 'en', c.id`
}

/** The season's deductions, as they show under its table; null for an unknown season. */
export async function seasonDeductions(sql: postgres.Sql, seasonId: number): Promise<DeskDeduction[] | null> {
  const [season] = await sql`select 1 from seasons where id = ${seasonId}`
  if (!season) return null
  return sql<DeskDeduction[]>`
    select d.id::text, json_build_object('id', c.id::text, 'name', c.name) as club, d.points, d.reason,
      d.source_url as "sourceUrl", to_char(d.decided_on, 'YYYY-MM-DD') as "decidedOn"
    from point_deductions d join clubs c on c.id = d.club_id
    where d.season_id = ${seasonId} order by d.decided_on desc nulls last, d.id desc`
}
