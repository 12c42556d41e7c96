// Loads the team's posts (content/posts/<kind>/*.json) through the desk's own code path
// (decision 088): each file becomes a post as an editor's would, created by the site itself
// (no account) with createPost (its slugs, tags checked, first revision, audit entry), then
// published as of its file's date with changePostStatus. A file is known by its path
// (`source_key`): a second load changes only the posts whose file changed, and leaves alone
// a post an editor has since changed at the desk.
import { join } from 'node:path'
import postgres from 'postgres'
import * as v from 'valibot'
import { type Author, changePostStatus, createPost, type PostContent, type SlugProblem, updatePost } from '../../src/db/desk-posts.ts'
import { missingTags, type PostTagIds, type Tag } from '../../src/db/post-tags.ts'
import { CONTENT_DIR, LocalizedHtml, LocalizedText, readContentFiles, Text } from './content-files.ts'
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
  /** Posts created from a file never loaded before. */
  created: number
  /** Posts written again because their file (or their row, by hand) changed. */
  updated: number
  /** Posts an editor has changed at the desk since: the desk's version stays. */
  keptForDesk: string[]
}

/** The seed writes as the site itself: no account, "the system" in the audit log. */
const SITE: Author = { id: null, name: 'Hadaf' }

export async function loadPosts(databaseUrl: string, dir = join(CONTENT_DIR, 'posts')): Promise<PostsLoad> {
  const files = await readContentFiles(dir, PostSchema)
  for (const { sourceKey, data } of files) {
    const folder = sourceKey.split('/').at(-2)
    if (folder !== data.kind) throw new Error(`${sourceKey}: kind "${data.kind}" does not match its folder "${folder}"`)
  }
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const result: PostsLoad = { posts: files.length, tags: 0, unresolvedTags: [], created: 0, updated: 0, keptForDesk: [] }
  try {
    const playerId = await loadPlayerLookup(sql)
    for (const { sourceKey, data } of files) {
      const resolved = await resolvePostTags(sql, data.tags, playerId)
      result.unresolvedTags.push(...resolved.unresolved.map((tag) => `${sourceKey}: ${tag}`))
      const outcome = await loadPost(sql, sourceKey, data, resolved)
      if (outcome === 'desk') result.keptForDesk.push(sourceKey)
      else if (outcome !== 'same') result[outcome] += 1
    }
    const [{ tags }] = await sql<[{ tags: number }]>`
      select count(*)::int as tags from post_tags t join posts p on p.id = t.post_id where p.source_key is not null`
    result.tags = tags
    return result
  } finally {
    await sql.end()
  }
}

/** The resolved ids as the desk's tags, checked as the desk checks an editor's. */
async function deskTags(sql: postgres.Sql, sourceKey: string, ids: PostTagIds): Promise<Tag[]> {
  const missing = await missingTags(sql, ids)
  if (missing.length > 0) throw new Error(`${sourceKey}: tag ${missing[0]!.type} ${missing[0]!.id} names nothing`)
  return [
    ...ids.competitionIds.map((id): Tag => ({ type: 'competition', id })),
    ...ids.clubIds.map((id): Tag => ({ type: 'club', id })),
    ...ids.playerIds.map((id): Tag => ({ type: 'player', id })),
    ...ids.matchIds.map((id): Tag => ({ type: 'match', id })),
  ]
}

function slugRefused(sourceKey: string, problem: SlugProblem): Error {
  const why = problem.reason === 'taken' ? 'is already another post\'s' : 'is not a valid slug'
  return new Error(`${sourceKey}: slug.${problem.lang} ${why}`)
}

type Outcome = 'created' | 'updated' | 'same' | 'desk'

async function loadPost(sql: postgres.Sql, sourceKey: string, post: PostFile, ids: PostTagIds): Promise<Outcome> {
  const content: PostContent = {
    kind: post.kind,
    title: post.title,
    summary: post.summary,
    // Sanitised as the file was read (content-files.ts), with the allow-list the desk uses.
    body: post.body,
    slug: post.slug,
    tags: await deskTags(sql, sourceKey, ids),
    author: post.author,
  }
  const [existing] = await sql<{ id: string; status: string; desk: boolean }[]>`
    select p.id::text, p.status,
      exists (select 1 from audit_log a where a.target_type = 'post' and a.target_id = p.id::text and a.actor_id is not null) as desk
    from posts p where p.source_key = ${sourceKey}`
  if (existing?.desk) return 'desk'
  let outcome: Outcome = 'same'
  let id = existing?.id
  if (!id) {
    const created = await createPost(sql, content, SITE, (tx, newId) => writeFileFields(tx, newId, sourceKey, post).then(() => undefined))
    if ('reason' in created) throw slugRefused(sourceKey, created)
    id = created.id
    outcome = 'created'
  } else {
    let fileFields = false
    let revision = 0
    const updated = await updatePost(sql, Number(id), SITE, async (current, tx) => {
      revision = current.revision
      fileFields = await writeFileFields(tx, current.id, sourceKey, post)
      return content
    })
    if (!updated) throw new Error(`${sourceKey}: the post vanished while it was loaded`)
    if ('reason' in updated) throw slugRefused(sourceKey, updated)
    if (fileFields || updated.revision !== revision) outcome = 'updated'
  }
  // Out as of the file's date; a load stopped between the two steps publishes it now.
  if (existing?.status !== 'published') {
    const published = await changePostStatus(sql, Number(id), { to: 'published', at: new Date(post.published_at), backdate: true }, SITE, () => null)
    if (!published || 'refused' in published) throw new Error(`${sourceKey}: could not be published`)
  }
  return outcome
}


/**
 * What only a file has, beside what the desk writes: its path, its cover and media as files
 * on the site (the library's covers are for the desk's posts, decision 084), and for a post
 * already out, its date. Whether the row changed.
 */
async function writeFileFields(tx: postgres.TransactionSql, id: string, sourceKey: string, post: PostFile): Promise<boolean> {
  const { cover } = post
  const written = await tx`
    update posts set source_key = ${sourceKey}, cover_src = ${cover?.src ?? null}, cover_width = ${cover?.width ?? null},
      cover_height = ${cover?.height ?? null}, cover_alt = ${cover ? tx.json(cover.alt) : null}, media = ${tx.json(post.media)},
      published_at = case when status = 'published' then ${post.published_at}::timestamptz else published_at end
    where id = ${id}
      and (source_key, cover_src, cover_width, cover_height, cover_alt, media, case when status = 'published' then published_at end)
        is distinct from (${sourceKey}, ${cover?.src ?? null}, ${cover?.width ?? null}, ${cover?.height ?? null},
          ${cover ? tx.json(cover.alt) : null}::jsonb, ${tx.json(post.media)}::jsonb,
          case when status = 'published' then ${post.published_at}::timestamptz end)`
  return written.count > 0
}
