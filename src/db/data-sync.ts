// The data status page's reads and the queue's actions (issue 16): each source's runs, the
// teams no alias reaches, and an editor mapping one to a club (adding the alias) or creating
// the club. Either way the fixtures that waited for the team are written at once.
import type postgres from 'postgres'
import { aliasKey } from '../../lib/alias-key.ts'
import { type Broadcast, type WriteOutcome, writeFixtures } from '../sync/fixture-writer.ts'
import type { IncomingFixture } from '../sync/fixture.ts'
import type { SyncSource } from '../sync/run.ts'
import { recordAudit } from './audit.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import type { AlertFailure } from './alerts.ts'

export interface SyncRun {
  id: string
  source: SyncSource
  startedAt: string
  finishedAt: string | null
  requests: number
  counts: Partial<Record<'created' | 'updated' | 'unchanged' | 'queued' | 'held', number>>
  changes: { match: number; fields: string[] }[]
  conflicts: { match: number; fields: Record<string, { ours: unknown; theirs: unknown }> }[]
  errors: string[]
}

export interface UnmatchedTeam {
  id: string
  source: SyncSource
  name: string
  fixtures: number
  firstSeen: string
  lastSeen: string
  /** Clubs whose names share a word with the team's: one click maps it. */
  suggestions: { id: string; name: LocalizedText }[]
}

/** One page of a list: its items, which page it is (the last when a later one was asked for), of how many. */
export interface ListPage<T> {
  items: T[]
  total: number
  page: number
  pages: number
}

/** What the data status page shows: GET /api/v1/desk/data. */
export interface DataStatus {
  sources: { source: SyncSource; configured: boolean; lastRun: SyncRun | null; nextRun: string | null }[]
  runs: ListPage<SyncRun>
  queue: ListPage<UnmatchedTeam>
  /** Settings that turned a source off, as the log names them. */
  settingsProblems: string[]
  /** Alerts the push services kept refusing until the dead-letter queue took them (decision 136). */
  alertFailures: { count: number; latest: AlertFailure[] }
}

/** Rows a page of the desk's lists holds: the queue's each carry three forms (decision 100). */
export const DATA_PAGE_SIZE = 20

/** `count` rows in pages of DATA_PAGE_SIZE: the page asked for, or the last there is. */
function pageOf(count: number, asked: number): { total: number; page: number; pages: number; offset: number } {
  const pages = Math.max(1, Math.ceil(count / DATA_PAGE_SIZE))
  const page = Math.min(asked, pages)
  return { total: count, page, pages, offset: (page - 1) * DATA_PAGE_SIZE }
}

const runColumns = (sql: postgres.Sql) =>
  sql`r.id::text, r.source, r.started_at as "startedAt", r.finished_at as "finishedAt", r.requests, r.counts, r.changes, r.conflicts, r.errors`

/** Each source's newest run. */
export async function lastRuns(sql: postgres.Sql): Promise<SyncRun[]> {
  return sql<SyncRun[]>`
    select ${runColumns(sql)}
    from (select *, row_number() over (partition by source order by started_at desc, id desc) as n from sync_runs) r
    where r.n = 1`
}

/** A page of every source's runs, newest first. */
export async function runsPage(sql: postgres.Sql, asked: number): Promise<ListPage<SyncRun>> {
  const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from sync_runs`
  const { offset, ...page } = pageOf(n, asked)
  const items = await sql<SyncRun[]>`
    select ${runColumns(sql)} from sync_runs r order by r.started_at desc, r.id desc limit ${DATA_PAGE_SIZE} offset ${offset}`
  return { items, ...page }
}

/** A page of the teams no alias reaches, the latest seen first. */
export async function unmatchedTeams(sql: postgres.Sql, asked: number): Promise<ListPage<UnmatchedTeam>> {
  const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from sync_unmatched_teams`
  const { offset, ...page } = pageOf(n, asked)
  const items = await sql<UnmatchedTeam[]>`
    select q.id::text, q.source, q.name, (select count(*)::int from jsonb_object_keys(q.fixtures)) as fixtures,
      q.first_seen as "firstSeen", q.last_seen as "lastSeen",
      coalesce((
        select json_agg(json_build_object('id', s.id::text, 'name', s.name) order by s.id)
        from (select distinct c.id, c.name from club_aliases a join clubs c on c.id = a.club_id
              where exists (select 1 from unnest(string_to_array(q.alias_key, ' ')) w
                            where length(w) > 3 and w not in ('club', 'united', 'city', 'real', 'sporting')
                              and (' ' || a.alias_key || ' ') like '% ' || w || ' %')
              order by c.id limit 5) s), '[]') as suggestions
    from (select * from sync_unmatched_teams order by last_seen desc, id limit ${DATA_PAGE_SIZE} offset ${offset}) q
    order by q.last_seen desc, q.id`
  return { items, ...page }
}

export type Settled = { missing: 'team' | 'club' } | { club: { id: string; name: LocalizedText }; written: WriteOutcome }

/** Maps the queued team to a club: its name becomes the club's alias, and its fixtures are written. */
export async function mapUnmatched(sql: postgres.Sql, id: number, clubId: number, editorId: string, broadcast: Broadcast): Promise<Settled> {
  return settle(sql, id, editorId, broadcast, async (tx) => {
    const [club] = await tx<{ id: string; name: LocalizedText }[]>`select id::text, name from clubs where id = ${clubId}`
    return club ?? null
  })
}

/** Creates a club for the queued team, named as the editor says, and writes its fixtures. */
export async function createForUnmatched(sql: postgres.Sql, id: number, name: { en: string; ar?: string | undefined }, editorId: string, broadcast: Broadcast): Promise<Settled> {
  return settle(sql, id, editorId, broadcast, async (tx, team) => {
    const names: LocalizedText = { en: name.en, ...(name.ar !== undefined && { ar: name.ar }) }
    const [club] = await tx<{ id: string; name: LocalizedText }[]>`
      insert into clubs (name, short_name, source_key)
      values (${tx.json(names)}, ${tx.json(names)}, ${`sync:${team.source}:${team.alias_key}:${crypto.randomUUID().slice(0, 8)}`})
      returning id::text, name`
    await recordAudit(tx, editorId, { action: 'club.create', targetType: 'club', targetId: club!.id, before: null, after: { name: names, from: team.name } })
    return club!
  })
}

async function settle(
  sql: postgres.Sql,
  id: number,
  editorId: string,
  broadcast: Broadcast,
  clubFor: (tx: postgres.TransactionSql, team: { name: string; source: string; alias_key: string }) => Promise<{ id: string; name: LocalizedText } | null>,
): Promise<Settled> {
  const settled = await sql.begin(async (tx) => {
    const [team] = await tx<{ name: string; source: string; alias_key: string; fixtures: Record<string, IncomingFixture> }[]>`
      delete from sync_unmatched_teams where id = ${id} returning name, source, alias_key, fixtures`
    if (!team) return { missing: 'team' } as const
    const club = await clubFor(tx, team)
    if (!club) throw new MissingClub()
    await tx`insert into club_aliases (alias_key, alias, club_id) values (${aliasKey(team.name)}, ${team.name}, ${club.id}) on conflict (alias_key) do update set club_id = excluded.club_id`
    await recordAudit(tx, editorId, { action: 'club.alias', targetType: 'club', targetId: club.id, before: null, after: { alias: team.name, source: team.source } })
    return { club, fixtures: Object.values(team.fixtures) }
  }).catch((error: unknown) => {
    if (error instanceof MissingClub) return { missing: 'club' } as const
    throw error
  })
  if (settled.missing) return { missing: settled.missing }
  return { club: settled.club!, written: await writeFixtures(sql, settled.fixtures!, broadcast) }
}

/** Rolls the transaction back: the team stays queued when the club to map it to is gone. */
class MissingClub extends Error {}
