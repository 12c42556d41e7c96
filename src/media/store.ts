// Uploads in the R2 bucket `MEDIA` and their public addresses under /media/ (architecture,
// Other services). Keys are a folder, a random UUID and the extension of the type the
// bytes were found to be: they say nothing about who uploaded what, cannot be guessed,
// and are never reused, so a URL can be cached for good.
import type { AudioVideoType } from './audio-video.ts'
import type { ImageType } from './image.ts'

/** The folders /media/ serves: avatars, the desk's library, and its images' resized covers. */
const FOLDERS = ['avatars', 'library', 'covers'] as const
export type MediaFolder = (typeof FOLDERS)[number]

/** Every type an object is stored as, each checked by its bytes before it is stored. */
export type StoredType = ImageType | AudioVideoType

const EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
} as const satisfies Record<StoredType, string>
const TYPES = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type as StoredType]))

/** A year, immutable: an object's content never changes under its key. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** Exactly the keys putMedia writes: `crypto.randomUUID()` is a lower-case version 4 UUID. */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}'
const KEY = new RegExp(`^(?:${FOLDERS.join('|')})/(${UUID}\\.(${Object.values(EXTENSIONS).join('|')}))$`)

export interface MediaKey {
  key: string
  /** The type the extension names: the only one the object may be served as. */
  type: StoredType
  /** The last segment, for Content-Disposition. */
  filename: string
}

/** A key as putMedia writes it, or null for anything else (other folders, `..`, overlong, odd characters). */
export function parseMediaKey(key: string): MediaKey | null {
  const [, filename, extension] = KEY.exec(key) ?? []
  const type = extension && TYPES[extension]
  return filename && type ? { key, type, filename } : null
}

export function mediaUrl(key: string): string {
  return `/media/${key}`
}

/**
 * Stores bytes that have already been checked (image.ts, audio-video.ts) under a new key,
 * with their type and cache policy; `owner` is kept in the object's custom metadata so
 * that orphans can be traced, and is never served.
 */
export async function putMedia(
  env: Pick<Env, 'MEDIA'>,
  folder: MediaFolder,
  owner: string,
  bytes: Uint8Array | Blob,
  type: StoredType,
): Promise<string> {
  const key = `${folder}/${crypto.randomUUID()}.${EXTENSIONS[type]}`
  await env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType: type, cacheControl: MEDIA_CACHE_CONTROL },
    customMetadata: { owner },
  })
  return key
}

/** Removing a key that is already gone is not an error (R2 delete is idempotent). */
export async function deleteMedia(env: Pick<Env, 'MEDIA'>, key: string): Promise<void> {
  await env.MEDIA.delete(key)
}
