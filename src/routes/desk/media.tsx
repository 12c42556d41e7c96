// The desk's media library screens (contributors and above): the library with its upload
// form, and one item with the form that corrects its credit, licence and text, for the
// accounts mayChangeMedia allows (the others read them). Reads and writes go through the
// desk API (docs/desk-api.md, media calls), an upload as the multipart body the browser sent.
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { href } from '../../../lib/links.ts'
import { readDeskMedia, readDeskMediaList } from '../../api/desk/media.ts'
import { currentUser } from '../../auth/current-user.ts'
import { mayChangeMedia } from '../../auth/roles.ts'
import { fail, type FormFailure, invalidForm, readTextFields, unreadableForm } from '../../http/form-answers.ts'
import { MediaItemPage } from '../../components/desk/media-item.tsx'
import { type MediaFilter, MediaLibrary } from '../../components/desk/media-library.tsx'
import type { MediaItem } from '../../db/media-library.ts'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import { formLimit, readForm } from '../../http/forms.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import { MAX_MEDIA_BODY_BYTES, MEDIA_KINDS, UPLOAD_TOO_LARGE } from '../../media/library-upload.ts'
import type { AppEnv } from '../../types.ts'

export const deskMediaScreens = new Hono<AppEnv>()

/** The text fields beside the file, named as the API names them, so its 422 lands on them. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- field names, not words
const TEXT_FIELDS = ['credit', 'licence', 'alt.ar', 'alt.en'] as const

async function libraryPage(c: Context<AppEnv>, failure?: FormFailure, values: Record<string, string> = {}): Promise<Response> {
  const asked = c.req.query('kind')
  const filter: MediaFilter = MEDIA_KINDS.find((kind) => kind === asked) ?? 'all'
  const items = await readDeskMediaList(c, { kind: filter === 'all' ? undefined : filter, limit: 60 })
  return c.render(<MediaLibrary items={items} filter={filter} failure={failure} values={values} />, {
    title: c.var.i18n._(msg`Media library`),
    status: failure?.status,
  })
}

deskMediaScreens.get('/desk/media', (c) => libraryPage(c))

// The whole body is refused unread past the largest upload, with the form again.
const uploadLimit = bodyLimit({
  maxSize: MAX_MEDIA_BODY_BYTES,
  onError: (c) => {
    const ctx = c as Context<AppEnv>
    const message = ctx.var.i18n._(UPLOAD_TOO_LARGE)
    return fail(ctx, { status: 413, message, errors: { file: message } }, (failure) => libraryPage(ctx, failure))
  },
})

deskMediaScreens.post('/desk/media', uploadLimit, async (c) => {
  const form = await readForm(c)
  const values: Record<string, string> = {}
  for (const name of TEXT_FIELDS) {
    const value = form?.[name]
    if (typeof value === 'string') values[name] = value
  }
  const show = (failure: FormFailure) => libraryPage(c, failure, values)
  if (!form) return fail(c, unreadableForm(c), show)
  const upload = new FormData()
  if (form.file instanceof File) upload.set('file', form.file)
  for (const [name, value] of Object.entries(values)) upload.set(name, value)
  const answer = await callDeskApi<MediaItem>(c, 'POST', 'media', upload)
  const id = answer.body.data?.id
  const to = id ? href(c.var.lang, 'deskMediaItem', { id }) : href(c.var.lang, 'deskMedia')
  return deskAnswer(c, answer, { to, flash: { type: 'success', key: 'mediaUploaded' }, show })
})

/** An item's id as the URL gives it: anything but a row id names no item. */
const itemParams = urlInput('param', IdParams)

async function itemPage(c: Context<AppEnv>, id: number, failure?: FormFailure, values?: Record<string, string>): Promise<Response> {
  const item = await readDeskMedia(c, id)
  const user = await currentUser(c)
  const mayChange = user !== null && mayChangeMedia(user, item)
  return c.render(<MediaItemPage item={item} mayChange={mayChange} failure={failure} values={values} />, {
    title: c.var.i18n._(msg`Media item`),
    status: failure?.status,
  })
}

deskMediaScreens.get('/desk/media/:id', itemParams, (c) => itemPage(c, c.req.valid('param').id))

deskMediaScreens.post('/desk/media/:id', itemParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const posted = await readTextFields(c, TEXT_FIELDS)
  const values = posted?.values
  const show = (failure: FormFailure) => itemPage(c, id, failure, values)
  if (!posted) return fail(c, unreadableForm(c), show)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), show)
  const { credit, licence } = posted.values
  const answer = await callDeskApi(c, 'PATCH', `media/${id}`, { credit, licence, alt: { ar: posted.values['alt.ar'], en: posted.values['alt.en'] } })
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskMediaItem', { id }), flash: { type: 'success', key: 'mediaSaved' }, show })
})
