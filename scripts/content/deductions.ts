// Loads the researched points deductions (content/deductions.json) into point_deductions,
// keyed by competition, season, club and decision, so a second load changes nothing. An
// entry for a season or club the database does not hold waits until it is imported.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'
import * as v from 'valibot'
import { CONTENT_DIR, LocalizedText } from './content-files.ts'

const Deduction = v.strictObject({
  competition: v.pipe(v.string(), v.nonEmpty()),
  season: v.pipe(v.string(), v.regex(/^\d{4}(\/\d{2})?$/)),
  /** The club's source key (clubs.source_key), e.g. `club:everton`. */
  club: v.pipe(v.string(), v.startsWith('club:')),
  points: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  decided_on: v.pipe(v.string(), v.isoDate()),
  reason: LocalizedText,
  source: v.pipe(v.string(), v.url(), v.startsWith('https://')),
})

const DeductionsFile = v.strictObject({ about: v.string(), deductions: v.array(Deduction) })

export interface DeductionsLoad {
  /** Entries whose season and club the database holds. */
  applied: number
  /** Entries waiting for their season (or club) to be imported. */
  waiting: number
}

export async function loadDeductions(databaseUrl: string, file = join(CONTENT_DIR, 'deductions.json')): Promise<DeductionsLoad> {
  const { deductions } = v.parse(DeductionsFile, JSON.parse(readFileSync(file, 'utf8')))
  const rows = deductions.map((d) => ({ ...d, key: `deduction:${d.competition}:${d.season}:${d.club}:${d.decided_on}` }))
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const written = await sql<{ source_key: string }[]>`
      insert into point_deductions (season_id, club_id, points, reason, source_url, decided_on, source_key)
      select s.id, k.id, d.points, d.reason, d.source, d.decided_on::date, d.key
      from jsonb_to_recordset(${sql.json(rows)}) as d (competition text, season text, club text, points int, reason jsonb, source text, decided_on text, key text)
      join seasons s on s.competition_id = d.competition and s.label = d.season
      join clubs k on k.source_key = d.club
      on conflict (source_key) do update set points = excluded.points, reason = excluded.reason, source_url = excluded.source_url,
        decided_on = excluded.decided_on, season_id = excluded.season_id, club_id = excluded.club_id
      returning source_key`
    return { applied: written.length, waiting: rows.length - written.length }
  } finally {
    await sql.end()
  }
}
