// A library image's covers: WebP copies at the widths pages use (cover-sizes.ts), made once at
// upload through the Cloudflare Images binding and kept in R2 beside the original, so a
// reader's request is a plain R2 read with a year of caching (decision 084). The same binding
// proves that an uploaded image decodes, for the library and for avatars (decision 104).
import { coverWidths } from './cover-sizes.ts'
import { putMedia } from './store.ts'
import { webpDimensions } from './webp.ts'

/** A good balance for photographs: visibly the original at about 30–40 % of JPEG q85's bytes. */
const WEBP_QUALITY = 80

export interface StoredVariant {
  width: number
  height: number
  mime: 'image/webp'
  key: string
  bytes: number
}

/** One WebP `width` pixels wide, its height as the image's proportions give it (EXIF orientation applied). */
async function resizeToWebp(images: ImagesBinding, original: Uint8Array, width: number): Promise<Uint8Array> {
  const input = new Blob([original as BlobPart]).stream()
  const result = await images.input(input).transform({ width, fit: 'scale-down' }).output({ format: 'image/webp', quality: WEBP_QUALITY })
  return new Uint8Array(await result.response().arrayBuffer())
}

/**
 * An upload that passed every header check and still does not decode (decision 104): the
 * uploader's file, which the APIs refuse with 422, not the resizer's failure.
 */
export class UndecodableImage extends Error {}

/** A 1 × 1 grey PNG that every decoder draws: what tells a resizer that is down from a file that does not decode. */
const CONTROL_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAADUlEQVR4AQECAP3/AGEAYwBiR/nC2gAAAABJRU5ErkJggg=='), (char) => char.charCodeAt(0))

/**
 * resizeToWebp of an uploaded image. The binding's errors do not tell the two failures apart
 * (both are code 9523 here, "Unexpected error response 500: …" from sharp), so a failure is
 * put to the binding again with CONTROL_PNG: if that resizes, the upload is at fault.
 */
async function resizeUpload(images: ImagesBinding, original: Uint8Array, width: number): Promise<Uint8Array> {
  try {
    return await resizeToWebp(images, original, width)
  } catch (error) {
    const bindingWorks = await resizeToWebp(images, CONTROL_PNG, 1).then(
      () => true,
      () => false,
    )
    if (bindingWorks) throw new UndecodableImage(String(error), { cause: error })
    throw error
  }
}

/** The width an image is drawn at to prove it decodes: the decoder reads every byte of it whatever the width. */
const PROOF_WIDTH = 8

/**
 * Resolves when the binding draws the image, which takes decoding all of it; throws
 * UndecodableImage when it does not decode, or the binding's error when the binding is down.
 */
export async function proveImageDecodes(images: ImagesBinding, image: Uint8Array): Promise<void> {
  await resizeUpload(images, image, PROOF_WIDTH)
}

/**
 * Makes and stores every cover width of an image `width` pixels wide. The sizes are read
 * from the WebP each resize returns, not computed, so an orientation the resizer applied is
 * what the page reserves room for. On failure, what was stored is removed and the error thrown:
 * UndecodableImage when the image is at fault.
 */
export async function storeCoverVariants(env: Pick<Env, 'MEDIA' | 'IMAGES'>, owner: string, original: Uint8Array, width: number): Promise<StoredVariant[]> {
  const stored: StoredVariant[] = []
  try {
    for (const target of coverWidths(width)) {
      const webp = await resizeUpload(env.IMAGES, original, target)
      const size = webpDimensions(webp)
      if (!size) throw new Error(`The resizer's ${target} px WebP does not read`)
      const key = await putMedia(env, 'covers', owner, webp, 'image/webp')
      stored.push({ ...size, mime: 'image/webp', key, bytes: webp.length })
    }
  } catch (error) {
    await Promise.all(stored.map((variant) => env.MEDIA.delete(variant.key)))
    throw error
  }
  return stored
}
