// The desk's posts (issue 15): the list with its filters, the editor of both languages with
// autosave, the revisions with their diff and restore, the preview as readers will see it,
// and the workflow (submit, publish now or at a time, unpublish). Every read and write goes
// through the desk API (src/api/desk/posts.ts readers, src/desk/desk-calls.ts), which checks
// the role, validates, sanitises and audits; a screen only turns forms into calls and answers
// into pages. One read does not: the preview, once the API has let the account see the post,
// draws it with the reader's own query, so it is the reader's page (decision 107).
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { AutosaveAnswer } from '../../../lib/autosave-answer.ts'
import { safeTimeZone } from '../../../lib/format.ts'
import { href, withQuery } from '../../../lib/links.ts'
import { type Locale } from '../../../lib/locales.ts'
import { zonedLocalToIso } from '../../../lib/zoned-time.ts'
import { readDeskMediaList } from '../../api/desk/media.ts'
import { readDeskPost, readDeskPosts, readDeskRevisions } from '../../api/desk/posts.ts'
import { searchDeskTags } from '../../api/desk/tags.ts'
import { type FormFailure, fail, readTextFields, unreadableForm, wantsJson } from '../../http/form-answers.ts'
import { hasRole, mayChangePost } from '../../auth/roles.ts'
import { currentUser } from '../../auth/current-user.ts'
import { DeskPostEditor, type TagSearch } from '../../components/desk/post-editor.tsx'
import { DeskPostList } from '../../components/desk/post-list.tsx'
import { PreviewBar } from '../../components/desk/post-preview-bar.tsx'
import { DeskPostRevisions } from '../../components/desk/post-revisions.tsx'
import { type DeskPost, POST_STATUSES, TRANSLATION_STATES } from '../../db/desk-posts.ts'
import { loadPostForPreview } from '../../db/posts.ts'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import { emptyPostForm, POST_KINDS_DESK, postBodyOf, postFormOf, type PostFormValues, readPostForm } from '../../desk/post-form.ts'
import type { Flash } from '../../flash.ts'
import { formLimit } from '../../http/forms.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import { contentRenderer } from '../../layouts/renderers.tsx'
import type { MediaKind } from '../../media/library-upload.ts'
import type { AppEnv } from '../../types.ts'
import { renderPostPage } from '../posts.tsx'

export const deskPostScreens = new Hono<AppEnv>()

const POST = '/desk/posts/:id'

// A post's id in a desk address is a row id ("new" is the new post's editor, a route of its
// own): anything else is no post, answered before any form is read.
const postId = urlInput('param', IdParams)

/** The editor posts both bodies as HTML: the API's own limit, not the site's 64 KB for forms. */
const postFormLimit = bodyLimit({
  maxSize: 1024 * 1024,
  onError: () => {
    throw new HTTPException(413)
  },
})

// The API names a missing title "title" and a bad tag "tags.3.id": the form shows them there.
// eslint-disable-next-line lingui/no-unlocalized-strings -- field names, not words
const FIELD_OF: Record<string, string> = { title: 'title.ar' }

const allowedValue = <T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined => allowed.find((option) => option === value)

async function isEditor(c: Context<AppEnv>): Promise<boolean> {
  const user = await currentUser(c)
  return user ? hasRole(user, 'editor') : false
}

deskPostScreens.get('/desk/posts', async (c) => {
  const query = c.req.query()
  const author: 'mine' | undefined = query.author === 'mine' || query.mine === '1' ? 'mine' : undefined
  const filter = {
    status: allowedValue(query.status, POST_STATUSES),
    kind: allowedValue(query.kind, POST_KINDS_DESK),
    author,
    translation: allowedValue(query.translation, TRANSLATION_STATES),
  }
  const posts = await readDeskPosts(c, { ...filter, limit: 100 })
  return c.render(<DeskPostList posts={posts} filter={filter} />, { title: c.var.i18n._(msg`Posts`) })
})

/** Up to twenty clubs, players, competitions and matches for `q` (`?tagq=`), when there is one. */
async function tagSearchOf(c: Context<AppEnv>, q: string | undefined): Promise<TagSearch | undefined> {
  if (!q) return undefined
  const answer = await searchDeskTags(c, q)
  return { q, results: answer.status === 200 ? (answer.body.data ?? []) : [] }
}

const CLIPS_OFFERED = 50
const CLIP_KINDS: MediaKind[] = ['audio', 'video']

/** The library's newest audio and video together, newest first: what the editor offers to attach. */
const newestClips = (c: Context<AppEnv>) => readDeskMediaList(c, { kind: CLIP_KINDS.join(','), limit: CLIPS_OFFERED })

interface EditorState {
  post?: DeskPost
  values: PostFormValues
  failure?: FormFailure
}

async function showEditor(c: Context<AppEnv>, { post, values, failure }: EditorState): Promise<Response> {
  const { i18n } = c.var
  const [editor, tagSearch, covers, clips] = await Promise.all([
    isEditor(c),
    tagSearchOf(c, c.req.method === 'GET' ? c.req.query('tagq')?.trim() : values.tagq),
    readDeskMediaList(c, { kind: 'image', limit: 12 }),
    newestClips(c),
  ])
  return c.render(
    <DeskPostEditor
      post={post}
      values={values}
      errors={failure?.errors}
      message={failure?.message}
      tagSearch={tagSearch}
      editor={editor}
      covers={covers}
      clips={clips}
    />,
    { title: post ? i18n._(msg`Edit the post`) : i18n._(msg`New post`), status: failure?.status },
  )
}

deskPostScreens.get('/desk/posts/new', (c) => showEditor(c, { values: emptyPostForm() }))

// The tag picker's combobox (client/islands/tag-picker.tsx) asks here as it is typed in: the
// desk API's tag search with the page's session, as JSON.
deskPostScreens.get('/desk/tags', async (c) => {
  const q = c.req.query('q')?.trim() ?? ''
  if (q === '') return c.json({ status: 200, data: [] })
  const answer = await searchDeskTags(c, q)
  const status = answer.status === 200 ? 200 : answer.status === 401 || answer.status === 403 ? 403 : 422
  return c.json({ status, data: answer.body.data ?? [] }, status)
})

deskPostScreens.get(POST, postId, async (c) => {
  const post = await readDeskPost(c, c.req.valid('param').id)
  return showEditor(c, { post, values: await postFormOf(c, post) })
})

/** What autosave is answered: when it saved, or why not (client/islands/desk-autosave.tsx). */
function autosaveAnswer(c: Context<AppEnv>, answer: Awaited<ReturnType<typeof callDeskApi>>, created?: { lang: Locale; id: string }) {
  if (answer.status !== 200 && answer.status !== 201) {
    const body: AutosaveAnswer = { status: answer.status, message: answer.body.message }
    if (answer.body.errors) body.errors = answer.body.errors as Record<string, string>
    return c.json(body, answer.status === 401 || answer.status === 403 || answer.status === 404 || answer.status === 422 ? answer.status : 409)
  }
  const body: AutosaveAnswer = { status: 200, message: answer.body.message, savedAt: new Date().toISOString() }
  if (created) {
    body.editor = href(created.lang, 'deskPost', { id: created.id })
    body.save = href(created.lang, 'deskPostPart', { id: created.id, part: 'save' })
    body.autosave = href(created.lang, 'deskPostPart', { id: created.id, part: 'autosave' })
  }
  return c.json(body, 200)
}

// A new post: the form's first save, by the button (→ its editor) or by autosave (JSON).
deskPostScreens.post('/desk/posts', postFormLimit, async (c) => {
  const values = await readPostForm(c)
  if (!values) return fail(c, unreadableForm(c), (failure) => showEditor(c, { values: emptyPostForm(), failure }))
  const answer = await callDeskApi<{ id: string }>(c, 'POST', 'posts', postBodyOf(values))
  const id = answer.body.data?.id
  if (wantsJson(c)) return autosaveAnswer(c, answer, id ? { lang: c.var.lang, id } : undefined)
  const to = id ? withQuery(href(c.var.lang, 'deskPost', { id }), { tagq: values.tagq }) : href(c.var.lang, 'deskPostNew')
  return deskAnswer(c, answer, { to, flash: { type: 'success', key: 'postCreated' }, show: (failure) => showEditor(c, { values, failure }) }, FIELD_OF)
})

deskPostScreens.post(`${POST}/save`, postId, postFormLimit, async (c) => {
  const values = await readPostForm(c)
  const post = await readDeskPost(c, c.req.valid('param').id)
  if (!values) return fail(c, unreadableForm(c), async (failure) => showEditor(c, { post, values: await postFormOf(c, post), failure }))
  const answer = await callDeskApi(c, 'PATCH', `posts/${post.id}`, postBodyOf(values))
  // The tag search's button saves, then shows what it found.
  const to = withQuery(href(c.var.lang, 'deskPost', { id: post.id }), { tagq: values.tagq })
  return deskAnswer(c, answer, { to, flash: { type: 'success', key: 'deskSaved' }, show: (failure) => showEditor(c, { post, values, failure }) }, FIELD_OF)
})

deskPostScreens.post(`${POST}/autosave`, postId, postFormLimit, async (c) => {
  const values = await readPostForm(c)
  if (!values) return c.json({ status: 400, message: unreadableForm(c).message } satisfies AutosaveAnswer, 400)
  return autosaveAnswer(c, await callDeskApi(c, 'PATCH', `posts/${c.req.valid('param').id}`, postBodyOf(values)))
})

const STEPS = {
  submit: { key: 'postSubmitted' },
  publish: { key: 'postPublished' },
  unpublish: { key: 'postUnpublished' },
} as const satisfies Record<string, { key: Flash['key'] }>

for (const step of Object.keys(STEPS) as (keyof typeof STEPS)[]) {
  deskPostScreens.post(`${POST}/${step}`, postId, formLimit, async (c) => {
    const post = await readDeskPost(c, c.req.valid('param').id)
    const show = async (failure: FormFailure) => showEditor(c, { post, values: await postFormOf(c, post), failure })
    let body: { at?: string } | undefined
    let flash: Flash = { type: 'success', key: STEPS[step].key }
    if (step === 'publish') {
      const form = await readTextFields(c, ['at', 'zone'])
      if (!form) return fail(c, unreadableForm(c), show)
      // A time is read in the zone the page showed it in (the form says which).
      if (form.values.at !== '') {
        const at = zonedLocalToIso(form.values.at, safeTimeZone(form.values.zone))
        if (!at) return fail(c, { status: 422, message: c.var.i18n._(msg`Please give the date and time to publish at.`), errors: {} }, show)
        body = { at }
        if (new Date(at).getTime() > Date.now()) flash = { type: 'success', key: 'postScheduled' }
      }
    }
    const answer = await callDeskApi(c, 'POST', `posts/${post.id}/${step}`, body)
    return deskAnswer(c, answer, { to: href(c.var.lang, 'deskPost', { id: post.id }), flash, show })
  })
}

/** Whether the account may change the post, as the API judges it. */
async function mayChange(c: Context<AppEnv>, post: DeskPost): Promise<boolean> {
  const user = await currentUser(c)
  return user ? mayChangePost(user, post) : false
}

async function showRevisions(c: Context<AppEnv>, id: number, chosenNumber: number | undefined, failure?: FormFailure): Promise<Response> {
  const [post, revisions] = await Promise.all([readDeskPost(c, id), readDeskRevisions(c, id)])
  const chosen = revisions.find((revision) => revision.number === chosenNumber)
  return c.render(
    <DeskPostRevisions post={post} revisions={revisions} chosen={chosen} mayRestore={await mayChange(c, post)} message={failure?.message} />,
    { title: c.var.i18n._(msg`Revisions`), status: failure?.status },
  )
}

deskPostScreens.get(`${POST}/revisions`, postId, (c) => showRevisions(c, c.req.valid('param').id, Number(c.req.query('rev')) || undefined))

deskPostScreens.post(`${POST}/restore`, postId, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const form = await readTextFields(c, ['rev'])
  const number = Number(form?.values.rev)
  const revisions = await readDeskRevisions(c, id)
  const revision = revisions.find((candidate) => candidate.number === number)
  const show = (failure: FormFailure) => showRevisions(c, id, number, failure)
  if (!revision) return fail(c, { status: 422, message: c.var.i18n._(msg`Please choose a revision to restore.`), errors: {} }, show)
  const { kind, title, summary, body, slug, tags, author, cover } = revision.content
  // A revision written before posts had clips had none; one written before covers leaves the cover as it is.
  const media = revision.content.media ?? []
  const answer = await callDeskApi(c, 'PATCH', `posts/${id}`, { kind, title, summary, body, slug, tags, author, cover, media })
  const to = href(c.var.lang, 'deskPost', { id })
  return deskAnswer(c, answer, { to, flash: { type: 'success', key: 'revisionRestored' }, show })
})

// The preview is the reader's page itself, in the reader's layout, under the desk's guard
// and its no-store: never cached, never indexed, never reachable without the desk role. The
// API says whether the account may see the post; the page is then the reader's query (107).
deskPostScreens.get(`${POST}/preview/:shown{ar|en}`, postId, contentRenderer, async (c) => {
  const post = await readDeskPost(c, c.req.valid('param').id)
  const lang = c.req.param('shown') as Locale
  // The page's language is the one previewed: its words, direction and layout.
  const part = `preview/${lang}`
  if (lang !== c.var.lang) return c.redirect(href(lang, 'deskPostPart', { id: post.id, part }), 302)
  const page = await loadPostForPreview(c.var.db.sql, Number(post.id))
  if (!page) throw new HTTPException(404)
  c.header('X-Robots-Tag', 'noindex')
  return renderPostPage(c, page, { before: <PreviewBar post={post} />, noindex: true })
})
