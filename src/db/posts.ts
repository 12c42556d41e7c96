// The team's writing: a section's list and a post's page. Each page is one SQL statement
// (CTEs and json_agg), so it costs one round trip whatever it shows.
import type postgres from 'postgres'
import type { PostKind } from '../../lib/links.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import { type LibraryCover, libraryClipsJson, libraryCoverJson } from './media-library.ts'
import type { RatingTotals } from './ratings.ts'

/** What a card shows: enough to link to the post in either language. */
export interface PostSummary {
  id: number
  kind: PostKind
  slug: LocalizedText
  title: LocalizedText
  summary: LocalizedText
  cover: string | null
  coverWidth: number | null
  coverHeight: number | null
  /** A cover chosen from the media library, which the seed's `cover` columns give way to. */
  libraryCover: LibraryCover | null
  publishedAt: string
}

/** A PostSummary as JSON; expects the alias `p` for posts. */
export function postSummaryJson(sql: postgres.Sql) {
  return sql`json_build_object(
    'id', p.id, 'kind', p.kind, 'slug', json_build_object('en', p.slug_en, 'ar', p.slug_ar),
    'title', p.title, 'summary', p.summary, 'cover', p.cover_src,
    'coverWidth', p.cover_width, 'coverHeight', p.cover_height, 'libraryCover', ${libraryCoverJson(sql)},
    'publishedAt', p.published_at
  )`
}

export const POSTS_PER_PAGE = 12

/** What a list can be narrowed to: posts tagged with a competition, a club or a player. */
export interface PostFilter {
  competition?: string
  club?: number
  player?: number
}

export type FilterType = keyof PostFilter

const FILTER_TARGETS: Record<FilterType, { column: string; table: string }> = {
  competition: { column: 'competition_id', table: 'competitions' },
  club: { column: 'club_id', table: 'clubs' },
  player: { column: 'player_id', table: 'players' },
}

/** Something a post is tagged with that has a name of its own. */
export interface NamedTag {
  type: FilterType
  id: string
  name: LocalizedText
}

export interface MatchTag {
  type: 'match'
  id: string
  home: LocalizedText
  away: LocalizedText
  kickoff: string
}

export type PostTag = NamedTag | MatchTag

export interface PostListPage {
  /** Published posts in the list, all pages together. */
  total: number
  posts: PostSummary[]
  /** The filter's targets that exist; a filter naming nothing has no entry here. */
  filters: NamedTag[]
}

/** Fragments joined with a separator (postgres.js has no join helper for fragments). */
function joinFragments(sql: postgres.Sql, fragments: postgres.PendingQuery<postgres.Row[]>[], separator: postgres.PendingQuery<postgres.Row[]>) {
  return fragments.reduce((joined, fragment, i) => (i === 0 ? fragment : sql`${joined} ${separator} ${fragment}`))
}

/** One page of a kind's published posts, newest first, narrowed by the filter. */
export async function loadPostList(sql: postgres.Sql, kind: PostKind, page: number, filter: PostFilter): Promise<PostListPage> {
  const active = (Object.keys(FILTER_TARGETS) as FilterType[]).flatMap((type) => {
    const value = filter[type]
    return value === undefined ? [] : [{ type, value, ...FILTER_TARGETS[type] }]
  })
  const narrowed = active.map(
    (f) => sql`and exists (select 1 from post_tags t where t.post_id = p.id and t.${sql(f.column)} = ${f.value})`,
  )
  const targets = active.map(
    (f) => sql`select ${f.type}::text as type, id::text as id, name from ${sql(f.table)} where id = ${f.value}`,
  )
  const [row] = await sql<PostListPage[]>`
    with listed as (
      select p.* from posts p
      where p.kind = ${kind} and p.status = 'published' ${narrowed.length > 0 ? joinFragments(sql, narrowed, sql``) : sql``}
    )
    select
      (select count(*)::int from listed) as total,
      coalesce((
        select json_agg(x.post order by x.published_at desc, x.id desc) from (
          select ${postSummaryJson(sql)} as post, p.published_at, p.id
          from listed p
          order by p.published_at desc, p.id desc
          limit ${POSTS_PER_PAGE} offset ${(page - 1) * POSTS_PER_PAGE}
        ) x
      ), '[]'::json) as posts,
      ${
        targets.length > 0
          ? sql`coalesce((select json_agg(f) from (${joinFragments(sql, targets, sql`union all`)}) f), '[]'::json)`
          : sql`'[]'::json`
      } as filters
  `
  return row!
}

export interface PostCover {
  src: string
  width: number | null
  height: number | null
  alt: LocalizedText | null
}

export interface MediaCaption {
  lang: string
  label: string
  src: string
}

/** One entry of posts.media, as the importer writes it (see the migration), or a library clip of the post (post_media). */
export interface PostMedia {
  type: 'video' | 'audio'
  src: string
  mime: string
  /** Other encodings of the same media (another size, a plain file after an HLS stream), preferred in this order after `src`. */
  sources?: { src: string; mime: string; width?: number; height?: number }[]
  poster?: string
  width?: number
  height?: number
  duration?: number
  title: LocalizedText
  captions?: MediaCaption[]
}

export interface PostDetail {
  id: number
  kind: PostKind
  slug: LocalizedText
  title: LocalizedText
  summary: LocalizedText
  /** HTML sanitised with an allow-list when it was written (src/posts/sanitize.ts). */
  body: LocalizedText
  author: LocalizedText
  cover: PostCover | null
  /** A cover chosen from the media library: when there is one, it is the one shown. */
  libraryCover: LibraryCover | null
  media: PostMedia[]
  publishedAt: string
  /** Readers' ratings so far (src/db/ratings.ts). */
  rating: RatingTotals
}

export interface PostPage {
  post: PostDetail
  tags: PostTag[]
  /** Up to four newer-first posts that share a tag with this one. */
  related: PostSummary[]
}

/**
 * The published post whose slug in `lang` is `slug`, or failing that whose slug in the
 * other language is, or that had it before (post_old_slugs); the caller redirects the
 * last two to the canonical address.
 */
export async function loadPost(sql: postgres.Sql, lang: Locale, slug: string): Promise<PostPage | null> {
  const slugInLang = lang === 'ar' ? sql`slug_ar` : sql`slug_en`
  return loadPostPage(
    sql,
    sql`
      select * from posts
      where status = 'published'
        and (slug_ar = ${slug} or slug_en = ${slug} or id in (select post_id from post_old_slugs where slug = ${slug}))
      order by ${slugInLang} = ${slug} desc, (slug_ar = ${slug} or slug_en = ${slug}) desc
      limit 1`,
  )
}

/**
 * Any post by id, whatever its status, as its page would show it: the desk's preview. One
 * not yet out shows the time of the preview as its date.
 */
export async function loadPostForPreview(sql: postgres.Sql, id: number): Promise<PostPage | null> {
  return loadPostPage(sql, sql`select * from posts where id = ${id}`)
}

/** The page of the post `post` selects (at most one row of posts). */
async function loadPostPage(sql: postgres.Sql, post: postgres.PendingQuery<postgres.Row[]>): Promise<PostPage | null> {
  const [row] = await sql<PostPage[]>`
    with post as (${post}),
    tags as (select t.* from post_tags t join post on post.id = t.post_id)
    select
      json_build_object(
        'id', p.id, 'kind', p.kind, 'slug', json_build_object('en', p.slug_en, 'ar', p.slug_ar),
        'title', p.title, 'summary', p.summary, 'body', p.body, 'author', p.author,
        -- The seed's clips (files on the site), then the desk's from the library.
        'media', p.media || ${libraryClipsJson(sql)},
        'cover', case when p.cover_src is null then null else json_build_object(
          'src', p.cover_src, 'width', p.cover_width, 'height', p.cover_height, 'alt', p.cover_alt) end,
        'libraryCover', ${libraryCoverJson(sql)},
        'publishedAt', coalesce(p.published_at, now()), 'rating', json_build_object('count', p.rating_count, 'sum', p.rating_sum)
      ) as post,
      coalesce((
        select json_agg(x.tag order by x.rank, x.label) from (
          select json_build_object('type', 'competition', 'id', c.id, 'name', c.name) as tag, 1 as rank, c.name ->> 'en' as label
            from tags t join competitions c on c.id = t.competition_id
          union all
          select json_build_object('type', 'club', 'id', k.id::text, 'name', k.name), 2, k.name ->> 'en'
            from tags t join clubs k on k.id = t.club_id
          union all
          select json_build_object('type', 'player', 'id', pl.id::text, 'name', pl.name), 3, pl.name ->> 'en'
            from tags t join players pl on pl.id = t.player_id
          union all
          select json_build_object('type', 'match', 'id', m.id::text, 'home', h.short_name, 'away', a.short_name, 'kickoff', m.kickoff),
            4, m.kickoff::text
            from tags t join matches m on m.id = t.match_id
            join clubs h on h.id = m.home_club_id
            join clubs a on a.id = m.away_club_id
        ) x
      ), '[]'::json) as tags,
      coalesce((
        select json_agg(x.post order by x.published_at desc, x.id desc) from (
          select ${postSummaryJson(sql)} as post, p.published_at, p.id
          from posts p
          where p.status = 'published' and p.id <> (select id from post)
            and exists (
              select 1 from post_tags r join tags t
                on r.competition_id = t.competition_id or r.club_id = t.club_id
                or r.player_id = t.player_id or r.match_id = t.match_id
              where r.post_id = p.id
            )
          order by p.published_at desc, p.id desc
          limit 4
        ) x
      ), '[]'::json) as related
    from post p
  `
  return row ?? null
}
