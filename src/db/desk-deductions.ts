// What the deductions screen lists and offers: the seasons (their clubs come from
// src/db/desk-seasons.ts; a deduction is only recorded for a club with a match in one,
// src/db/desk-football.ts), and the deductions a season has, the seed's and the desk's alike.
import type postgres from 'postgres'
import type { LocalizedText } from '../../lib/localized.ts'

export interface DeskSeason {
  id: string
  label: string
  competition: { id: string; name: LocalizedText }
}

export interface DeskDeduction {
  id: string
  club: { id: string; name: LocalizedText }
  points: number
  reason: { ar: string; en: string }
  sourceUrl: string
  decidedOn: string | null
}

/** Every season, the flagship competitions and the latest seasons first: a hand-made one before its first match too. */
export function listSeasons(sql: postgres.Sql): Promise<DeskSeason[]> {
  return sql<DeskSeason[]>`
    select s.id::text, s.label, json_build_object('id', c.id, 'name', c.name) as competition
    from seasons s join competitions c on c.id = s.competition_id
    order by c.priority, c.id, s.label desc`
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
