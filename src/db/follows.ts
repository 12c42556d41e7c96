// Readers' follows (supabase/migrations/…_follows.sql; decision 127). Every statement names
// the reader, so no call reads or changes another reader's follows. A new follow is made in
// one transaction that first locks the reader's row, so two calls at once cannot both pass
// the count and leave a reader with more than MAX_FOLLOWS.
import type postgres from 'postgres'
import type { AlertKind } from '../../lib/alert-kinds.ts'
import { type FollowType, MAX_FOLLOWS } from '../../lib/follows.ts'
import type { LocalizedText } from '../../lib/localized.ts'

/** What a follow names: clubs, players and matches by number, competitions by their text id ('en.1'). */
export type FollowTarget = { type: 'club' | 'player' | 'match'; id: number } | { type: 'competition'; id: string }

const TARGETS = {
  club: { table: 'clubs', column: 'club_id' },
  player: { table: 'players', column: 'player_id' },
  competition: { table: 'competitions', column: 'competition_id' },
  match: { table: 'matches', column: 'match_id' },
} as const satisfies Record<FollowType, { table: string; column: string }>

/** A follow as the API and the pages show it: the target's names in both languages. */
export interface Follow {
  type: FollowType
  id: number | string
  alerts: AlertKind[]
  createdAt: string
  /** The club, player or competition; for a match, the home club. */
  name: LocalizedText
  /** For a match, the away club; null otherwise. */
  opponent: LocalizedText | null
}

// The follow's target id and names, whichever column is set: one statement reads any mix.
// Alerts as JSON: the driver in the worker hands text[] back as its literal.
const FOLLOW_COLUMNS = (sql: postgres.Sql | postgres.TransactionSql) => sql`
  f.type, coalesce(f.club_id::text, f.player_id::text, f.competition_id, f.match_id::text) as id,
  to_jsonb(f.alerts) as alerts, f.created_at as "createdAt",
  coalesce(c.name, p.name, k.name, home.name) as name, away.name as opponent`

const FOLLOW_JOINS = (sql: postgres.Sql | postgres.TransactionSql) => sql`
  left join clubs c on c.id = f.club_id
  left join players p on p.id = f.player_id
  left join competitions k on k.id = f.competition_id
  left join matches m on m.id = f.match_id
  left join clubs home on home.id = m.home_club_id
  left join clubs away on away.id = m.away_club_id`

/** A text[] from a list, through JSON: the same on PGlite and PostgreSQL, whatever the driver infers. */
const textArray = (sql: postgres.Sql | postgres.TransactionSql, list: readonly string[]) => sql`array(select jsonb_array_elements_text(${sql.json([...list])}))`

type FollowRow = Omit<Follow, 'id' | 'createdAt'> & { id: string; createdAt: Date | string }

function asFollow(row: FollowRow): Follow {
  const createdAt = row.createdAt instanceof Date ? row.createdAt.toISOString() : new Date(row.createdAt).toISOString()
  return { ...row, id: row.type === 'competition' ? row.id : Number(row.id), createdAt }
}

async function readFollow(sql: postgres.Sql | postgres.TransactionSql, userId: string, target: FollowTarget): Promise<Follow | null> {
  const { column } = TARGETS[target.type]
  const [row] = await sql<FollowRow[]>`
    select ${FOLLOW_COLUMNS(sql)} from follows f ${FOLLOW_JOINS(sql)}
    where f.user_id = ${userId} and f.${sql(column)} = ${target.id}`
  return row ? asFollow(row) : null
}

export type FollowSaved = { follow: Follow; created: boolean } | { refused: 'unknown' | 'limit' | 'signed-out' }

/**
 * Follows the target with these alerts. A follow that exists already is answered as it is
 * (the call is idempotent; PATCH changes its alerts). The reader's row is locked before the
 * count (`for no key update` leaves their sessions' foreign keys free), so concurrent calls
 * queue and the 201st is refused; the target is locked `for key share`, so it cannot vanish
 * before the insert.
 */
export function saveFollow(sql: postgres.Sql, userId: string, target: FollowTarget, alerts: readonly AlertKind[]): Promise<FollowSaved> {
  const { table, column } = TARGETS[target.type]
  return sql.begin(async (tx): Promise<FollowSaved> => {
    const [reader] = await tx`select 1 from users where id = ${userId} for no key update`
    if (!reader) return { refused: 'signed-out' }
    const existing = await readFollow(tx, userId, target)
    if (existing) return { follow: existing, created: false }
    const [item] = await tx`select 1 from ${tx(table)} where id = ${target.id} for key share`
    if (!item) return { refused: 'unknown' }
    const [counted] = await tx<{ count: number }[]>`select count(*)::int as count from follows where user_id = ${userId}`
    if (counted!.count >= MAX_FOLLOWS) return { refused: 'limit' }
    await tx`
      insert into follows (user_id, type, ${tx(column)}, alerts)
      values (${userId}, ${target.type}, ${target.id}, ${textArray(tx, alerts)})`
    return { follow: (await readFollow(tx, userId, target))!, created: true }
  }) as Promise<FollowSaved>
}

/** The follow with its alerts replaced; null when the reader does not follow the target. */
export async function setFollowAlerts(sql: postgres.Sql, userId: string, target: FollowTarget, alerts: readonly AlertKind[]): Promise<Follow | null> {
  const { column } = TARGETS[target.type]
  const [row] = await sql`
    update follows set alerts = ${textArray(sql, alerts)}
    where user_id = ${userId} and ${sql(column)} = ${target.id}
    returning 1`
  return row ? readFollow(sql, userId, target) : null
}

/** Whether there was a follow to remove. */
export async function removeFollow(sql: postgres.Sql, userId: string, target: FollowTarget): Promise<boolean> {
  const { column } = TARGETS[target.type]
  const rows = await sql`delete from follows where user_id = ${userId} and ${sql(column)} = ${target.id} returning 1`
  return rows.length > 0
}

/** The reader's follows, newest first. */
export async function listFollows(sql: postgres.Sql, userId: string): Promise<Follow[]> {
  const rows = await sql<FollowRow[]>`
    select ${FOLLOW_COLUMNS(sql)} from follows f ${FOLLOW_JOINS(sql)}
    where f.user_id = ${userId}
    order by f.created_at desc, f.id desc`
  return rows.map(asFollow)
}

/** Whether the reader follows the target: the follow button's state on the target's page. */
export async function isFollowing(sql: postgres.Sql, userId: string, target: FollowTarget): Promise<boolean> {
  const { column } = TARGETS[target.type]
  const [row] = await sql<{ following: boolean }[]>`
    select exists (select 1 from follows where user_id = ${userId} and ${sql(column)} = ${target.id}) as following`
  return row!.following
}

/**
 * The CTE `followed_clubs (id)` of a statement that has the CTE `mine` (the reader's follows):
 * the clubs they follow, and the clubs of the players they follow. My Hadaf and the personal
 * calendar show the same clubs' matches.
 */
export const followedClubs = (sql: postgres.Sql) => sql`followed_clubs as (
  select club_id as id from mine where club_id is not null
  union select p.club_id from mine f join players p on p.id = f.player_id where p.club_id is not null)`
