// What a post is about: its post_tags rows, one per competition, club, player or match. The
// desk sends them as ids; the seed resolves its files' names to ids first
// (scripts/content/post-tags.ts). Both write them here.
import type postgres from 'postgres'

export const TAG_TYPES = ['competition', 'club', 'player', 'match'] as const
export type TagType = (typeof TAG_TYPES)[number]

export interface PostTagIds {
  competitionIds: string[]
  clubIds: string[]
  playerIds: string[]
  matchIds: string[]
}

export interface Tag {
  type: TagType
  id: string
}

/** Tags as the desk sends them, grouped by type. */
export function groupTags(tags: readonly Tag[]): PostTagIds {
  const of = (type: TagType) => [...new Set(tags.filter((tag) => tag.type === type).map((tag) => tag.id))]
  return { competitionIds: of('competition'), clubIds: of('club'), playerIds: of('player'), matchIds: of('match') }
}

// Ids travel as one JSON document, not as array parameters: the worker's client skips type
// discovery (fetch_types: false) and cannot send Postgres arrays.
const ids = (sql: Sql, tags: PostTagIds, key: keyof PostTagIds) => sql`jsonb_array_elements_text(${sql.json(tags as unknown as postgres.JSONValue)} -> ${key})`

type Sql = postgres.Sql | postgres.TransactionSql

/** The tags that name no row: one statement for the four kinds. */
export async function missingTags(sql: Sql, tags: PostTagIds): Promise<Tag[]> {
  const [row] = await sql<{ missing: Tag[] | null }[]>`
    select json_agg(json_build_object('type', type, 'id', id)) as missing from (
      select 'competition' as type, t.v as id from ${ids(sql, tags, 'competitionIds')} as t(v)
        where not exists (select 1 from competitions c where c.id = t.v)
      union all select 'club', t.v from ${ids(sql, tags, 'clubIds')} as t(v)
        where not exists (select 1 from clubs c where c.id::text = t.v)
      union all select 'player', t.v from ${ids(sql, tags, 'playerIds')} as t(v)
        where not exists (select 1 from players p where p.id::text = t.v)
      union all select 'match', t.v from ${ids(sql, tags, 'matchIds')} as t(v)
        where not exists (select 1 from matches m where m.id::text = t.v)
    ) missing`
  return row?.missing ?? []
}

/**
 * Makes the post's post_tags exactly the given set, touching only the rows that differ
 * so a second load reports no change. Returns the number of rows deleted and inserted.
 */
export async function replacePostTags(sql: postgres.TransactionSql, postId: string, tags: PostTagIds): Promise<number> {
  const list = (key: keyof PostTagIds) => sql`(select v from ${ids(sql, tags, key)} as t(v))`
  // coalesce: a null target column compares as null, and `not null` would keep the row.
  const deleted = await sql`
    delete from post_tags
    where post_id = ${postId}
      and not (coalesce(competition_id in ${list('competitionIds')}, false)
        or coalesce(club_id::text in ${list('clubIds')}, false)
        or coalesce(player_id::text in ${list('playerIds')}, false)
        or coalesce(match_id::text in ${list('matchIds')}, false))`
  const inserted = await sql`
    insert into post_tags (post_id, competition_id, club_id, player_id, match_id)
    select ${postId}::bigint, v, null::bigint, null::bigint, null::bigint from ${ids(sql, tags, 'competitionIds')} as t(v)
    union all select ${postId}::bigint, null, v::bigint, null, null from ${ids(sql, tags, 'clubIds')} as t(v)
    union all select ${postId}::bigint, null, null, v::bigint, null from ${ids(sql, tags, 'playerIds')} as t(v)
    union all select ${postId}::bigint, null, null, null, v::bigint from ${ids(sql, tags, 'matchIds')} as t(v)
    on conflict do nothing`
  return deleted.count + inserted.count
}
