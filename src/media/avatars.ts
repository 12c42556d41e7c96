// The avatar rules of security.md (Uploads): at most 2 MB, a type proven by the bytes,
// metadata stripped before anything is stored. The profile API calls these in turn:
// prepareAvatar, then storeAvatar, then deleteMedia on the key it replaces.
import { type ImageProblem, type ImageType, inspectImage, stripImageMetadata } from './image.ts'
import { putMedia } from './store.ts'

/** security.md: "limit size (2 MB for avatars)", read as 2 MiB. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024

/** A multipart upload of one avatar: the file, its framing and a few short fields. A larger body is refused unread. */
export const MAX_AVATAR_BODY_BYTES = MAX_AVATAR_BYTES + 16 * 1024

export type AvatarCheck = { ok: true; bytes: Uint8Array; type: ImageType } | { ok: false; problem: ImageProblem | 'size' }

/** The bytes to store, without metadata, or why the upload is refused (the API answers 422; 413 for `size`). */
export function prepareAvatar(upload: Uint8Array): AvatarCheck {
  if (upload.length > MAX_AVATAR_BYTES) return { ok: false, problem: 'size' }
  const image = inspectImage(upload)
  if (!image.ok) return image
  const bytes = stripImageMetadata(upload, image.type)
  return bytes ? { ok: true, bytes, type: image.type } : { ok: false, problem: 'damaged' }
}

/** Stores prepared avatar bytes under a new `avatars/<uuid>.<ext>` key and returns the key. */
export function storeAvatar(env: Pick<Env, 'MEDIA'>, userId: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  return putMedia(env, 'avatars', userId, bytes, type)
}
