// The page version the edge cache keys public pages under (decision 071): raised by triggers
// whenever what a public page shows changes (supabase/migrations/…_page_version.sql).
import type postgres from 'postgres'

export async function readPageVersion(sql: postgres.ISql): Promise<string> {
  // clock_timestamp() is volatile: Hyperdrive never answers such a statement from its query cache.
  const [row] = await sql<{ version: string }[]>`select version::text, clock_timestamp() from page_version`
  return row?.version ?? '0'
}
