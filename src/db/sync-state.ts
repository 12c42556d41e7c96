// What the syncs keep between runs: each run's record (sync_runs), football-data.org's request
// budget (sync_budget), when each competition or file was last fetched (sync_cursors), and
// the seed's demo fixtures that real ones replace (decision 096).
import type postgres from 'postgres'
import { aliasKey } from '../../lib/alias-key.ts'
import type { Budget } from '../sync/budget.ts'
import type { SyncReport } from '../sync/fixture-writer.ts'
import type { QueueRoom } from '../sync/queue-cap.ts'

/** The changes, conflicts and errors kept per run: the page shows a screenful, the counts say the rest. */
const KEPT_CHANGES = 100

/** An error is the sync's own sentence, but it may quote a provider: it is kept this long. */
const KEPT_ERROR_LENGTH = 300

/** A run begins: its row, to be finished with what it did. */
export async function startRun(sql: postgres.Sql, source: string): Promise<number> {
  const [run] = await sql<{ id: number }[]>`insert into sync_runs (source) values (${source}) returning id::int`
  return run!.id
}

export async function finishRun(sql: postgres.Sql, id: number, report: SyncReport): Promise<void> {
  const { requests, changes, conflicts, errors, ...counts } = report
  const kept = errors.slice(0, KEPT_CHANGES).map((error) => (error.length > KEPT_ERROR_LENGTH ? `${error.slice(0, KEPT_ERROR_LENGTH)}…` : error))
  await sql`
    update sync_runs set finished_at = now(), requests = ${requests}, counts = ${sql.json(counts)},
      changes = ${sql.json(changes.slice(0, KEPT_CHANGES))}, conflicts = ${sql.json(conflicts.slice(0, KEPT_CHANGES) as unknown as postgres.JSONValue)},
      errors = ${sql.json(kept)}
    where id = ${id}`
}

/** When each source's last run began, ms since the epoch. */
export async function lastRunStarts(sql: postgres.Sql): Promise<Map<string, number>> {
  const rows = await sql<{ source: string; last: Date }[]>`select source, max(started_at) as last from sync_runs group by source`
  return new Map(rows.map((r) => [r.source, r.last.getTime()]))
}

/** Whether a sync has ever brought fixtures: the seed then invents none. */
export async function hasSyncedFixtures(sql: postgres.Sql): Promise<boolean> {
  const [row] = await sql<{ synced: boolean }[]>`
    select exists (select 1 from sync_runs where coalesce((counts ->> 'created')::int, 0) + coalesce((counts ->> 'updated')::int, 0) + coalesce((counts ->> 'unchanged')::int, 0) > 0) as synced`
  return row!.synced
}

/** When each of the source's keys (a competition's code, a file's address) was last fetched, ms since the epoch. */
export async function fetchTimes(sql: postgres.Sql, source: string): Promise<Map<string, number>> {
  const rows = await sql<{ key: string; fetched_at: Date }[]>`select key, fetched_at from sync_cursors where source = ${source}`
  return new Map(rows.map((r) => [r.key, r.fetched_at.getTime()]))
}

export async function markFetched(sql: postgres.Sql, source: string, key: string): Promise<void> {
  await sql`insert into sync_cursors (source, key) values (${source}, ${key}) on conflict (source, key) do update set fetched_at = now()`
}

/** The ETag of the key's last answer that went in whole (an openfootball file's), if any. */
export async function keptEtag(sql: postgres.Sql, source: string, key: string): Promise<string | null> {
  const [cursor] = await sql<{ etag: string | null }[]>`select etag from sync_cursors where source = ${source} and key = ${key}`
  return cursor?.etag ?? null
}

export async function keepEtag(sql: postgres.Sql, source: string, key: string, etag: string | null): Promise<void> {
  await sql`
    insert into sync_cursors (source, key, etag) values (${source}, ${key}, ${etag})
    on conflict (source, key) do update set etag = excluded.etag, fetched_at = now()`
}

/** Spends one request of the source's budget under a row lock, if `spend` allows one now. */
export async function takeRequest(sql: postgres.Sql, source: string, spend: (budget: Budget, now: number) => { allowed: boolean; next: Budget }): Promise<boolean> {
  return sql.begin(async (tx) => {
    await tx`insert into sync_budget (source) values (${source}) on conflict do nothing`
    const [row] = await tx<{ window_start: Date; used: number; blocked_until: Date | null }[]>`
      select window_start, used, blocked_until from sync_budget where source = ${source} for update`
    const budget: Budget = { windowStart: row!.window_start.getTime(), used: row!.used, blockedUntil: row!.blocked_until?.getTime() ?? 0 }
    const { allowed, next } = spend(budget, Date.now())
    await tx`update sync_budget set window_start = ${new Date(next.windowStart)}, used = ${next.used} where source = ${source}`
    return allowed
  })
}

/** No request to the source before `until` (a 429's reset). */
export async function blockRequests(sql: postgres.Sql, source: string, until: Date): Promise<void> {
  await sql`update sync_budget set blocked_until = ${until} where source = ${source}`
}

/**
 * What the queue knows of these names (decision 100): the alias keys an alias reaches, those
 * the queue holds already, and how many teams it holds.
 */
export async function queueRoom(sql: postgres.Sql, names: string[]): Promise<QueueRoom> {
  const keys = sql.json([...new Set(names.map(aliasKey))])
  const [row] = await sql<{ aliased: string[]; waiting: string[]; queued: number }[]>`
    select coalesce((select json_agg(k) from jsonb_array_elements_text(${keys}) k where exists (select 1 from club_aliases a where a.alias_key = k)), '[]') as aliased,
      coalesce((select json_agg(k) from jsonb_array_elements_text(${keys}) k where exists (select 1 from sync_unmatched_teams q where q.alias_key = k)), '[]') as waiting,
      (select count(*)::int from sync_unmatched_teams) as queued`
  return { aliased: new Set(row!.aliased), waiting: new Set(row!.waiting), queued: row!.queued }
}
