// Writes one file's rows inside its transaction. Every table is upserted in batches on its
// source_key (or natural key): new rows are inserted, changed rows updated, and a row whose
// values are already stored is left alone, so the count of rows written is the count of
// rows changed and a second import of the same files writes nothing.
import type { JSONValue, Sql, TransactionSql } from 'postgres'
import { applyKnownDeductions } from '../../src/db/known-deductions.ts'
import type { FileRows, SeasonRef, Stored } from './plan.ts'

/**
 * How an update treats the stored value: 'set' replaces it; 'fill' replaces it only with a
 * value (what an import without the directory or the stadium files cannot know stays as an
 * earlier import left it); 'merge' adds the imported keys to a jsonb object, keeping others
 * (an editor's Arabic name outlives an import that has none).
 */
type Mode = 'set' | 'fill' | 'merge'

interface Column {
  name: string
  type: string
  mode?: Mode
  /** The input holds the source_key of a row of this table; the column gets its id. */
  ref?: string
}

interface Table {
  name: string
  conflict: string[]
  columns: Column[]
  /** Rows an update must leave alone. */
  guard?: string
  /**
   * The table keeps the fields an editor corrected in `corrected` ("name.ar", "position"):
   * an update leaves those as the editor set them (decision 080).
   */
  corrected?: true
}

const text = (name: string, mode?: Mode): Column => ({ name, type: 'text', mode })
const int = (name: string, mode?: Mode): Column => ({ name, type: 'integer', mode })
const ref = (name: string, table: string, mode?: Mode): Column => ({ name, type: 'text', ref: table, mode })
const localized = (name: string): Column => ({ name, type: 'jsonb', mode: 'merge' })

const COMPETITIONS: Table = {
  name: 'competitions',
  conflict: ['id'],
  columns: [text('id'), text('kind'), localized('name'), localized('short_name'), text('country'), text('timezone'), int('priority')],
}

const SEASONS: Table = { name: 'seasons', conflict: ['competition_id', 'label'], columns: [text('competition_id'), text('label')] }

const STADIUMS: Table = {
  name: 'stadiums',
  conflict: ['source_key'],
  columns: [text('source_key'), text('name'), text('city', 'fill'), text('country', 'fill'), int('capacity', 'fill'), int('opened', 'fill'), text('timezone', 'fill')],
}

const CLUBS: Table = {
  name: 'clubs',
  conflict: ['source_key'],
  corrected: true,
  columns: [
    text('source_key'),
    text('kind'),
    localized('name'),
    localized('short_name'),
    int('founded', 'fill'),
    text('city', 'fill'),
    text('country', 'fill'),
    ref('stadium_id', 'stadiums', 'fill'),
    text('fifa_code', 'fill'),
  ],
}

const CLUB_ALIASES: Table = { name: 'club_aliases', conflict: ['alias_key'], columns: [text('alias_key'), text('alias'), ref('club_id', 'clubs')] }

const PLAYERS: Table = {
  name: 'players',
  conflict: ['source_key'],
  corrected: true,
  columns: [
    text('source_key'),
    localized('name'),
    text('position'),
    int('shirt_number'),
    { name: 'date_of_birth', type: 'date' },
    ref('nationality_id', 'clubs'),
    ref('club_id', 'clubs', 'fill'),
  ],
}

const SQUAD_MEMBERS: Table = {
  name: 'squad_members',
  conflict: ['season_id', 'player_id'],
  columns: [{ name: 'season_id', type: 'bigint' }, ref('club_id', 'clubs'), ref('player_id', 'players'), int('shirt_number'), text('position')],
}

const SCORES = ['ft', 'ht', 'et', 'pen'].flatMap((part) => [int(`${part}_home`), int(`${part}_away`)])

const MATCHES: Table = {
  name: 'matches',
  conflict: ['source_key'],
  columns: [
    text('source_key'),
    { name: 'season_id', type: 'bigint' },
    text('round'),
    text('group_name'),
    int('match_number'),
    { name: 'kickoff', type: 'timestamptz' },
    { name: 'kickoff_time_known', type: 'boolean' },
    ref('home_club_id', 'clubs'),
    ref('away_club_id', 'clubs'),
    ref('stadium_id', 'stadiums', 'fill'),
    text('venue'),
    text('status'),
    ...SCORES,
  ],
  // The demo seed's invented fixtures are its own.
  guard: 'not matches.demo',
}

const MATCH_EVENTS: Table = {
  name: 'match_events',
  conflict: ['source_key'],
  columns: [
    text('source_key'),
    ref('match_id', 'matches'),
    text('kind'),
    int('minute'),
    int('stoppage'),
    { name: 'side', type: 'smallint' },
    ref('player_id', 'players', 'fill'),
    text('player_name'),
  ],
}

function valueOf(t: Table, c: Column, source: string): string {
  const stored = `${t.name}.${c.name}`
  const value = `${source}.${c.name}`
  switch (c.mode ?? 'set') {
    case 'set':
      return t.corrected ? `case when ${t.name}.corrected ? '${c.name}' then ${stored} else ${value} end` : value
    case 'fill':
      return `coalesce(${value}, ${stored})`
    case 'merge':
      // The languages an editor corrected are taken out of what the import brings.
      return t.corrected
        ? `${stored} || (${value} - array(select split_part(f, '.', 2) from jsonb_array_elements_text(${t.name}.corrected) f where split_part(f, '.', 1) = '${c.name}'))`
        : `${stored} || ${value}`
  }
}

/** insert … select from jsonb_to_recordset … on conflict do update only where something differs. */
function upsertStatement(t: Table): string {
  const names = t.columns.map((c) => c.name).join(', ')
  const inputs = t.columns.map((c) => `${c.name} ${c.type}`).join(', ')
  const values = t.columns.map((c) => (c.ref ? `(select id from ${c.ref} where source_key = x.${c.name})` : `x.${c.name}`)).join(', ')
  const updated = t.columns.filter((c) => !t.conflict.includes(c.name))
  const stored = updated.map((c) => `${t.name}.${c.name}`).join(', ')
  const incoming = updated.map((c) => valueOf(t, c, 'excluded')).join(', ')
  const onConflict =
    updated.length === 0
      ? 'do nothing'
      : `do update set ${updated.map((c) => `${c.name} = ${valueOf(t, c, 'excluded')}`).join(', ')}
         where ${t.guard ? `${t.guard} and ` : ''}row(${stored}) is distinct from row(${incoming})`
  return `insert into ${t.name} (${names})
    select ${values} from jsonb_to_recordset($1::jsonb) as x(${inputs})
    on conflict (${t.conflict.join(', ')}) ${onConflict}`
}

/** Rows per statement: large enough to be quick, small enough to keep each message modest. */
const BATCH = 2000

/** Upserts `rows` and returns how many were inserted or changed. */
async function upsert(tx: TransactionSql, t: Table, rows: object[]): Promise<number> {
  // A statement may touch a row once only; a later duplicate carries the same values anyway.
  const unique = [...new Map(rows.map((r) => [t.conflict.map((k) => String((r as Record<string, unknown>)[k])).join('\u0000'), r])).values()]
  const statement = upsertStatement(t)
  let changed = 0
  for (let i = 0; i < unique.length; i += BATCH) {
    const result = await tx.unsafe(statement, [tx.json(unique.slice(i, i + BATCH) as JSONValue)])
    changed += result.count
  }
  return changed
}

/** Writes one file's rows; call inside the file's transaction. Returns the rows changed. */
export async function writeRows(tx: TransactionSql, rows: FileRows): Promise<number> {
  let changed = 0
  changed += await upsert(tx, COMPETITIONS, rows.competitions)
  changed += await upsert(tx, SEASONS, rows.seasons)
  const seasonIds = await readSeasonIds(tx, rows.seasons)
  const withSeason = <T extends { season: SeasonRef }>({ season, ...row }: T): Omit<T, 'season'> & { season_id: string } => ({
    ...row,
    season_id: seasonIds.get(seasonName(season))!,
  })
  changed += await upsert(tx, STADIUMS, rows.stadiums)
  changed += await upsert(tx, CLUBS, rows.clubs)
  changed += await upsert(tx, CLUB_ALIASES, rows.aliases)
  changed += await upsert(tx, PLAYERS, rows.players)
  changed += await upsert(tx, SQUAD_MEMBERS, rows.squadMembers.map(withSeason))
  changed += await upsert(tx, MATCHES, rows.matches.map(withSeason))
  changed += await upsert(tx, MATCH_EVENTS, rows.events)
  changed += await deleteStaleGoals(tx, rows)
  // The sanctions the project knows for these seasons, in the transaction that brings their matches (decision 102).
  changed += (await applyKnownDeductions(tx, rows.seasons.map((s) => ({ competition: s.competition_id, label: s.label })))).written
  return changed
}

const seasonName = (s: SeasonRef): string => `${s.competition_id} ${s.label}`

async function readSeasonIds(tx: TransactionSql, seasons: SeasonRef[]): Promise<Map<string, string>> {
  const competitions = [...new Set(seasons.map((s) => s.competition_id))]
  const found = await tx<{ id: string; competition_id: string; label: string }[]>`
    select id, competition_id, label from seasons where competition_id = any(${competitions})`
  return new Map(found.map((s) => [seasonName(s), s.id]))
}

/**
 * A goal list that got shorter upstream (a goal struck off, an own goal reassigned) leaves
 * events past its end; they are the importer's own rows for a match it has just written.
 */
async function deleteStaleGoals(tx: TransactionSql, rows: FileRows): Promise<number> {
  if (rows.completeGoalLists.length === 0) return 0
  const current = rows.events.map((e) => e.source_key)
  const deleted = await tx`
    delete from match_events e using matches m
    where e.match_id = m.id and not m.demo and m.source_key = any(${rows.completeGoalLists})
      and starts_with(e.source_key, m.source_key || ':goal:') and not (e.source_key = any(${current}))`
  return deleted.count
}

/** The clubs and players already stored, which names in this import may refer to. */
export async function readStored(sql: Sql): Promise<Stored> {
  const aliases = await sql<{ alias_key: string; source_key: string }[]>`
    select a.alias_key, c.source_key from club_aliases a join clubs c on c.id = a.club_id`
  // A club's own country and those of the national leagues it plays in: Monaco is MC and plays in FR.
  const clubs = await sql<{ source_key: string; countries: string[] }[]>`
    select source_key, array_remove(array_agg(distinct country), null) as countries from (
      select source_key, country from clubs
      union all
      select c.source_key, comp.country
      from matches m join seasons s on s.id = m.season_id join competitions comp on comp.id = s.competition_id
        join clubs c on c.id = m.home_club_id or c.id = m.away_club_id
      where comp.country is not null
    ) known
    group by source_key`
  const players = await sql<{ source_key: string; name: string | null; aliases: string[]; team: string | null }[]>`
    select p.source_key, p.name ->> 'en' as name, p.aliases, n.source_key as team
    from players p left join clubs n on n.id = p.nationality_id`
  return {
    clubs: {
      aliases: new Map(aliases.map((a) => [a.alias_key, a.source_key])),
      countries: new Map(clubs.map((c) => [c.source_key, c.countries])),
    },
    players: players.map((p) => ({ key: p.source_key, names: [...(p.name === null ? [] : [p.name]), ...p.aliases], team: p.team })),
  }
}
