// What a post is about: its post_tags rows, one per competition, club, player or match. The
// desk sends them as ids; the seed resolves its files' names to ids first
// (scripts/content/post-tags.ts). Both write them here.
import type postgres from 'postgres'
import { TAG_TYPES, type TagOption, type TagType } from '../../lib/tag-option.ts'

export { TAG_TYPES, type TagType }

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

/** A tag with what the desk calls it in each language. */
export type LabelledTag = TagOption

/**
 * The tags with their names (a match: its teams and day), in the order given; a tag that
 * names no row keeps its id as its name, so the editor can still show and remove it.
 */
export async function labelTags(sql: Sql, tags: readonly Tag[]): Promise<LabelledTag[]> {
  if (tags.length === 0) return []
  const grouped = groupTags(tags)
  const rows = await sql<{ type: TagType; id: string; ar: string; en: string }[]>`
    select 'competition' as type, c.id, c.name ->> 'ar' as ar, c.name ->> 'en' as en
      from competitions c where c.id in (select v from ${ids(sql, grouped, 'competitionIds')} as t(v))
    union all select 'club', k.id::text, k.name ->> 'ar', k.name ->> 'en'
      from clubs k where k.id::text in (select v from ${ids(sql, grouped, 'clubIds')} as t(v))
    union all select 'player', p.id::text, p.name ->> 'ar', p.name ->> 'en'
      from players p where p.id::text in (select v from ${ids(sql, grouped, 'playerIds')} as t(v))
    union all select 'match', m.id::text,
        concat_ws(' – ', h.short_name ->> 'ar', a.short_name ->> 'ar') || '، ' || to_char(m.kickoff, 'YYYY-MM-DD'),
        concat_ws(' – ', h.short_name ->> 'en', a.short_name ->> 'en') || ', ' || to_char(m.kickoff, 'YYYY-MM-DD')
      from matches m join clubs h on h.id = m.home_club_id join clubs a on a.id = m.away_club_id
      where m.id::text in (select v from ${ids(sql, grouped, 'matchIds')} as t(v))`
  const named = new Map(rows.map((row) => [`${row.type}:${row.id}`, row]))
  return tags.map((tag) => {
    const row = named.get(`${tag.type}:${tag.id}`)
    const ar = row?.ar || row?.en || tag.id
    const en = row?.en || row?.ar || tag.id
    return { ...tag, label: { ar, en } }
  })
}
