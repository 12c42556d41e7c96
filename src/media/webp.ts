// WebP: a RIFF container ("RIFF", size, "WEBP") of chunks (FourCC, little-endian size,
// data, a pad byte when the size is odd). A simple file holds one VP8 (lossy) or VP8L
// (lossless) chunk; an extended file starts with VP8X, whose flags announce ICC, alpha,
// EXIF, XMP and animation (RFC 9649).
import { ascii, concatBytes, dataView, startsWith } from './bytes.ts'
import type { Dimensions } from './dimensions.ts'

const RIFF = [0x52, 0x49, 0x46, 0x46] as const // "RIFF"
const WEBP = [0x57, 0x45, 0x42, 0x50] as const // "WEBP"
const RIFF_HEADER = 12
const CHUNK_HEADER = 8

const VP8X_EXIF_FLAG = 0x08
const VP8X_XMP_FLAG = 0x04

/** The chunks an extended file keeps: everything that draws the image, nothing else. */
const KEPT_CHUNKS = new Set(['VP8X', 'ICCP', 'ANIM', 'ANMF', 'ALPH', 'VP8 ', 'VP8L'])
const IMAGE_DATA = new Set(['VP8 ', 'VP8L', 'ANMF'])

export function isWebp(bytes: Uint8Array): boolean {
  return startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)
}

interface Chunk {
  fourcc: string
  /** Offset of the FourCC. */
  start: number
  /** Offset of the data. */
  data: number
  size: number
  /** Offset just past the data and its pad byte. */
  end: number
}

/**
 * The chunks inside the RIFF size, or null when the structure does not hold: a RIFF size
 * larger than the file, a chunk (with its pad byte) that runs past it, a first chunk
 * that is not VP8, VP8L or VP8X, no image data. Bytes after the RIFF size are not part
 * of the image.
 */
function webpChunks(bytes: Uint8Array): Chunk[] | null {
  if (!isWebp(bytes)) return null
  const view = dataView(bytes)
  const riffEnd = CHUNK_HEADER + view.getUint32(4, true)
  if (riffEnd > bytes.length) return null
  const chunks: Chunk[] = []
  for (let at = RIFF_HEADER; at < riffEnd; ) {
    if (riffEnd - at < CHUNK_HEADER) return null
    const size = view.getUint32(at + 4, true)
    const padded = size + (size % 2)
    if (padded > riffEnd - at - CHUNK_HEADER) return null
    const end = at + CHUNK_HEADER + padded
    chunks.push({ fourcc: ascii(bytes, at, 4), start: at, data: at + CHUNK_HEADER, size, end })
    at = end
  }
  const first = chunks[0]?.fourcc
  if (first !== 'VP8 ' && first !== 'VP8L' && first !== 'VP8X') return null
  return chunks.some((chunk) => IMAGE_DATA.has(chunk.fourcc)) ? chunks : null
}

const uint24 = (view: DataView, at: number) => view.getUint16(at, true) | (view.getUint8(at + 2) << 16)

/**
 * The canvas of an extended file, or the frame of a simple one: VP8's key-frame header
 * (RFC 6386 §9.1) or VP8L's header (RFC 9649 §3.2). A header that does not read as one
 * is null.
 */
function chunkDimensions(view: DataView, { fourcc, data, size }: Chunk): Dimensions | null {
  if (fourcc === 'VP8X' && size >= 10) {
    return { width: uint24(view, data + 4) + 1, height: uint24(view, data + 7) + 1 }
  }
  if (fourcc === 'VP8L' && size >= 5 && view.getUint8(data) === 0x2f) {
    const bits = view.getUint32(data + 1, true)
    if (bits >>> 29 !== 0) return null // version must be 0
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (fourcc !== 'VP8 ' || size < 10) return null
  const keyFrame = (view.getUint8(data) & 1) === 0
  const startCode = view.getUint8(data + 3) === 0x9d && view.getUint8(data + 4) === 0x01 && view.getUint8(data + 5) === 0x2a
  if (!keyFrame || !startCode) return null
  return { width: view.getUint16(data + 6, true) & 0x3fff, height: view.getUint16(data + 8, true) & 0x3fff }
}

export function webpDimensions(bytes: Uint8Array): Dimensions | null {
  const first = webpChunks(bytes)?.[0]
  return first ? chunkDimensions(dataView(bytes), first) : null
}

/**
 * A simple file keeps its one image chunk; an extended file keeps KEPT_CHUNKS, with the
 * EXIF and XMP flags of VP8X cleared, as RFC 9649 asks when those chunks are absent.
 * The RIFF size is written anew.
 */
export function stripWebp(bytes: Uint8Array): Uint8Array | null {
  const chunks = webpChunks(bytes)
  const first = chunks?.[0]
  if (!chunks || !first) return null
  const kept = first.fourcc === 'VP8X' ? chunks.filter((chunk) => KEPT_CHUNKS.has(chunk.fourcc)) : [first]
  const body = concatBytes(kept.map((chunk) => bytes.subarray(chunk.start, chunk.end)))
  if (first.fourcc === 'VP8X') {
    const flags = dataView(body)
    flags.setUint8(CHUNK_HEADER, flags.getUint8(CHUNK_HEADER) & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG))
  }
  const header = new Uint8Array(RIFF_HEADER)
  header.set(RIFF, 0)
  dataView(header).setUint32(4, 4 + body.length, true)
  header.set(WEBP, 8)
  return concatBytes([header, body])
}
