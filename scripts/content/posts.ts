// Loads the team's posts (content/posts/<kind>/*.json) into `posts`, bodies sanitised, and
// links each to the football data through `post_tags`. Rows upsert on the file's path and
// only rows whose content differs are written, so a second load changes nothing.
import { join } from 'node:path'
import postgres from 'postgres'
import * as v from 'valibot'
import { CONTENT_DIR, LocalizedHtml, LocalizedText, readContentFiles, Text } from './content-files.ts'
import { replacePostTags } from '../../src/db/post-tags.ts'
import { loadPlayerLookup, PostTagsSchema, resolvePostTags } from './post-tags.ts'

const KINDS = ['news', 'article', 'analytics', 'caricature'] as const

/** A path on this site ('/media/…') or an https URL: what the CSP lets media load from. */
const MediaUrl = v.pipe(v.string(), v.regex(/^(\/[^/]|https:\/\/)/, 'Expected a site path or an https URL'))
const Size = v.pipe(v.number(), v.integer(), v.minValue(1))
// A video/* or audio/* file, or an HLS stream by RFC 8216's type.
const Mime = v.pipe(v.string(), v.regex(/^((video|audio)\/[\w.+-]+|application\/vnd\.apple\.mpegurl)$/, 'Expected a video/*, audio/* or HLS type'))

// The shape the posts.media column documents (migration 20261122000300), plus `sources`:
// other encodings of the same media (another size, or a plain file after an HLS stream)
// that a player may choose instead, in order of preference after `src`.
const Media = v.strictObject({
  type: v.picklist(['video', 'audio']),
  src: MediaUrl,
  mime: Mime,
  sources: v.optional(v.array(v.strictObject({ src: MediaUrl, mime: Mime, width: v.optional(Size), height: v.optional(Size) }))),
  poster: v.optional(MediaUrl),
  width: v.optional(Size),
  height: v.optional(Size),
  duration: v.optional(v.pipe(v.number(), v.minValue(0))),
  title: LocalizedText,
  captions: v.optional(v.array(v.strictObject({ lang: v.picklist(['en', 'ar']), label: Text, src: MediaUrl })), []),
})

const PostSchema = v.strictObject({
  kind: v.picklist(KINDS),
  slug: v.strictObject({
    // The same rules as the posts table's checks, reported here with the file's name.
    en: v.pipe(v.string(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Expected lower-case words joined by hyphens')),
    ar: v.pipe(v.string(), v.regex(/^[^\s/?#]{1,200}$/, 'Expected 1-200 characters without spaces, /, ? or #')),
  }),
  title: LocalizedText,
  summary: LocalizedText,
  body: LocalizedHtml,
  author: LocalizedText,
  published_at: v.pipe(v.string(), v.isoTimestamp()),
  cover: v.optional(v.strictObject({ src: MediaUrl, width: Size, height: Size, alt: LocalizedText })),
  tags: v.optional(PostTagsSchema, {}),
  media: v.optional(v.array(Media), []),
})

type PostFile = v.InferOutput<typeof PostSchema>

export interface PostsLoad {
  posts: number
  /** post_tags rows the posts have after the load. */
  tags: number
  /** 'posts/news/01-….json: player "Name"' for every tag that matched no football row. */
  unresolvedTags: string[]
  /** posts and post_tags rows inserted, updated or deleted. */
  changedRows: number
}

export async function loadPosts(databaseUrl: string, dir = join(CONTENT_DIR, 'posts')): Promise<PostsLoad> {
  const files = await readContentFiles(dir, PostSchema)
  for (const { sourceKey, data } of files) {
    const folder = sourceKey.split('/').at(-2)
    if (folder !== data.kind) throw new Error(`${sourceKey}: kind "${data.kind}" does not match its folder "${folder}"`)
  }
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const result: PostsLoad = { posts: files.length, tags: 0, unresolvedTags: [], changedRows: 0 }
  try {
    const playerId = await loadPlayerLookup(sql)
    for (const { sourceKey, data } of files) {
      // One transaction per post: a post is never left with half its tags.
      await sql.begin(async (tx) => {
        const { id, changed } = await upsertPost(tx, sourceKey, data)
        const tags = await resolvePostTags(tx, data.tags, playerId)
        result.changedRows += Number(changed) + (await replacePostTags(tx, id, tags))
        result.tags += tags.competitionIds.length + tags.clubIds.length + tags.playerIds.length + tags.matchIds.length
        result.unresolvedTags.push(...tags.unresolved.map((tag) => `${sourceKey}: ${tag}`))
      })
    }
    return result
  } finally {
    await sql.end()
  }
}

async function upsertPost(sql: postgres.TransactionSql, sourceKey: string, post: PostFile): Promise<{ id: string; changed: boolean }> {
  const { cover } = post
  const [written] = await sql<{ id: string }[]>`
    insert into posts (kind, slug_en, slug_ar, title, summary, body, cover_src, cover_width, cover_height, cover_alt,
      media, author, status, published_at, source_key)
    values (${post.kind}, ${post.slug.en}, ${post.slug.ar}, ${sql.json(post.title)}, ${sql.json(post.summary)},
      ${sql.json(post.body)},
      ${cover?.src ?? null}, ${cover?.width ?? null}, ${cover?.height ?? null}, ${cover ? sql.json(cover.alt) : null},
      ${sql.json(post.media)}, ${sql.json(post.author)}, 'published', ${post.published_at}, ${sourceKey})
    on conflict (source_key) do update set
      kind = excluded.kind, slug_en = excluded.slug_en, slug_ar = excluded.slug_ar, title = excluded.title,
      summary = excluded.summary, body = excluded.body, cover_src = excluded.cover_src,
      cover_width = excluded.cover_width, cover_height = excluded.cover_height, cover_alt = excluded.cover_alt,
      media = excluded.media, author = excluded.author, status = excluded.status, published_at = excluded.published_at
    where (posts.kind, posts.slug_en, posts.slug_ar, posts.title, posts.summary, posts.body, posts.cover_src,
        posts.cover_width, posts.cover_height, posts.cover_alt, posts.media, posts.author, posts.status, posts.published_at)
      is distinct from (excluded.kind, excluded.slug_en, excluded.slug_ar, excluded.title, excluded.summary, excluded.body,
        excluded.cover_src, excluded.cover_width, excluded.cover_height, excluded.cover_alt, excluded.media,
        excluded.author, excluded.status, excluded.published_at)
    returning id`
  if (written) return { id: written.id, changed: true }
  const [existing] = await sql<{ id: string }[]>`select id from posts where source_key = ${sourceKey}`
  return { id: existing!.id, changed: false }
}
