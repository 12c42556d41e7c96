// Posts as the desk writes them: created as drafts, saved as numbered revisions, moved
// through review to published (now or at a time) and back, each change in one transaction
// with its audit entry (src/db/audit.ts). Slugs come from the titles until a post is first
// out; after that a slug changes only when an editor sets one, and the old one keeps
// answering (post_old_slugs).
import type postgres from 'postgres'
import type { PostKind } from '../../lib/links.ts'
import { LOCALES, type Locale } from '../../lib/locales.ts'
import { firstFreeSlug, slugify } from '../../lib/slug.ts'
import { recordAudit } from './audit.ts'
import { groupTags, type PostTagIds, replacePostTags, type Tag } from './post-tags.ts'

export const POST_STATUSES = ['draft', 'review', 'scheduled', 'published'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

// A type, not an interface: postgres.js's json() takes it only with an implicit index signature.
export type Bilingual = { ar: string; en: string }

/** What a desk post is made of; on a change, what is absent stays as it was. */
export interface PostContent {
  kind: PostKind
  title: Bilingual
  summary: Bilingual
  /** HTML, already sanitised. */
  body: Bilingual
  slug: Partial<Bilingual>
  tags: Tag[]
  /** The byline; absent on a new post: the writer's name in both languages. */
  author?: Bilingual
  /** The id of the library image that is the cover, or null (decision 084). */
  cover?: string | null
  /** The ids of the library's audio and video the page plays, in order (decision 089); absent: none. */
  media?: string[]
}

export interface DeskPost {
  id: string
  kind: PostKind
  status: PostStatus
  title: Bilingual
  summary: Bilingual
  body: Bilingual
  slug: Bilingual
  tags: Tag[]
  author: Bilingual
  /** The cover's library id. */
  cover: string | null
  /** The library ids of its audio and video, in order. */
  media: string[]
  publishedAt: string | null
  createdBy: string | null
  createdAt: string
  updatedAt: string
  /** The number of the latest revision. */
  revision: number
  /** Whether each language has its title, summary and body. */
  translation: Record<Locale, boolean>
}

export interface Revision {
  number: number
  createdAt: string
  author: { id: string; name: string } | null
  /** Revisions written before bylines were saved have no `author`; before clips were, no `media`. */
  content: Omit<PostContent, 'slug'> & { slug: Bilingual }
}

type Sql = postgres.Sql | postgres.TransactionSql

const deskPostColumns = (sql: Sql) => sql`
  p.id::text, p.kind, p.status, p.title, p.summary, p.body,
  json_build_object('ar', p.slug_ar, 'en', p.slug_en) as slug, p.author, p.cover_media_id::text as cover,
  p.published_at as "publishedAt", p.created_by::text as "createdBy",
  p.created_at as "createdAt", p.updated_at as "updatedAt",
  coalesce((select max(r.number) from post_revisions r where r.post_id = p.id), 0) as revision,
  coalesce((select json_agg(json_build_object(
      'type', case when t.competition_id is not null then 'competition' when t.club_id is not null then 'club'
                   when t.player_id is not null then 'player' else 'match' end,
      'id', coalesce(t.competition_id, t.club_id::text, t.player_id::text, t.match_id::text)))
    from post_tags t where t.post_id = p.id), '[]'::json) as tags,
  coalesce((select json_agg(pm.media_id::text order by pm.position) from post_media pm where pm.post_id = p.id), '[]'::json) as media`

function withTranslation(row: Omit<DeskPost, 'translation'>): DeskPost {
  const complete = (lang: Locale) => [row.title, row.summary, row.body].every((text) => (text[lang] ?? '').trim() !== '')
  return { ...row, translation: { ar: complete('ar'), en: complete('en') } }
}

export async function loadDeskPost(sql: Sql, id: number, lock = false): Promise<DeskPost | null> {
  const [row] = await sql<Omit<DeskPost, 'translation'>[]>`
    select ${deskPostColumns(sql)} from posts p where p.id = ${id} ${lock ? sql`for update of p` : sql``}`
  return row ? withTranslation(row) : null
}

export const TRANSLATION_STATES = ['complete', 'ar-missing', 'en-missing'] as const
export type TranslationFilter = (typeof TRANSLATION_STATES)[number]

export interface DeskPostFilter {
  status?: PostStatus | undefined
  kind?: PostKind | undefined
  createdBy?: string | undefined
  /** Both languages complete, or one of them not (title, summary or body empty). */
  translation?: TranslationFilter | undefined
  limit: number
}

/** Whether the post's title, summary and body in `lang` all have words: as withTranslation judges. */
const completeIn = (sql: Sql, lang: Locale) =>
  sql`(btrim(coalesce(p.title ->> ${lang}, '')) <> '' and btrim(coalesce(p.summary ->> ${lang}, '')) <> ''
    and btrim(coalesce(p.body ->> ${lang}, '')) <> '')`

function translationWhere(sql: Sql, state: TranslationFilter | undefined) {
  if (state === 'complete') return sql`and ${completeIn(sql, 'ar')} and ${completeIn(sql, 'en')}`
  if (state === 'ar-missing') return sql`and not ${completeIn(sql, 'ar')}`
  if (state === 'en-missing') return sql`and not ${completeIn(sql, 'en')}`
  return sql``
}

/** The desk's list, newest change first. */
export async function listDeskPosts(sql: Sql, filter: DeskPostFilter): Promise<DeskPost[]> {
  const rows = await sql<Omit<DeskPost, 'translation'>[]>`
    select ${deskPostColumns(sql)} from posts p
    where (${filter.status ?? null}::text is null or p.status = ${filter.status ?? null})
      and (${filter.kind ?? null}::text is null or p.kind = ${filter.kind ?? null})
      and (${filter.createdBy ?? null}::uuid is null or p.created_by = ${filter.createdBy ?? null})
      ${translationWhere(sql, filter.translation)}
    order by p.updated_at desc, p.id desc limit ${filter.limit}`
  return rows.map(withTranslation)
}

export type SlugProblem = { lang: Locale; reason: 'taken' | 'invalid' }

/** The slugs other posts answer to in `lang`, now or before, that start like `base`. */
async function takenSlugs(tx: postgres.TransactionSql, lang: Locale, base: string, postId: string | null): Promise<Set<string>> {
  const column = lang === 'ar' ? tx`slug_ar` : tx`slug_en`
  const rows = await tx<{ slug: string }[]>`
    select ${column} as slug from posts where id is distinct from ${postId}::bigint
      and (${column} = ${base} or starts_with(${column}, ${`${base}-`}))
    union all
    select slug from post_old_slugs where lang = ${lang} and post_id is distinct from ${postId}::bigint
      and (slug = ${base} or starts_with(slug, ${`${base}-`}))`
  return new Set(rows.map((row) => row.slug))
}

/**
 * The post's slugs: the one an editor set (refused when another post has it), else the
 * current one once the post has been out, else one made from the title, numbered if taken.
 */
async function chooseSlugs(
  tx: postgres.TransactionSql,
  content: PostContent,
  current: { id: string; slug: Bilingual; everOut: boolean } | null,
): Promise<Bilingual | SlugProblem> {
  const chosen: Partial<Bilingual> = {}
  for (const lang of LOCALES) {
    const asked = content.slug[lang]
    if (asked !== undefined) {
      if (slugify(asked, lang) !== asked) return { lang, reason: 'invalid' }
      if (asked !== current?.slug[lang] && (await takenSlugs(tx, lang, asked, current?.id ?? null)).has(asked)) return { lang, reason: 'taken' }
      chosen[lang] = asked
    } else if (current?.everOut) {
      chosen[lang] = current.slug[lang]
    }
  }
  // A title in neither script gives the English slug a placeholder until it has one.
  const base = {
    en: chosen.en ?? slugify(content.title.en, 'en') ?? `post-${crypto.randomUUID().slice(0, 8)}`,
    ar: chosen.ar ?? slugify(content.title.ar, 'ar') ?? null,
  }
  const slugs: Partial<Bilingual> = {}
  // English first: an Arabic slug with no Arabic title to come from takes the English one.
  for (const lang of ['en', 'ar'] as const) {
    const wanted = base[lang] ?? slugs.en!
    if (chosen[lang] !== undefined || wanted === current?.slug[lang]) slugs[lang] = wanted
    else slugs[lang] = firstFreeSlug(wanted, await takenSlugs(tx, lang, wanted, current?.id ?? null))
  }
  return slugs as Bilingual
}

function revisionContent(content: PostContent & { author: Bilingual }, slug: Bilingual) {
  const { kind, title, summary, body, tags, author } = content
  return { kind, title, summary, body, slug, tags, author, cover: content.cover ?? null, media: content.media ?? [] }
}

/** A post's tags as one string, whatever their order: two posts with the same tags have the same key. */
export const tagKey = (tags: Tag[]) => tags.map((tag) => `${tag.type}:${tag.id}`).sort().join(' ')

/**
 * Whether a save changes nothing a reader or a revision would see. Autosave sends the form
 * every few seconds of quiet; a save that changes nothing must not pile up revisions.
 */
function unchanged(before: DeskPost, after: ReturnType<typeof revisionContent>): boolean {
  const same = (a: Bilingual, b: Bilingual) => a.ar === b.ar && a.en === b.en
  return (
    before.kind === after.kind &&
    same(before.title, after.title) &&
    same(before.summary, after.summary) &&
    same(before.body, after.body) &&
    same(before.slug, after.slug) &&
    same(before.author, after.author) &&
    before.cover === after.cover &&
    before.media.join(' ') === after.media.join(' ') &&
    tagKey(before.tags) === tagKey(after.tags)
  )
}

async function addRevision(tx: postgres.TransactionSql, postId: string, userId: string | null, content: ReturnType<typeof revisionContent>) {
  await tx`
    insert into post_revisions (post_id, number, author_id, content)
    select ${postId}, coalesce(max(number), 0) + 1, ${userId}, ${tx.json(content as unknown as postgres.JSONValue)}
    from post_revisions where post_id = ${postId}`
}

const tagIds = (tags: Tag[]): PostTagIds => groupTags(tags)

/** Makes the post's library clips exactly `media`, in that order. */
async function replacePostMedia(tx: postgres.TransactionSql, postId: string, media: string[]) {
  await tx`delete from post_media where post_id = ${postId}`
  if (media.length === 0) return
  await tx`
    insert into post_media (post_id, media_id, position)
    select ${postId}::bigint, t.id::bigint, t.n from jsonb_array_elements_text(${tx.json(media)}) with ordinality as t(id, n)`
}

export interface Author {
  /** Null: the site itself, as when the seed loads the team's posts from content/ (decision 088). */
  id: string | null
  name: string
}

/** The byline given, a language left empty taking the other's, else `fallback`'s. */
function bylineOf(given: Bilingual | undefined, fallback: Bilingual): Bilingual {
  const ar = given?.ar.trim() || given?.en.trim() || fallback.ar
  const en = given?.en.trim() || given?.ar.trim() || fallback.en
  return { ar, en }
}

/**
 * A new draft, its first revision and its audit entry. `within` writes what only the caller
 * knows about the new row (the seed: the file it came from) in the same transaction.
 */
export async function createPost(
  sql: postgres.Sql,
  content: PostContent,
  author: Author,
  within?: (tx: postgres.TransactionSql, id: string) => Promise<void>,
): Promise<DeskPost | SlugProblem> {
  return sql.begin(async (tx) => {
    const slug = await chooseSlugs(tx, content, null)
    if ('reason' in slug) return slug
    const byline = bylineOf(content.author, { ar: author.name, en: author.name })
    const [row] = await tx<{ id: string }[]>`
      insert into posts (kind, slug_en, slug_ar, title, summary, body, author, status, created_by, cover_media_id)
      values (${content.kind}, ${slug.en}, ${slug.ar}, ${tx.json(content.title)}, ${tx.json(content.summary)},
        ${tx.json(content.body)}, ${tx.json(byline)}, 'draft', ${author.id}, ${content.cover ?? null})
      returning id::text`
    const id = row!.id
    const revision = revisionContent({ ...content, author: byline }, slug)
    await replacePostTags(tx, id, tagIds(content.tags))
    await replacePostMedia(tx, id, revision.media)
    await addRevision(tx, id, author.id, revision)
    await within?.(tx, id)
    const post = (await loadDeskPost(tx, Number(id)))!
    await recordAudit(tx, author.id, { action: 'post.create', targetType: 'post', targetId: id, before: null, after: post })
    return post
  })
}

/**
 * A change of words, slugs, kind, tags, byline, cover or clips: a new revision, and an
 * audit entry; a save that changes nothing writes neither and answers the post as it is.
 * `change` makes the new content from the post as the transaction locked it, so a check it
 * makes (who may change the post, which tags or clips exist) holds for the write; it throws
 * to refuse. Null: no such post.
 */
export async function updatePost(
  sql: postgres.Sql,
  id: number,
  editor: Author,
  change: (current: DeskPost, tx: postgres.TransactionSql) => Promise<PostContent>,
): Promise<DeskPost | SlugProblem | null> {
  return sql.begin(async (tx) => {
    const before = await loadDeskPost(tx, id, true)
    if (!before) return null
    const content = await change(before, tx)
    const slug = await chooseSlugs(tx, content, { id: before.id, slug: before.slug, everOut: before.publishedAt !== null })
    if ('reason' in slug) return slug
    const revision = revisionContent({ ...content, author: bylineOf(content.author, before.author) }, slug)
    if (unchanged(before, revision)) return before
    // The slugs a post that has been out leaves behind keep naming it (a 301 to the new one).
    if (before.publishedAt !== null) {
      for (const lang of LOCALES) {
        if (slug[lang] === before.slug[lang]) continue
        await tx`insert into post_old_slugs (lang, slug, post_id) values (${lang}, ${before.slug[lang]}, ${id}) on conflict (lang, slug) do update set post_id = excluded.post_id`
        await tx`delete from post_old_slugs where lang = ${lang} and slug = ${slug[lang]}`
      }
    }
    await tx`
      update posts set kind = ${content.kind}, slug_en = ${slug.en}, slug_ar = ${slug.ar},
        title = ${tx.json(content.title)}, summary = ${tx.json(content.summary)}, body = ${tx.json(content.body)},
        author = ${tx.json(revision.author)}, cover_media_id = ${revision.cover}, updated_at = now()
      where id = ${id}`
    await replacePostTags(tx, before.id, tagIds(content.tags))
    await replacePostMedia(tx, before.id, revision.media)
    await addRevision(tx, before.id, editor.id, revision)
    const after = (await loadDeskPost(tx, id))!
    await recordAudit(tx, editor.id, { action: 'post.update', targetType: 'post', targetId: id, before, after })
    return after
  })
}

/** `backdate`: a past `at` is kept as the time the post went out (the seed's posts, decision 088); else a past `at` is now. */
export type StatusChange = { to: 'review' } | { to: 'draft' } | { to: 'published'; at: Date | null; backdate?: boolean }

/**
 * Moves a post to `change.to`: `allowed` decides from the post as it is (locked), and a
 * refusal comes back as its reason. Publishing at a time in the future schedules it.
 */
export async function changePostStatus<R extends string>(
  sql: postgres.Sql,
  id: number,
  change: StatusChange,
  actor: Author,
  allowed: (post: DeskPost) => R | null,
): Promise<DeskPost | { refused: R } | null> {
  return sql.begin(async (tx) => {
    const before = await loadDeskPost(tx, id, true)
    if (!before) return null
    const refused = allowed(before)
    if (refused !== null) return { refused }
    let action: string
    if (change.to === 'published') {
      const scheduled = change.at !== null && change.at.getTime() > Date.now()
      action = scheduled ? 'post.schedule' : 'post.publish'
      await tx`
        update posts set status = ${scheduled ? 'scheduled' : 'published'},
          -- Out again after a correction: it keeps the time it first went out.
          published_at = ${scheduled || (change.backdate && change.at) ? change.at : tx`case when published_at <= now() then published_at else now() end`},
          updated_at = now()
        where id = ${id}`
    } else {
      action = change.to === 'review' ? 'post.submit' : 'post.unpublish'
      await tx`update posts set status = ${change.to}, updated_at = now() where id = ${id}`
    }
    const after = (await loadDeskPost(tx, id))!
    await recordAudit(tx, actor.id, { action, targetType: 'post', targetId: id, before: { status: before.status, publishedAt: before.publishedAt }, after: { status: after.status, publishedAt: after.publishedAt } })
    return after
  })
}

/** The cron's part (src/scheduled.ts): every scheduled post whose time has come goes out. */
export async function publishDuePosts(sql: postgres.Sql): Promise<string[]> {
  return sql.begin(async (tx) => {
    const due = await tx<{ id: string; published_at: string }[]>`
      update posts set status = 'published', updated_at = now()
      where status = 'scheduled' and published_at <= now()
      returning id::text, published_at`
    for (const post of due) {
      await recordAudit(tx, null, {
        action: 'post.publish',
        targetType: 'post',
        targetId: post.id,
        before: { status: 'scheduled', publishedAt: post.published_at },
        after: { status: 'published', publishedAt: post.published_at },
      })
    }
    return due.map((post) => post.id)
  })
}

export async function listRevisions(sql: postgres.Sql, postId: number): Promise<Revision[]> {
  return sql<Revision[]>`
    select r.number, r.created_at as "createdAt", r.content,
      case when u.id is null then null else json_build_object('id', u.id::text, 'name', u.name) end as author
    from post_revisions r left join users u on u.id = r.author_id
    where r.post_id = ${postId} order by r.number desc`
}
