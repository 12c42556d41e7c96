// The avatar rules of security.md (Uploads): at most 2 MB, a type proven by the bytes,
// metadata stripped before anything is stored. The profile API calls these in turn:
// prepareAvatar, then proveImageDecodes (variants.ts, decision 104), then storeAvatar, then
// deleteMedia on the key it replaces.
import { type ImageType, type PreparedImage, prepareImage } from './image.ts'
import { putMedia } from './store.ts'

/** security.md: "limit size (2 MB for avatars)", read as 2 MiB. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024

/** A multipart upload of one avatar: the file, its framing and a few short fields. A larger body is refused unread. */
export const MAX_AVATAR_BODY_BYTES = MAX_AVATAR_BYTES + 16 * 1024

export type AvatarCheck = PreparedImage

/** The bytes to store, without metadata, or why the upload is refused (the API answers 422; 413 for `size`). */
export function prepareAvatar(upload: Uint8Array): AvatarCheck {
  return prepareImage(upload, MAX_AVATAR_BYTES)
}

/** Stores prepared avatar bytes under a new `avatars/<uuid>.<ext>` key and returns the key. */
export function storeAvatar(env: Pick<Env, 'MEDIA'>, userId: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  return putMedia(env, 'avatars', userId, bytes, type)
}
