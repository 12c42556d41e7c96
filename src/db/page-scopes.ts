// The versions the edge cache judges kept pages by (decision 114): raised by triggers whenever
// what a public page shows changes (supabase/migrations/…_page_scopes.sql).
import type postgres from 'postgres'
import type { VersionsRead } from '../http/page-scopes.ts'

/**
 * The latest version, and the scopes that changed after version `after`, or else within the
 * last `withinSeconds` (an isolate's first read). One statement; clock_timestamp() is
 * volatile, so Hyperdrive never answers it from its query cache.
 */
export async function readScopeVersions(sql: postgres.Sql, since: { after: number } | { withinSeconds: number }): Promise<VersionsRead> {
  const changed =
    'after' in since ? sql`version > ${since.after}` : sql`changed_at > clock_timestamp() - make_interval(secs => ${since.withinSeconds})`
  const [row] = await sql<{ max: string; changed: VersionsRead['changed'] }[]>`
    select (select version::text from page_version) as max, clock_timestamp(),
      coalesce((select json_agg(json_build_array(scope, version)) from page_scopes where ${changed}), '[]') as changed`
  return { max: Number(row?.max ?? 0), changed: row?.changed ?? [] }
}
