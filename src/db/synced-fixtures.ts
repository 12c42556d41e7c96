// The queries of the syncs' writer (src/sync/fixture-writer.ts): the clubs a provider's names
// reach, the season a fixture belongs to, the match it stands for and what an editor has done
// to it, the match written or changed, its link to the provider's id, and a team no alias
// reaches put in the queue (decision 094); and the time zones openfootball's local kick-offs are read in.
import type postgres from 'postgres'
import { aliasKey } from '../../lib/alias-key.ts'
import type { LiveState } from '../../lib/live.ts'
import { fixtureKey, type IncomingFixture, type Pair } from '../sync/fixture.ts'
import { stateJson } from './live.ts'

type Sql = postgres.Sql | postgres.TransactionSql

export interface SyncedClub {
  id: number
  sourceKey: string
}

/** A match as stored, in the fields a sync owns, with what tells whether an editor has changed it. */
export interface StoredFixture {
  id: number
  live_version: number
  /** The live_version the sync last wrote; null when no sync has written the match. */
  synced_version: number | null
  /** A replay, or a match with events an editor entered. */
  held_by_editor: boolean
  round: string | null
  kickoff: Date
  kickoff_time_known: boolean
  status: string
  ft: Pair
  ht: Pair
  pen: Pair
}

/** A team an alias now reaches (an editor, or an import, named it meanwhile) waits no more. */
export async function releaseReachedTeams(sql: postgres.Sql): Promise<void> {
  await sql`delete from sync_unmatched_teams q where exists (select 1 from club_aliases a where a.alias_key = q.alias_key)`
}

/** Each competition's time zone, by id, of those that exist: openfootball's local kick-offs are read in it. */
export async function competitionZones(sql: postgres.Sql, ids: string[]): Promise<Map<string, string>> {
  const rows = await sql<{ id: string; timezone: string }[]>`select id, timezone from competitions where id in (select jsonb_array_elements_text(${sql.json(ids)}))`
  return new Map(rows.map((r) => [r.id, r.timezone]))
}

/** Every alias key among `names` → its club. */
export async function findClubs(sql: postgres.Sql, names: string[]): Promise<Map<string, SyncedClub>> {
  const keys = [...new Set(names.map(aliasKey))]
  const rows = await sql<{ alias_key: string; id: number; source_key: string }[]>`
    select a.alias_key, c.id::int, c.source_key from club_aliases a join clubs c on c.id = a.club_id where a.alias_key in (select jsonb_array_elements_text(${sql.json(keys)}))`
  return new Map(rows.map((r) => [r.alias_key, { id: r.id, sourceKey: r.source_key }]))
}

/** The season, created when its competition exists; null when the competition does not. */
export async function seasonId(sql: postgres.Sql, competitionId: string, label: string): Promise<number | null> {
  await sql`insert into seasons (competition_id, label) select ${competitionId}, ${label} where exists (select 1 from competitions where id = ${competitionId}) on conflict do nothing`
  const [row] = await sql<{ id: number }[]>`select id::int from seasons where competition_id = ${competitionId} and label = ${label}`
  return row?.id ?? null
}

/**
 * The match the fixture stands for: the one linked to its provider id, else the one under its
 * key, else (football-data meeting a match openfootball imported, or one an editor made at the
 * desk) the same pairing in the same season kicking off within 45 days of it that no other
 * provider id holds. A match made at the desk (`desk:` key) is the editors': what it says wins.
 */
export async function findFixture(sql: postgres.Sql, f: IncomingFixture, sourceKey: string, season: number, home: number, away: number): Promise<StoredFixture | undefined> {
  const [row] = await sql<StoredFixture[]>`
    select m.id::int, m.live_version, l.synced_version, m.round, m.kickoff, m.kickoff_time_known, m.status,
      m.replay_of is not null or m.source_key like 'desk:%'
        or exists (select 1 from match_events e where e.match_id = m.id and e.entered_by is not null) as held_by_editor,
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

/** A new match from the fixture; its id. */
export async function insertFixture(sql: Sql, fixture: IncomingFixture, season: number, home: number, away: number, sourceKey: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into matches (season_id, round, kickoff, kickoff_time_known, home_club_id, away_club_id, status,
                         ft_home, ft_away, ht_home, ht_away, pen_home, pen_away, source_key)
    values (${season}, ${fixture.round}, ${fixture.kickoff}, ${fixture.kickoffTimeKnown}, ${home}, ${away}, ${fixture.status},
            ${fixture.ft?.[0] ?? null}, ${fixture.ft?.[1] ?? null}, ${fixture.ht?.[0] ?? null}, ${fixture.ht?.[1] ?? null},
            ${fixture.pen?.[0] ?? null}, ${fixture.pen?.[1] ?? null}, ${sourceKey})
    returning id::int`
  return row!.id
}

/** The match as the fixture has it, its live_version raised; its state for its room. */
export async function updateFixture(sql: postgres.Sql, matchId: number, fixture: IncomingFixture): Promise<LiveState> {
  const [row] = await sql<{ state: LiveState }[]>`
    update matches m set round = ${fixture.round}, kickoff = ${fixture.kickoff}, kickoff_time_known = ${fixture.kickoffTimeKnown},
      status = ${fixture.status}, minute = case when ${fixture.status} = 'live' then minute end,
      ft_home = ${fixture.ft?.[0] ?? null}, ft_away = ${fixture.ft?.[1] ?? null},
      ht_home = ${fixture.ht?.[0] ?? null}, ht_away = ${fixture.ht?.[1] ?? null},
      pen_home = ${fixture.pen?.[0] ?? null}, pen_away = ${fixture.pen?.[1] ?? null},
      live_version = live_version + 1
    where m.id = ${matchId}
    returning ${stateJson(sql)} as state`
  return row!.state
}

/** The match is the provider's fixture, as written at `version`: a later live_version is an editor's change. */
export async function linkFixture(sql: Sql, matchId: number, f: IncomingFixture, version: number): Promise<void> {
  await sql`
    insert into sync_match_links (match_id, source, external_id, synced_version)
    values (${matchId}, ${f.source}, ${f.externalId}, ${version})
    on conflict (match_id) do update set source = excluded.source, external_id = excluded.external_id, synced_version = excluded.synced_version`
}

/** The team waits in the queue with the fixture, until an editor maps or creates its club. */
export async function queueTeam(sql: postgres.Sql, name: string, fixture: IncomingFixture): Promise<void> {
  await sql`
    insert into sync_unmatched_teams (source, name, alias_key, fixtures)
    values (${fixture.source}, ${name}, ${aliasKey(name)}, ${sql.json({ [fixtureKey(fixture)]: fixture } as unknown as postgres.JSONValue)})
    on conflict (alias_key) do update set fixtures = sync_unmatched_teams.fixtures || excluded.fixtures, last_seen = now()`
}
