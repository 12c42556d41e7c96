// A library image's covers: WebP copies at the widths pages use (cover-sizes.ts), made once at
// upload through the Cloudflare Images binding and kept in R2 beside the original, so a
// reader's request is a plain R2 read with a year of caching (decision 084).
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
 * Makes and stores every cover width of an image `width` pixels wide. The sizes are read
 * from the WebP each resize returns, not computed, so an orientation the resizer applied is
 * what the page reserves room for. On failure, what was stored is removed and the error thrown.
 */
export async function storeCoverVariants(env: Pick<Env, 'MEDIA' | 'IMAGES'>, owner: string, original: Uint8Array, width: number): Promise<StoredVariant[]> {
  const stored: StoredVariant[] = []
  try {
    for (const target of coverWidths(width)) {
      const webp = await resizeToWebp(env.IMAGES, original, target)
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
