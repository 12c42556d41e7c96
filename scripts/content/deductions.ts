// Loads the researched points deductions (content/deductions.json) into point_deductions,
// keyed by competition, season, club and decision, so a second load changes nothing. An
// entry for a season or club the database does not hold is applied by the import or sync
// that brings it (decision 102).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'
import * as v from 'valibot'
import { applyKnownDeductions } from '../../src/db/known-deductions.ts'
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
  /** Entries waiting for their season (or club): the import or sync that brings it applies them. */
  waiting: number
}

/**
 * Checks the file, then applies every entry whose season and club the database holds. The
 * worker and the importer read the same file (src/db/known-deductions.ts); the check is here,
 * where a wrong entry stops `npm start` before it is served.
 */
export async function loadDeductions(databaseUrl: string): Promise<DeductionsLoad> {
  const { deductions } = v.parse(DeductionsFile, JSON.parse(readFileSync(join(CONTENT_DIR, 'deductions.json'), 'utf8')))
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const { held } = await applyKnownDeductions(sql)
    return { applied: held, waiting: deductions.length - held }
  } finally {
    await sql.end()
  }
}
