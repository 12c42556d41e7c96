// What an uploaded image is, judged by its bytes alone, and the same image without its
// metadata (security.md, Uploads: "check type by content (magic bytes) … strip metadata").
// The name and Content-Type a browser sends are never trusted. Pure functions over
// Uint8Array: they run in workerd and in the unit tests alike.
import { startsWith } from './bytes.ts'
import type { Dimensions } from './dimensions.ts'
import { JPEG_SIGNATURE, jpegDimensions, stripJpeg } from './jpeg.ts'
import { PNG_SIGNATURE, pngDimensions, stripPng } from './png.ts'
import { isWebp, stripWebp, webpDimensions } from './webp.ts'

/** The formats the site accepts: every browser shows them, none of them runs script. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp'


/**
 * The longest side we accept, in pixels. A few kilobytes of PNG can declare a canvas of
 * 30000 × 30000 that every viewer's browser would have to allocate (3.6 GB of RGBA); at
 * 4096 a decoded image stays under 64 MB, and a 12-megapixel phone photo (4032 × 3024)
 * still passes.
 */
export const MAX_IMAGE_SIDE = 4096

/** The format its first bytes announce, or null for anything else (GIF, SVG, HEIC, HTML…). */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png'
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg'
  if (isWebp(bytes)) return 'image/webp'
  return null
}

const FORMATS = {
  'image/png': { dimensions: pngDimensions, strip: stripPng },
  'image/jpeg': { dimensions: jpegDimensions, strip: stripJpeg },
  'image/webp': { dimensions: webpDimensions, strip: stripWebp },
} satisfies Record<ImageType, { dimensions: (bytes: Uint8Array) => Dimensions | null; strip: (bytes: Uint8Array) => Uint8Array | null }>

/** The pixel size the image header declares, or null when the structure cannot be read. */
export function imageDimensions(bytes: Uint8Array, type: ImageType): Dimensions | null {
  return FORMATS[type].dimensions(bytes)
}

/**
 * Why an upload is refused: not one of our formats (`type`), a structure that does not
 * read (`damaged`), or a size of 0 or past MAX_IMAGE_SIDE (`dimensions`).
 */
export type ImageProblem = 'type' | 'damaged' | 'dimensions'

export type ImageCheck = ({ ok: true; type: ImageType } & Dimensions) | { ok: false; problem: ImageProblem }

export function inspectImage(bytes: Uint8Array): ImageCheck {
  const type = detectImageType(bytes)
  if (!type) return { ok: false, problem: 'type' }
  const size = imageDimensions(bytes, type)
  if (!size) return { ok: false, problem: 'damaged' }
  const fits = (side: number) => side >= 1 && side <= MAX_IMAGE_SIDE
  if (!fits(size.width) || !fits(size.height)) return { ok: false, problem: 'dimensions' }
  return { ok: true, type, ...size }
}

/**
 * A new byte array with the pixels and colour information and without metadata: EXIF
 * (GPS, camera, time; JPEG keeps only Orientation), XMP, IPTC, comments, text chunks,
 * thumbnails and anything after the image's end. Null when the structure does not read
 * (the caller answers 422); it never throws and always ends, whatever the bytes.
 */
export function stripImageMetadata(bytes: Uint8Array, type: ImageType): Uint8Array | null {
  return FORMATS[type].strip(bytes)
}

export type PreparedImage = ({ ok: true; bytes: Uint8Array; type: ImageType } & Dimensions) | { ok: false; problem: ImageProblem | 'size' }

/**
 * The bytes to store, without metadata, or why an upload of at most `maxBytes` is refused
 * (the APIs answer 413 for `size`, 422 otherwise): the avatar's and the media library's rule.
 */
export function prepareImage(upload: Uint8Array, maxBytes: number): PreparedImage {
  if (upload.length > maxBytes) return { ok: false, problem: 'size' }
  const image = inspectImage(upload)
  if (!image.ok) return image
  const bytes = stripImageMetadata(upload, image.type)
  return bytes ? { ok: true, bytes, type: image.type, width: image.width, height: image.height } : { ok: false, problem: 'damaged' }
}
