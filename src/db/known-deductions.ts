// The points deductions the project knows (content/deductions.json: researched, each with
// its reason and source, decision 055) reach a season whichever way it arrives: the importer
// applies them in each file's transaction, the syncs in the transaction that writes a new
// match, the seed for every season held (decision 102). The file is bundled into the worker,
// so production, which never seeds, has them too.
import type postgres from 'postgres'
import known from '../../content/deductions.json' with { type: 'json' }

export interface KnownDeduction {
  competition: string
  /** The season's label: '2022/23'. */
  season: string
  /** The club's source key (clubs.source_key): 'club:juventus'. */
  club: string
  points: number
  decided_on: string
  reason: { en: string; ar: string }
  source: string
}

export const KNOWN_DEDUCTIONS: readonly KnownDeduction[] = known.deductions

/** A season by its competition and label, as the importer and the syncs name it. */
export interface SeasonName {
  competition: string
  label: string
}

export interface KnownDeductionsApplied {
  /** Known deductions of those seasons whose season and club the database holds. */
  held: number
  /** Of those, written now: new, or changed in the file. */
  written: number
}

/**
 * Writes the known deductions of `seasons` (every season when omitted) that the database
 * does not hold as the file has them. Their club is found by its source key, else by the key
 * it had before a merge, else by an alias (a club an editor created from the sync's queue).
 * Asks nothing when no deduction is known for those seasons, and writes nothing when all are
 * stored: a write to point_deductions renews cached pages and tables (decisions 073, 114).
 */
export async function applyKnownDeductions(sql: postgres.Sql | postgres.TransactionSql, seasons?: SeasonName[]): Promise<KnownDeductionsApplied> {
  const wanted = seasons && new Set(seasons.map((s) => `${s.competition} ${s.label}`))
  const rows = KNOWN_DEDUCTIONS.filter((d) => !wanted || wanted.has(`${d.competition} ${d.season}`)).map((d) => ({
    ...d,
    key: `deduction:${d.competition}:${d.season}:${d.club}:${d.decided_on}`,
  }))
  if (rows.length === 0) return { held: 0, written: 0 }
  const found = await sql<{ key: string; season_id: string; club_id: string; due: boolean }[]>`
    with known as (
      select d.*, s.id as season_id,
        coalesce((select c.id from clubs c where c.source_key = d.club),
                 (select r.club_id from club_redirects r where r.old_source_key = d.club),
                 (select a.club_id from club_aliases a where a.alias_key = substr(d.club, 6))) as club_id
      from jsonb_to_recordset(${sql.json(rows)}) as d (competition text, season text, club text, points int, reason jsonb, source text, decided_on date, key text)
      join seasons s on s.competition_id = d.competition and s.label = d.season)
    select k.key, k.season_id::text, k.club_id::text,
      not exists (select 1 from point_deductions p where p.source_key = k.key and p.season_id = k.season_id and p.club_id = k.club_id
                    and p.points = k.points and p.reason = k.reason and p.source_url = k.source and p.decided_on = k.decided_on) as due
    from known k where k.club_id is not null`
  const due = found.filter((f) => f.due).map((f) => ({ ...rows.find((r) => r.key === f.key)!, season_id: f.season_id, club_id: f.club_id }))
  if (due.length > 0) {
    await sql`
      insert into point_deductions (season_id, club_id, points, reason, source_url, decided_on, source_key)
      select d.season_id, d.club_id, d.points, d.reason, d.source, d.decided_on, d.key
      from jsonb_to_recordset(${sql.json(due)}) as d (season_id bigint, club_id bigint, points int, reason jsonb, source text, decided_on date, key text)
      on conflict (source_key) do update set season_id = excluded.season_id, club_id = excluded.club_id, points = excluded.points,
        reason = excluded.reason, source_url = excluded.source_url, decided_on = excluded.decided_on`
  }
  return { held: found.length, written: due.length }
}
