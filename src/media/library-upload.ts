// The media library's upload rules (decision 085): a type proven by the bytes (images as
// avatars are, audio and video by their containers' signatures), a size limit per kind, and
// images stripped of their metadata. The browser's file name and Content-Type are not read.
import { msg } from '@lingui/core/macro'
import { type AudioVideoType, detectAudioVideoType, SNIFF_BYTES } from './audio-video.ts'
import { detectImageType, type ImageProblem, type ImageType, prepareImage } from './image.ts'

export const MEDIA_KINDS = ['image', 'audio', 'video'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

const MiB = 1024 * 1024

/**
 * Per kind. A Worker's request body stops at 100 MB on the Free and Pro plans, and the
 * multipart body is held in memory (128 MB per isolate) while it is parsed: 50 MiB leaves
 * room for both. Longer video belongs on a streaming service (decision 053).
 */
export const MEDIA_LIMITS: Record<MediaKind, number> = { image: 10 * MiB, audio: 50 * MiB, video: 50 * MiB }

const imageMb = MEDIA_LIMITS.image / MiB
const soundMb = MEDIA_LIMITS.audio / MiB

/** What a file over its kind's limit is told, by the API and by the upload form alike. */
export const UPLOAD_TOO_LARGE = msg`Please choose an image of at most ${imageMb} MB, or a sound or video of at most ${soundMb} MB.`

/** The largest upload, with its multipart framing and text fields: a larger body is refused unread. */
export const MAX_MEDIA_BODY_BYTES = Math.max(...Object.values(MEDIA_LIMITS)) + 64 * 1024

export type UploadProblem = ImageProblem | 'size'

export type PreparedUpload =
  | {
      ok: true
      kind: MediaKind
      mime: ImageType | AudioVideoType
      /** What to store: an image's stripped bytes, or the audio or video file as it came. */
      body: Uint8Array | Blob
      bytes: number
      width: number | null
      height: number | null
    }
  | { ok: false; problem: UploadProblem; kind: MediaKind | null }

const kindOf = (type: AudioVideoType): MediaKind => (type.startsWith('audio/') ? 'audio' : 'video')

export async function prepareUpload(file: Blob): Promise<PreparedUpload> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())
  if (detectImageType(head)) {
    // The size is known before the bytes are read.
    if (file.size > MEDIA_LIMITS.image) return { ok: false, problem: 'size', kind: 'image' }
    const image = prepareImage(new Uint8Array(await file.arrayBuffer()), MEDIA_LIMITS.image)
    if (!image.ok) return { ok: false, problem: image.problem, kind: 'image' }
    return { ok: true, kind: 'image', mime: image.type, body: image.bytes, bytes: image.bytes.length, width: image.width, height: image.height }
  }
  const type = detectAudioVideoType(head)
  if (!type) return { ok: false, problem: 'type', kind: null }
  const kind = kindOf(type)
  if (file.size > MEDIA_LIMITS[kind]) return { ok: false, problem: 'size', kind }
  return { ok: true, kind, mime: type, body: file, bytes: file.size, width: null, height: null }
}
