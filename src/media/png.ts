// PNG: an 8-byte signature, then chunks (length, type, data, CRC) from IHDR to IEND
// (PNG specification, third edition, §5).
import { ascii, concatBytes, dataView, startsWith } from './bytes.ts'
import type { Dimensions } from './dimensions.ts'

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const

/** Length, type and CRC around each chunk's data. */
const CHUNK_OVERHEAD = 12
const IHDR_LENGTH = 13

/**
 * The chunks a stripped file keeps: the critical ones and those that change how the
 * pixels look (transparency, colour space, gamma, background, pixel density). Everything
 * else is dropped, so metadata in chunks we have not heard of (text, EXIF, time, C2PA,
 * private chunks) goes too; so do APNG's frame chunks, which leaves the still image.
 */
const KEPT_CHUNKS = new Set([
  'IHDR', 'PLTE', 'IDAT', 'IEND',
  'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'mDCV', 'cLLI', 'bKGD', 'pHYs',
])

interface Chunk {
  type: string
  /** Offset of the length field. */
  start: number
  /** Offset just past the CRC. */
  end: number
}

/**
 * The chunks from IHDR to IEND, or null when the structure does not hold: a chunk that
 * runs past the end of the file, a type that is not four letters, IHDR not first or of
 * the wrong size, no IDAT, no IEND. Bytes after IEND are not part of the image.
 */
function pngChunks(bytes: Uint8Array): Chunk[] | null {
  if (!startsWith(bytes, PNG_SIGNATURE)) return null
  const view = dataView(bytes)
  const chunks: Chunk[] = []
  let at: number = PNG_SIGNATURE.length
  for (;;) {
    if (bytes.length - at < CHUNK_OVERHEAD) return null
    const length = view.getUint32(at)
    if (length > bytes.length - at - CHUNK_OVERHEAD) return null
    const type = ascii(bytes, at + 4, 4)
    if (!/^[A-Za-z]{4}$/.test(type)) return null
    const end = at + CHUNK_OVERHEAD + length
    chunks.push({ type, start: at, end })
    if (type === 'IEND') break
    at = end
  }
  const [header] = chunks
  if (header?.type !== 'IHDR' || header.end - header.start !== CHUNK_OVERHEAD + IHDR_LENGTH) return null
  if (!chunks.some((chunk) => chunk.type === 'IDAT')) return null
  return chunks
}

export function pngDimensions(bytes: Uint8Array): Dimensions | null {
  const header = pngChunks(bytes)?.[0]
  if (!header) return null
  const view = dataView(bytes)
  return { width: view.getUint32(header.start + 8), height: view.getUint32(header.start + 12) }
}

/** A chunk is critical when its first letter is upper case (PNG §5.4). */
const isCritical = (type: string) => type[0] === type[0]?.toUpperCase()

/**
 * The file with only the chunks in KEPT_CHUNKS, each copied with its own CRC. A critical
 * chunk we do not know makes the file undecodable (PNG §5.4), so the answer is null.
 */
export function stripPng(bytes: Uint8Array): Uint8Array | null {
  const chunks = pngChunks(bytes)
  if (!chunks) return null
  if (chunks.some((chunk) => !KEPT_CHUNKS.has(chunk.type) && isCritical(chunk.type))) return null
  const kept = chunks.filter((chunk) => KEPT_CHUNKS.has(chunk.type)).map((chunk) => bytes.subarray(chunk.start, chunk.end))
  return concatBytes([new Uint8Array(PNG_SIGNATURE), ...kept])
}
