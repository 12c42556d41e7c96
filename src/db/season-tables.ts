// Stores a season's tables once the rules engine has worked them out (decision 073).
import type { JSONValue } from 'postgres'
import { createDatabase } from './client.ts'

/** A season's tables in `lang`, computed from the data of `version`. */
export interface StoredSeasonTables {
  seasonId: number
  lang: string
  version: string
  tables: JSONValue
}

/**
 * Keeps the season's tables. A newer version already stored wins: a page that rendered from
 * older data must not replace it. It runs after the answer, on a connection of its own, so
 * the page's statements stay one.
 */
export async function storeSeasonTables(connectionString: string, { seasonId, lang, version, tables }: StoredSeasonTables): Promise<void> {
  const { sql } = createDatabase(connectionString, { afterAnswer: true })
  await sql`
    insert into season_tables (season_id, lang, version, tables)
    values (${seasonId}, ${lang}, ${version}, ${sql.json(tables)})
    on conflict (season_id, lang) do update set version = excluded.version, tables = excluded.tables
    where season_tables.version < excluded.version`
}
