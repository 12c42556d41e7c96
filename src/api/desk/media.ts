// The desk's media library (docs/desk-api.md, decision 085): contributors and above upload
// images, audio and video with a credit, a licence and a text in both languages; each file
// is judged by its bytes as avatars are, and an image gets its WebP covers at upload.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { mayChangeMedia } from '../../auth/roles.ts'
import { insertMedia, listMedia, loadMedia, type MediaItem, updateMedia } from '../../db/media-library.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, created, invalidField, invalidFields, ok } from '../../http/envelope.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import { MAX_IMAGE_SIDE } from '../../media/image.ts'
import { LICENCES } from '../../media/licences.ts'
import { MAX_MEDIA_BODY_BYTES, MEDIA_KINDS, type PreparedUpload, prepareUpload, UPLOAD_TOO_LARGE, type UploadProblem } from '../../media/library-upload.ts'
import { deleteMedia, putMedia } from '../../media/store.ts'
import { storeCoverVariants, UndecodableImage } from '../../media/variants.ts'
import type { AppEnv } from '../../types.ts'
import { choice, fieldErrors, requiredText, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskMedia = new Hono<AppEnv>()

const MediaNotFound = msg`This media item does not exist.`

const mediaParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, MediaNotFound)
})

const Credit = requiredText(200)
const Alt = requiredText(300)
const Licence = choice(LICENCES)

/** The multipart fields beside the file: every one required. */
const UploadFields = v.object({
  credit: Credit,
  licence: Licence,
  'alt.ar': Alt,
  'alt.en': Alt,
})

const MediaPatchBody = v.object({
  credit: v.optional(Credit),
  licence: v.optional(Licence),
  alt: v.optional(v.object({ ar: v.optional(Alt), en: v.optional(Alt) })),
})

const ListQuery = v.object({
  // One kind, or several joined by commas: the post editor offers audio and video together.
  kind: v.optional(v.pipe(v.string(), v.transform((kinds) => kinds.split(',')), v.array(choice(MEDIA_KINDS)))),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  limit: v.optional(v.pipe(v.string(), v.transform(Number), wholeNumber(1, 200)), '60'),
})

const listQuery = urlInput('query', ListQuery, () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

const UPLOAD_PROBLEMS: Record<UploadProblem | 'missing', MessageDescriptor> = {
  type: msg`Please choose a JPEG, PNG or WebP image, an MP3, M4A or Ogg sound, or an MP4 or WebM video.`,
  damaged: msg`This file could not be read. Please choose another one.`,
  dimensions: msg`Please choose an image of at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels.`,
  size: UPLOAD_TOO_LARGE,
  missing: msg`Please choose a file to upload.`,
}

/** 413 for a file too large, 415 for a type we do not take, 422 for the rest: each naming the `file` field. */
const STATUS_OF: Record<UploadProblem | 'missing', 413 | 415 | 422> = { size: 413, type: 415, damaged: 422, dimensions: 422, missing: 422 }

function fileRefused(c: Context<AppEnv>, problem: UploadProblem | 'missing'): ApiError {
  const message = UPLOAD_PROBLEMS[problem]
  return new ApiError(STATUS_OF[problem], message, { errors: { file: c.var.i18n._(message) } })
}

// Larger bodies are refused before they are read: by Content-Length when it is sent.
const uploadLimit = bodyLimit({
  maxSize: MAX_MEDIA_BODY_BYTES,
  onError: (c) => {
    throw fileRefused(c as Context<AppEnv>, 'size')
  },
})

type UploadForm = { file: File | null; fields: Record<string, unknown> }

async function readUploadForm(c: Context<AppEnv>): Promise<UploadForm> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'multipart/form-data') throw new ApiError(415, msg`Please send the upload as multipart/form-data.`)
  const form = await c.req.parseBody().catch(() => null)
  if (!form) throw new ApiError(400, msg`The upload could not be read. Please try again.`)
  const { file, ...fields } = form
  return { file: file instanceof File && file.size > 0 ? file : null, fields }
}

/**
 * The checked file and fields, or the refusal: a file too large or of a type we do not take
 * answers 413 or 415 alone; otherwise every field's problem is in one 422.
 */
async function checkedUpload(c: Context<AppEnv>, form: UploadForm) {
  const fields = v.safeParse(UploadFields, form.fields)
  const upload: PreparedUpload | null = form.file ? await prepareUpload(form.file) : null
  if (upload && !upload.ok && (upload.problem === 'size' || (upload.problem === 'type' && fields.success))) {
    throw fileRefused(c, upload.problem)
  }
  const errors = fields.success ? {} : fieldErrors(c.var.i18n, fields.issues)
  if (!upload) errors.file = c.var.i18n._(UPLOAD_PROBLEMS.missing)
  else if (!upload.ok) errors.file = c.var.i18n._(UPLOAD_PROBLEMS[upload.problem])
  if (!fields.success || !upload?.ok) throw invalidFields(errors)
  return { upload, fields: fields.output }
}

/** Stores the original and an image's covers; if anything after fails, nothing stays in R2. */
async function storeUpload(c: Context<AppEnv>, upload: Extract<PreparedUpload, { ok: true }>, owner: string) {
  const key = await putMedia(c.env, 'library', owner, upload.body, upload.mime)
  try {
    const variants =
      upload.kind === 'image' && upload.body instanceof Uint8Array ? await storeCoverVariants(c.env, owner, upload.body, upload.width!) : []
    return { key, variants }
  } catch (error) {
    await deleteMedia(c.env, key)
    // A file that passed the header checks and does not decode is the uploader's (decision 104).
    if (error instanceof UndecodableImage) throw invalidField(c, 'file', UPLOAD_PROBLEMS.damaged)
    // Otherwise the resizer, a service (decision 084), failed: ours, not the uploader's file's.
    console.error(JSON.stringify({ id: c.var.requestId, cover_variants_error: String(error) }))
    throw new ApiError(503, msg`Images cannot be resized right now. Please try again in a minute.`, { retryAfter: 60 })
  }
}

deskMedia.post('/', uploadLimit, roleRequired('contributor'), async (c) => {
  const user = caller(c)
  const { upload, fields } = await checkedUpload(c, await readUploadForm(c))
  const { key, variants } = await storeUpload(c, upload, user.id)
  let item: MediaItem
  try {
    item = await insertMedia(
      c.var.db.sql,
      {
        kind: upload.kind,
        mime: upload.mime,
        key,
        bytes: upload.bytes,
        width: upload.width,
        height: upload.height,
        credit: fields.credit,
        licence: fields.licence,
        alt: { ar: fields['alt.ar'], en: fields['alt.en'] },
      },
      variants,
      user.id,
    )
  } catch (error) {
    await Promise.all([key, ...variants.map((variant) => variant.key)].map((k) => deleteMedia(c.env, k)))
    throw error
  }
  return created(c, msg`The file was added to the library.`, item)
})

const mediaListRead = deskMedia.get('/', roleRequired('contributor'), listQuery, async (c) => {
  const { kind, q, limit } = c.req.valid('query')
  return ok(c, msg`OK`, await listMedia(c.var.db.sql, { kinds: kind, q: q || undefined, limit: Number(limit) }))
})

/** The library, newest first, as GET /desk/media answers it. */
export const readDeskMediaList = deskReader(mediaListRead, (query: QueryOf<typeof ListQuery>) => withQuery('media', query))

const mediaRead = deskMedia.get('/:id', mediaParams, roleRequired('contributor'), async (c) => {
  const item = await loadMedia(c.var.db.sql, c.req.valid('param').id)
  if (!item) throw new ApiError(404, MediaNotFound)
  return ok(c, msg`OK`, item)
})

/** Library item `id` as GET /desk/media/{id} answers it. */
export const readDeskMedia = deskReader(mediaRead, (id: number) => `media/${id}`)

deskMedia.patch('/:id', jsonLimit, mediaParams, roleRequired('contributor'), jsonBody(MediaPatchBody), async (c) => {
  const patch = c.req.valid('json')
  if (patch.credit === undefined && patch.licence === undefined && patch.alt === undefined) {
    throw invalidField(c, 'body', msg`Please send at least one of credit, licence or alt.`)
  }
  const user = caller(c)
  const item = await updateMedia(c.var.db.sql, c.req.valid('param').id, patch, user.id, (current) => {
    if (!mayChangeMedia(user, current)) throw new ApiError(403, msg`Your account is not allowed to do this.`)
  })
  if (!item) throw new ApiError(404, MediaNotFound)
  return ok(c, msg`The media item was saved.`, item)
})
