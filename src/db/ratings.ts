// Readers' ratings of posts and players (supabase/migrations/…_ratings.sql). Each write runs
// in one transaction with the item's check, and the table's trigger moves the item's totals
// in that same transaction; the answer is read back inside it, so it is the state this
// write left, never a mixture with a concurrent one.
import type postgres from 'postgres'
import { averageRating } from '../../lib/rating.ts'

export const RATED_KINDS = ['post', 'player'] as const
export type RatedKind = (typeof RATED_KINDS)[number]

export interface RatedItem {
  type: RatedKind
  id: number
}

/** An item's totals as its page loads them. */
export interface RatingTotals {
  count: number
  sum: number
}

/** What a reader sees after a rating: the average (one decimal), how many rated, and their own. */
export interface RatingState {
  average: number
  count: number
  /** The signed-in reader's rating; null when they have none. */
  value: number | null
}

// Only published posts can be rated: a draft has no page to rate it from.
const TARGETS = {
  post: { table: 'posts', column: 'post_id', rateable: 'published' },
  player: { table: 'players', column: 'player_id', rateable: null },
} as const

/**
 * True when the item exists and can be rated. `for key share` keeps it from being deleted
 * until the transaction ends, so the rating's foreign key cannot fail halfway.
 */
async function lockItem(tx: postgres.TransactionSql, item: RatedItem): Promise<boolean> {
  const { table, rateable } = TARGETS[item.type]
  const rows = await tx`
    select 1 from ${tx(table)}
    where id = ${item.id} ${rateable ? tx`and status = ${rateable}` : tx``}
    for key share`
  return rows.length > 0
}

/** The item's totals and the user's rating; null when the item does not exist. */
async function readState(sql: postgres.Sql | postgres.TransactionSql, userId: string, item: RatedItem): Promise<RatingState | null> {
  const { table, column, rateable } = TARGETS[item.type]
  const [row] = await sql<{ count: number; sum: number; value: number | null }[]>`
    select t.rating_count as count, t.rating_sum::float8 as sum,
      (select r.value::float8 from ratings r where r.user_id = ${userId} and r.${sql(column)} = t.id) as value
    from ${sql(table)} t
    where t.id = ${item.id} ${rateable ? sql`and t.status = ${rateable}` : sql``}`
  return row ? { average: averageRating(row.sum, row.count), count: row.count, value: row.value } : null
}

/** The user's rating of the item, set or changed; null when there is no such item. */
export function saveRating(sql: postgres.Sql, userId: string, item: RatedItem, value: number): Promise<RatingState | null> {
  const { column } = TARGETS[item.type]
  return sql.begin(async (tx) => {
    if (!(await lockItem(tx, item))) return null
    // The same value again changes nothing, so the totals' trigger does not run for it.
    await tx`
      insert into ratings ${tx({ user_id: userId, [column]: item.id, value })}
      on conflict (user_id, ${tx(column)}) where ${tx(column)} is not null
      do update set value = excluded.value, updated_at = now()
      where ratings.value <> excluded.value`
    return readState(tx, userId, item)
  }) as Promise<RatingState | null>
}

/** The user's rating of the item removed (if they had one); null when there is no such item. */
export function removeRating(sql: postgres.Sql, userId: string, item: RatedItem): Promise<RatingState | null> {
  const { column } = TARGETS[item.type]
  return sql.begin(async (tx) => {
    if (!(await lockItem(tx, item))) return null
    await tx`delete from ratings where user_id = ${userId} and ${tx(column)} = ${item.id}`
    return readState(tx, userId, item)
  }) as Promise<RatingState | null>
}

/** The item's totals and the user's rating as they stand; null when there is no such item. */
export function readRating(sql: postgres.Sql, userId: string, item: RatedItem): Promise<RatingState | null> {
  return readState(sql, userId, item)
}
