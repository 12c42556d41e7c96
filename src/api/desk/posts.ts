// The desk's posts (docs/desk-api.md): contributors write drafts and send them for review;
// editors edit any post, publish it now or at a time, and take it down. Bodies are
// sanitised with the posts' allow-list before they are stored.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import type postgres from 'postgres'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { LOCALES } from '../../../lib/locales.ts'
import {
  changePostStatus,
  createPost,
  type DeskPost,
  listDeskPosts,
  listRevisions,
  loadDeskPost,
  POST_STATUSES,
  type PostContent,
  TRANSLATION_STATES,
  type SlugProblem,
  type StatusChange,
  updatePost,
} from '../../db/desk-posts.ts'
import { enqueueAfterAnswer, newsAlert } from '../../alerts/events.ts'
import { mediaKind, mediaKinds } from '../../db/media-library.ts'
import { missingTags, groupTags, TAG_TYPES } from '../../db/post-tags.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, created, invalidField, invalidFields, ok } from '../../http/envelope.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import { sanitizePostHtml } from '../../posts/sanitize.ts'
import type { AppEnv, SignedInUser } from '../../types.ts'
import { choice, type IssueKey, issueText, wholeNumber } from '../../validation/fields.ts'
import { hasRole, mayChangePost } from '../../auth/roles.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimitOf } from '../input.ts'
type Sql = postgres.Sql | postgres.TransactionSql

export const deskPosts = new Hono<AppEnv>()

const PostNotFound = msg`This post does not exist.`
const NotYours = msg`Your account is not allowed to do this.`

const postParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, PostNotFound)
})

/** Two languages of body HTML, with room for long reads: more than the sign-in API's 64 KB. */
const deskJsonLimit = jsonLimitOf(1024 * 1024)

// Control characters have no place in a headline; a body is HTML and is sanitised instead.
const CONTROL = /\p{Cc}/u
function words(max: number, oneLine: boolean) {
  return v.pipe(
    v.string('notText' satisfies IssueKey),
    v.trim(),
    v.maxLength(max, `tooLong:${max}` satisfies IssueKey),
    v.check((s) => !oneLine || !CONTROL.test(s), 'invalid' satisfies IssueKey),
  )
}
const bilingual = (text: v.GenericSchema<unknown, string>) => v.object({ ar: v.optional(text, ''), en: v.optional(text, '') })

const Title = bilingual(words(200, true))
const Summary = bilingual(words(600, false))
const Body = bilingual(words(200_000, false))
const Byline = bilingual(words(120, true))
const Slugs = v.object({ ar: v.optional(words(200, true)), en: v.optional(words(200, true)) })
const Kind = choice(['news', 'article', 'analytics', 'caricature'] as const)
// Competition ids are words ('en.1'); the others are row ids, sent as numbers or digits.
const Tag = v.object({
  type: choice(TAG_TYPES),
  id: v.pipe(v.union([v.string(), v.number()], 'invalid' satisfies IssueKey), v.transform(String), v.regex(/^[\w.-]{1,40}$/, 'invalid' satisfies IssueKey)),
})
const Tags = v.pipe(v.array(Tag, 'invalid' satisfies IssueKey), v.maxLength(50, 'tooLong:50' satisfies IssueKey))
// A library image's id (decision 084), sent as a number or digits; null takes the cover away.
const Cover = v.nullable(
  v.pipe(v.union([v.string(), v.number()], 'invalid' satisfies IssueKey), v.transform(String), v.regex(/^\d{1,18}$/, 'invalid' satisfies IssueKey)),
)
// Library ids of audio and video, in the order the page plays them; a repeat counts once.
// Whether each names a clip, and how many there are, is judged by checkedContent, on `media`.
const Media = v.pipe(
  v.array(v.pipe(v.union([v.string(), v.number()], 'invalid' satisfies IssueKey), v.transform(String)), 'invalid' satisfies IssueKey),
  v.transform((ids) => [...new Set(ids)]),
)
const MEDIA_MAX = 10

const NewPostBody = v.object({
  kind: Kind,
  title: Title,
  summary: Summary,
  body: Body,
  slug: v.optional(Slugs, {}),
  tags: v.optional(Tags, []),
  author: v.optional(Byline),
  cover: v.optional(Cover, null),
  media: v.optional(Media, []),
})

const PostPatchBody = v.object({
  kind: v.optional(Kind),
  title: v.optional(v.partial(Title)),
  summary: v.optional(v.partial(Summary)),
  body: v.optional(v.partial(Body)),
  slug: v.optional(Slugs),
  tags: v.optional(Tags),
  author: v.optional(v.partial(Byline)),
  cover: v.optional(Cover),
  media: v.optional(Media),
})

const PublishBody = v.object({
  at: v.optional(v.pipe(v.string('invalid' satisfies IssueKey), v.isoTimestamp('invalid' satisfies IssueKey), v.transform((at) => new Date(at)))),
})

const ListQuery = v.object({
  status: v.optional(choice(POST_STATUSES)),
  kind: v.optional(Kind),
  mine: v.optional(v.picklist(['1'])),
  // 'mine', or the id of the account that created the posts.
  author: v.optional(v.union([v.literal('mine'), v.pipe(v.string(), v.uuid())])),
  translation: v.optional(choice(TRANSLATION_STATES)),
  limit: v.optional(v.pipe(v.string(), v.transform(Number), wholeNumber(1, 200)), '50'),
})

const listQuery = urlInput('query', ListQuery, () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

/** A post an account may see: an editor any post, a contributor their own whatever its status. */
function mayRead(user: SignedInUser, post: DeskPost): boolean {
  return hasRole(user, 'editor') || post.createdBy === user.id
}

async function postFor(c: Context<AppEnv>, id: number, may: (user: SignedInUser, post: DeskPost) => boolean): Promise<DeskPost> {
  const post = await loadDeskPost(c.var.db.sql, id)
  if (!post) throw new ApiError(404, PostNotFound)
  if (!may(caller(c), post)) throw new ApiError(403, NotYours)
  return post
}

const SLUG_PROBLEMS: Record<SlugProblem['reason'], MessageDescriptor> = {
  taken: msg`Another post already has this address.`,
  invalid: msg`An address is made of lower-case letters and digits joined by hyphens.`,
}

function answerSlugProblem(c: Context<AppEnv>, problem: SlugProblem): never {
  throw invalidField(c, `slug.${problem.lang}`, SLUG_PROBLEMS[problem.reason])
}

/** At most MEDIA_MAX ids, each naming the library's audio or video: else a 422 on `media`. */
async function checkMedia(c: Context<AppEnv>, ids: string[], sql: Sql) {
  if (ids.length > MEDIA_MAX) throw invalidField(c, 'media', msg`A post can have at most ${MEDIA_MAX} audio and video clips.`)
  const kinds = await mediaKinds(sql, ids)
  if (ids.some((id) => kinds.get(id) !== 'audio' && kinds.get(id) !== 'video')) {
    throw invalidField(c, 'media', msg`Each clip must be audio or video from the media library.`)
  }
}

/** Sanitised bodies, and every tag naming a row: else a 422 naming what is wrong. */
async function checkedContent(c: Context<AppEnv>, content: PostContent, sql: Sql = c.var.db.sql): Promise<PostContent> {
  if (LOCALES.every((lang) => content.title[lang] === '')) throw invalidField(c, 'title', msg`Please give the post a title in Arabic or English.`)
  const missing = await missingTags(sql, groupTags(content.tags))
  if (missing.length > 0) {
    const index = content.tags.findIndex((tag) => tag.type === missing[0]!.type && tag.id === missing[0]!.id)
    throw invalidField(c, `tags.${index}.id`, msg`Nothing on the site has this id.`)
  }
  if (content.cover && (await mediaKind(sql, content.cover)) !== 'image') {
    throw invalidField(c, 'cover', msg`The cover must be an image from the media library.`)
  }
  await checkMedia(c, content.media ?? [], sql)
  return { ...content, body: { ar: sanitizePostHtml(content.body.ar), en: sanitizePostHtml(content.body.en) } }
}

const postsRead = deskPosts.get('/', roleRequired('contributor'), listQuery, async (c) => {
  const { status, kind, mine, author, translation, limit } = c.req.valid('query')
  const user = caller(c)
  // A contributor's list is their own posts, whatever author they ask for.
  const own = mine || author === 'mine' || !hasRole(user, 'editor')
  const createdBy = own ? user.id : author
  return ok(c, msg`OK`, await listDeskPosts(c.var.db.sql, { status, kind, createdBy, translation, limit: Number(limit) }))
})

/** The desk's posts as GET /desk/posts answers them, for the desk's screens. */
export const readDeskPosts = deskReader(postsRead, (query: QueryOf<typeof ListQuery>) => withQuery('posts', query))

deskPosts.post('/', deskJsonLimit, roleRequired('contributor'), jsonBody(NewPostBody), async (c) => {
  const body = c.req.valid('json')
  const user = caller(c)
  const content = await checkedContent(c, { ...body, tags: body.tags })
  const post = await createPost(c.var.db.sql, content, user)
  if ('reason' in post) answerSlugProblem(c, post)
  return created(c, msg`The draft was saved.`, { id: post.id, status: post.status, slug: post.slug })
})

const postRead = deskPosts.get('/:id', postParams, roleRequired('contributor'), async (c) => {
  return ok(c, msg`OK`, await postFor(c, c.req.valid('param').id, mayRead))
})

/** Post `id` as GET /desk/posts/{id} answers it. */
export const readDeskPost = deskReader(postRead, (id: number) => `posts/${id}`)

deskPosts.patch('/:id', deskJsonLimit, postParams, roleRequired('contributor'), jsonBody(PostPatchBody), async (c) => {
  const { id } = c.req.valid('param')
  const patch = c.req.valid('json')
  if (Object.values(patch).every((value) => value === undefined)) {
    throw invalidField(c, 'body', msg`Please send at least one of kind, title, summary, body, slug, tags, author, cover or media.`)
  }
  const user = caller(c)
  // Judged on the post as the save locks it: a post published meanwhile is no longer a contributor's.
  const post = await updatePost(c.var.db.sql, id, user, async (current, tx) => {
    if (!mayChangePost(user, current)) throw new ApiError(403, NotYours)
    const content = {
      kind: patch.kind ?? current.kind,
      title: { ...current.title, ...patch.title },
      summary: { ...current.summary, ...patch.summary },
      body: { ...current.body, ...patch.body },
      slug: patch.slug ?? {},
      tags: patch.tags ?? current.tags,
      author: { ...current.author, ...patch.author },
      cover: patch.cover === undefined ? current.cover : patch.cover,
      media: patch.media ?? current.media,
    }
    return checkedContent(c, content, tx)
  })
  if (!post) throw new ApiError(404, PostNotFound)
  if ('reason' in post) answerSlugProblem(c, post)
  return ok(c, msg`The post was saved.`, post)
})

const revisionsRead = deskPosts.get('/:id/revisions', postParams, roleRequired('contributor'), async (c) => {
  const { id } = c.req.valid('param')
  await postFor(c, id, mayRead)
  return ok(c, msg`OK`, await listRevisions(c.var.db.sql, id))
})

/** Post `id`'s revisions, newest first, as GET /desk/posts/{id}/revisions answers them. */
export const readDeskRevisions = deskReader(revisionsRead, (id: number) => `posts/${id}/revisions`)

/** What stops a status change, checked on the locked row. */
type Refusal = 'not-yours' | 'wrong-status' | 'incomplete'

const REFUSALS: Record<Exclude<Refusal, 'incomplete'>, [403 | 409, MessageDescriptor]> = {
  'not-yours': [403, NotYours],
  'wrong-status': [409, msg`The post is not in a state that allows this.`],
}

async function moveTo(c: Context<AppEnv>, id: number, change: StatusChange, allowed: (post: DeskPost, user: SignedInUser) => Refusal | null) {
  const user = caller(c)
  let incomplete: DeskPost | null = null
  const post = await changePostStatus(c.var.db.sql, id, change, user, (current) => {
    const refusal = allowed(current, user)
    if (refusal === 'incomplete') incomplete = current
    return refusal
  })
  if (!post) throw new ApiError(404, PostNotFound)
  if ('refused' in post) {
    if (post.refused === 'incomplete') throw untranslated(c, incomplete!)
    const [status, message] = REFUSALS[post.refused]
    throw new ApiError(status, message)
  }
  return post
}

/** A 422 naming each empty title, summary or body: a post goes out in both languages. */
function untranslated(c: Context<AppEnv>, post: DeskPost): ApiError {
  const errors: Record<string, string> = {}
  for (const field of ['title', 'summary', 'body'] as const) {
    for (const lang of LOCALES) if (post[field][lang].trim() === '') errors[`${field}.${lang}`] = issueText(c.var.i18n, 'required')
  }
  return invalidFields(errors)
}

deskPosts.post('/:id/submit', postParams, roleRequired('contributor'), async (c) => {
  const post = await moveTo(c, c.req.valid('param').id, { to: 'review' }, (current, user) => {
    if (!mayChangePost(user, current)) return 'not-yours'
    return current.status === 'draft' ? null : 'wrong-status'
  })
  return ok(c, msg`The post was sent for review.`, post)
})

deskPosts.post('/:id/publish', deskJsonLimit, postParams, roleRequired('editor'), jsonBody(PublishBody, { withoutBody: 'empty' }), async (c) => {
  const { at } = c.req.valid('json')
  const post = await moveTo(c, c.req.valid('param').id, { to: 'published', at: at ?? null }, (current) => {
    if (current.status === 'published') return 'wrong-status'
    return current.translation.ar && current.translation.en ? null : 'incomplete'
  })
  // Tagged news reaches its followers (decision 134); one scheduled for later goes when the cron publishes it.
  if (post.status === 'published') enqueueAfterAnswer(c, newsAlert(Number(post.id)))
  return ok(c, post.status === 'scheduled' ? msg`The post will be published at the time set.` : msg`The post was published.`, post)
})

deskPosts.post('/:id/unpublish', postParams, roleRequired('editor'), async (c) => {
  const post = await moveTo(c, c.req.valid('param').id, { to: 'draft' }, (current) =>
    current.status === 'published' || current.status === 'scheduled' ? null : 'wrong-status',
  )
  return ok(c, msg`The post was taken down and is a draft again.`, post)
})

