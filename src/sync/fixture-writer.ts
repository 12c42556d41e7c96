// Writes what a provider says about its fixtures, for both syncs. Teams are found through
// club_aliases only: a name no alias reaches waits in sync_unmatched_teams with its fixtures
// until an editor maps it (decision 094). A match an editor has changed since the sync last
// wrote it (its live_version moved, or it has events an editor entered) is left alone, and the
// difference recorded as a conflict. A changed match raises live_version and is broadcast to
// its room; the matches table's trigger raises the page version, so cached pages follow.
import type postgres from 'postgres'
import { aliasKey } from '../../lib/alias-key.ts'
import type { LiveState } from '../../lib/live.ts'
import { stateJson } from '../db/live.ts'
import type { IncomingFixture, Pair } from './fixture.ts'

export type Broadcast = (matchId: number, state: LiveState) => Promise<void>

export interface WriteOutcome {
  created: number
  updated: number
  unchanged: number
  queued: number
  held: number
  changes: { match: number; fields: string[] }[]
  conflicts: { match: number; fields: Record<string, { ours: unknown; theirs: unknown }> }[]
  errors: string[]
}

/** What one sync run did: sync_runs keeps it and the data status page shows it. */
export interface SyncReport extends WriteOutcome {
  /** Requests sent to the provider (a 304 counts). */
  requests: number
}

export const emptyOutcome = (): WriteOutcome => ({ created: 0, updated: 0, unchanged: 0, queued: 0, held: 0, changes: [], conflicts: [], errors: [] })

interface Club {
  id: number
  sourceKey: string
}

interface Stored {
  id: number
  live_version: number
  synced_version: number | null
  held_by_editor: boolean
  round: string | null
  kickoff: Date
  kickoff_time_known: boolean
  status: string
  ft: Pair
  ht: Pair
  pen: Pair
}

/** The fields a sync owns, as stored and as incoming, in one comparable shape. */
function syncedFields(f: { round: string | null; kickoff: string | Date; kickoff_time_known?: boolean; kickoffTimeKnown?: boolean; status: string; ft: Pair; ht: Pair; pen: Pair }) {
  return {
    round: f.round,
    kickoff: new Date(f.kickoff).toISOString(),
    kickoff_time_known: f.kickoff_time_known ?? f.kickoffTimeKnown ?? true,
    status: f.status,
    ft: f.ft,
    ht: f.ht,
    pen: f.pen,
  }
}

type Fields = ReturnType<typeof syncedFields>

function differing(stored: Fields, incoming: Fields): (keyof Fields)[] {
  return (Object.keys(incoming) as (keyof Fields)[]).filter((k) => JSON.stringify(stored[k]) !== JSON.stringify(incoming[k]))
}

/** The fixture's key in the queue and in the provider's terms: one per fixture, whichever run sees it. */
export const fixtureKey = (f: IncomingFixture): string => `${f.source}:${f.externalId}`

export async function writeFixtures(sql: postgres.Sql, fixtures: IncomingFixture[], broadcast: Broadcast): Promise<WriteOutcome> {
  const outcome = emptyOutcome()
  // A team an alias now reaches (an editor, or an import, named it meanwhile) waits no more.
  await sql`delete from sync_unmatched_teams q where exists (select 1 from club_aliases a where a.alias_key = q.alias_key)`
  const clubs = await findClubs(sql, fixtures.flatMap((f) => [...f.home, ...f.away]))
  const clubOf = (names: string[]): Club | undefined => names.map((n) => clubs.get(aliasKey(n))).find((c) => c !== undefined)
  const seasons = new Map<string, number | null>()
  for (const fixture of fixtures) {
    const seasonKey = `${fixture.competitionId} ${fixture.season}`
    if (!seasons.has(seasonKey)) seasons.set(seasonKey, await seasonId(sql, fixture.competitionId, fixture.season))
    const season = seasons.get(seasonKey)
    if (season === null || season === undefined) {
      if (!outcome.errors.some((e) => e.includes(fixture.competitionId))) outcome.errors.push(`competition ${fixture.competitionId} is not in the database`)
      continue
    }
    const [home, away] = [clubOf(fixture.home), clubOf(fixture.away)]
    if (!home || !away) {
      for (const [club, names] of [[home, fixture.home], [away, fixture.away]] as const) if (!club) await queueTeam(sql, names[0]!, fixture)
      outcome.queued++
      continue
    }
    if (home.id === away.id) {
      outcome.errors.push(`${fixtureKey(fixture)}: both teams are the same club`)
      continue
    }
    await writeOne(sql, fixture, season, home, away, broadcast, outcome)
  }
  return outcome
}

async function writeOne(sql: postgres.Sql, fixture: IncomingFixture, season: number, home: Club, away: Club, broadcast: Broadcast, outcome: WriteOutcome): Promise<void> {
  const incoming = syncedFields(fixture)
  const sourceKey = sourceKeyOf(fixture, home, away)
  const stored = await findMatch(sql, fixture, sourceKey, season, home.id, away.id)
  if (!stored) {
    const [row] = await sql<{ id: number }[]>`
      insert into matches (season_id, round, kickoff, kickoff_time_known, home_club_id, away_club_id, status,
                           ft_home, ft_away, ht_home, ht_away, pen_home, pen_away, source_key)
      values (${season}, ${fixture.round}, ${fixture.kickoff}, ${fixture.kickoffTimeKnown}, ${home.id}, ${away.id}, ${fixture.status},
              ${fixture.ft?.[0] ?? null}, ${fixture.ft?.[1] ?? null}, ${fixture.ht?.[0] ?? null}, ${fixture.ht?.[1] ?? null},
              ${fixture.pen?.[0] ?? null}, ${fixture.pen?.[1] ?? null}, ${sourceKey})
      returning id::int`
    await link(sql, row!.id, fixture, 0)
    outcome.created++
    return
  }
  const fields = differing(syncedFields(stored), incoming)
  const editorChanged = stored.held_by_editor || stored.live_version !== (stored.synced_version ?? 0)
  if (editorChanged) {
    if (fields.length > 0) {
      const stated = syncedFields(stored)
      outcome.held++
      outcome.conflicts.push({ match: stored.id, fields: Object.fromEntries(fields.map((k) => [k, { ours: stated[k], theirs: incoming[k] }])) })
    } else outcome.unchanged++
    return
  }
  if (fields.length === 0) {
    if (stored.synced_version === null) await link(sql, stored.id, fixture, stored.live_version)
    outcome.unchanged++
    return
  }
  const [row] = await sql<{ state: LiveState }[]>`
    update matches m set round = ${fixture.round}, kickoff = ${fixture.kickoff}, kickoff_time_known = ${fixture.kickoffTimeKnown},
      status = ${fixture.status}, minute = case when ${fixture.status} = 'live' then minute end,
      ft_home = ${fixture.ft?.[0] ?? null}, ft_away = ${fixture.ft?.[1] ?? null},
      ht_home = ${fixture.ht?.[0] ?? null}, ht_away = ${fixture.ht?.[1] ?? null},
      pen_home = ${fixture.pen?.[0] ?? null}, pen_away = ${fixture.pen?.[1] ?? null},
      live_version = live_version + 1
    where m.id = ${stored.id}
    returning ${stateJson(sql)} as state`
  const state = row!.state
  await link(sql, stored.id, fixture, state.version)
  outcome.updated++
  outcome.changes.push({ match: stored.id, fields })
  await broadcast(stored.id, state)
}

/**
 * openfootball's fixtures keep the importer's key (scripts/import/plan.ts), so a sync reaches
 * the rows the seed imported; football-data's carry the provider's id.
 */
function sourceKeyOf(f: IncomingFixture, home: Club, away: Club): string {
  return f.source === 'openfootball'
    ? `match:${f.competitionId}:${f.season}:${f.externalId.slice(0, 10)}:${home.sourceKey}:${away.sourceKey}`
    : `football-data:${f.externalId}`
}

/**
 * The match the fixture stands for: the one linked to its provider id, else the one under its
 * key, else (football-data meeting a match openfootball imported) the same pairing in the same
 * season kicking off within 45 days of it that no other provider id holds.
 */
async function findMatch(sql: postgres.Sql, f: IncomingFixture, sourceKey: string, season: number, home: number, away: number): Promise<Stored | undefined> {
  const [row] = await sql<Stored[]>`
    select m.id::int, m.live_version, l.synced_version, m.round, m.kickoff, m.kickoff_time_known, m.status,
      m.replay_of is not null or exists (select 1 from match_events e where e.match_id = m.id and e.entered_by is not null) as held_by_editor,
      case when m.ft_home is null then null else json_build_array(m.ft_home, m.ft_away) end as ft,
      case when m.ht_home is null or m.ht_away is null then null else json_build_array(m.ht_home, m.ht_away) end as ht,
      case when m.pen_home is null or m.pen_away is null then null else json_build_array(m.pen_home, m.pen_away) end as pen
    from matches m left join sync_match_links l on l.match_id = m.id
    where m.id = coalesce(
      (select match_id from sync_match_links where source = ${f.source} and external_id = ${f.externalId}),
      (select id from matches where source_key = ${sourceKey}),
      (select c.id from matches c
        where c.season_id = ${season} and c.home_club_id = ${home} and c.away_club_id = ${away} and not c.demo
          and abs(extract(epoch from c.kickoff - ${f.kickoff}::timestamptz)) < 45 * 86400
          and not exists (select 1 from sync_match_links o where o.match_id = c.id and o.source = ${f.source})
        order by abs(extract(epoch from c.kickoff - ${f.kickoff}::timestamptz)) limit 1))`
  return row
}

async function link(sql: postgres.Sql, matchId: number, f: IncomingFixture, version: number): Promise<void> {
  await sql`
    insert into sync_match_links (match_id, source, external_id, synced_version)
    values (${matchId}, ${f.source}, ${f.externalId}, ${version})
    on conflict (match_id) do update set source = excluded.source, external_id = excluded.external_id, synced_version = excluded.synced_version`
}

/** Every alias key among `names` → its club. */
async function findClubs(sql: postgres.Sql, names: string[]): Promise<Map<string, Club>> {
  const keys = [...new Set(names.map(aliasKey))]
  const rows = await sql<{ alias_key: string; id: number; source_key: string }[]>`
    select a.alias_key, c.id::int, c.source_key from club_aliases a join clubs c on c.id = a.club_id where a.alias_key in (select jsonb_array_elements_text(${sql.json(keys)}))`
  return new Map(rows.map((r) => [r.alias_key, { id: r.id, sourceKey: r.source_key }]))
}

/** The season, created when its competition exists; null when the competition does not. */
async function seasonId(sql: postgres.Sql, competitionId: string, label: string): Promise<number | null> {
  await sql`insert into seasons (competition_id, label) select ${competitionId}, ${label} where exists (select 1 from competitions where id = ${competitionId}) on conflict do nothing`
  const [row] = await sql<{ id: number }[]>`select id::int from seasons where competition_id = ${competitionId} and label = ${label}`
  return row?.id ?? null
}

async function queueTeam(sql: postgres.Sql, name: string, fixture: IncomingFixture): Promise<void> {
  await sql`
    insert into sync_unmatched_teams (source, name, alias_key, fixtures)
    values (${fixture.source}, ${name}, ${aliasKey(name)}, ${sql.json({ [fixtureKey(fixture)]: fixture } as unknown as postgres.JSONValue)})
    on conflict (alias_key) do update set fixtures = sync_unmatched_teams.fixtures || excluded.fixtures, last_seen = now()`
}
