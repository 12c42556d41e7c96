// A post's tags name competitions, clubs, players and matches the way writers know them;
// here they become post_tags rows pointing at the imported football data. A tag that
// matches nothing (or more than one player) is reported, never guessed or created: the
// football tables belong to the importer.
import type postgres from 'postgres'
import * as v from 'valibot'
import type { PostTagIds } from '../../src/db/post-tags.ts'
import { aliasKey } from '../../lib/alias-key.ts'
import { stripCountrySuffix } from '../import/aliases.ts'
import { Text } from './content-files.ts'

const IsoDate = v.pipe(v.string(), v.isoDate())

export const PostTagsSchema = v.strictObject({
  /** Competition ids ('en.1', 'worldcup'). */
  competitions: v.optional(v.array(Text), []),
  /** Team names as the football data spells them; clubs and national teams alike. */
  clubs: v.optional(v.array(Text), []),
  players: v.optional(v.array(Text), []),
  /** team1 is the home side as the data lists it; the UTC date of kick-off. */
  matches: v.optional(v.array(v.strictObject({ date: IsoDate, team1: Text, team2: Text })), []),
})

export type PostTags = v.InferOutput<typeof PostTagsSchema>

export interface ResolvedTags extends PostTagIds {
  /** Human-readable descriptions of the tags that matched nothing. */
  unresolved: string[]
}

type Sql = postgres.Sql | postgres.TransactionSql

/** The player a written name refers to, or undefined when none or several do. */
export type PlayerLookup = (name: string) => string | undefined

/**
 * Players by their English name and aliases, folded like club names: the squads write
 * 'Julián Alvarez' where scorers and writers put 'Julián Álvarez'. Built once per load
 * rather than queried per tag, because Postgres cannot fold accents without an extension.
 */
export async function loadPlayerLookup(sql: postgres.Sql): Promise<PlayerLookup> {
  const rows = await sql<{ id: string; names: (string | null)[] }[]>`select id, array_prepend(name->>'en', aliases) as names from players`
  const ids = new Map<string, Set<string>>()
  for (const { id, names } of rows) {
    for (const key of names.flatMap((name) => (name ? [aliasKey(name)] : []))) ids.set(key, (ids.get(key) ?? new Set()).add(id))
  }
  // Two players of one name are left for an editor to pick.
  return (name) => {
    const found = ids.get(aliasKey(name))
    return found?.size === 1 ? [...found][0] : undefined
  }
}

export async function resolvePostTags(sql: Sql, tags: PostTags, playerId: PlayerLookup): Promise<ResolvedTags> {
  const resolved: ResolvedTags = { competitionIds: [], clubIds: [], playerIds: [], matchIds: [], unresolved: [] }
  const keep = (ids: string[], id: string | undefined, description: string): void => {
    if (id === undefined) resolved.unresolved.push(description)
    else if (!ids.includes(id)) ids.push(id)
  }
  for (const key of tags.competitions) keep(resolved.competitionIds, await competitionId(sql, key), `competition "${key}"`)
  for (const name of tags.clubs) keep(resolved.clubIds, await clubId(sql, name), `club "${name}"`)
  for (const name of tags.players) keep(resolved.playerIds, playerId(name), `player "${name}"`)
  for (const match of tags.matches) {
    keep(resolved.matchIds, await matchId(sql, match), `match ${match.date} ${match.team1} v ${match.team2}`)
  }
  return resolved
}

async function competitionId(sql: Sql, key: string): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`select id from competitions where id = ${key}`
  return row?.id
}

/**
 * By the folded spelling the importer stores in club_aliases; a UCL or Club World Cup form
 * ('Al Hilal (KSA)') falls back to the bare name, as the importer's own alias index does.
 */
async function clubId(sql: Sql, name: string): Promise<string | undefined> {
  const exact = aliasKey(name)
  const bare = aliasKey(stripCountrySuffix(name))
  const [row] = await sql<{ club_id: string }[]>`
    select club_id from club_aliases
    where alias_key in (${exact}, ${bare})
    order by alias_key = ${exact} desc
    limit 1`
  return row?.club_id
}

const DAY_MS = 86_400_000

/**
 * The imported (never demo) meeting of the two teams on the tag's UTC date, else the day
 * before or after: a kick-off late in the evening in the Americas falls on the next UTC
 * day, one early in Asia on the previous. The listed order is preferred, but teams named
 * the other way round still find their match — two teams do not meet twice in three days.
 */
async function matchId(sql: Sql, match: PostTags['matches'][number]): Promise<string | undefined> {
  const [team1, team2] = [await clubId(sql, match.team1), await clubId(sql, match.team2)]
  if (team1 === undefined || team2 === undefined) return undefined
  const day = Date.parse(`${match.date}T00:00:00Z`)
  const [row] = await sql<{ id: string }[]>`
    select id from matches
    where not demo
      and ((home_club_id = ${team1} and away_club_id = ${team2}) or (home_club_id = ${team2} and away_club_id = ${team1}))
      and kickoff >= ${new Date(day - DAY_MS)} and kickoff < ${new Date(day + 2 * DAY_MS)}
    order by abs((kickoff at time zone 'UTC')::date - ${match.date}::date), home_club_id = ${team1} desc
    limit 1`
  return row?.id
}

