// A page's season tables: worked out without side effects (tables.ts), then what the page
// owes them (decision 109). While a match moves them the page is kept at the edge only
// briefly; once they stand and are not stored yet, they are stored after the answer, on a
// connection of their own, so the page's statements stay one.
import type { Context } from 'hono'
import type { Deduction, TablesSource } from '../db/football-fragments.ts'
import { storeSeasonTables } from '../db/season-tables.ts'
import { afterAnswer } from '../http/after-answer.ts'
import { keepBriefly } from '../middleware/edge-cache.ts'
import type { AppEnv } from '../types.ts'
import { hidesMatch, type SpoilerScope } from './spoilers.ts'
import { type SeasonTablesRead, seasonTables, tablesWithout } from './tables.ts'

/** `spoilers`: a spoiler-free reader's scope; their tables leave out the matches they hide and are never stored (decision 139). */
export function pageSeasonTables(c: Context<AppEnv>, seasonId: number, source: TablesSource, deductions: Deduction[], spoilers: SpoilerScope | null = null): SeasonTablesRead {
  const before = spoilers ? tablesWithout(c.var.lang, source, deductions, (m) => hidesMatch(spoilers, m)) : null
  if (before) return before
  const tables = seasonTables(c.var.lang, seasonId, source, deductions)
  if (tables.inPlay) keepBriefly(c)
  if (tables.unstored) afterAnswer(c, 'season_tables', storeSeasonTables(c.env.DB.connectionString, tables.unstored))
  return tables
}
