// JPEG: SOI, then marker segments (0xFF, a marker byte, a two-byte length that counts
// itself), each scan's entropy-coded data after its SOS header, and EOI (ITU T.81 §B).
import { ascii, concatBytes, dataView, startsWith } from './bytes.ts'
import { exifOrientation, orientationOnlyTiff } from './exif.ts'
import type { Dimensions } from './dimensions.ts'

export const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const

const SOI = 0xd8
const EOI = 0xd9
const SOS = 0xda
const APP0 = 0xe0
const APP1 = 0xe1
const APP2 = 0xe2
const APP14 = 0xee
const APP15 = 0xef
const COM = 0xfe

/** Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7

interface Segment {
  marker: number
  /** Offset of the 0xFF that opens the marker. */
  start: number
  /** Offset just past the segment, and past the entropy-coded data after an SOS. */
  end: number
}

/** Where the marker that ends a scan begins: the first 0xFF not followed by 0x00 (a stuffed byte), RSTn or fill. */
function endOfScan(bytes: Uint8Array, from: number): number | null {
  for (let at = bytes.indexOf(0xff, from); at !== -1; at = bytes.indexOf(0xff, at + 1)) {
    const next = bytes[at + 1]
    if (next === undefined) return null
    if (next !== 0x00 && next !== 0xff && !isRestart(next)) return at
  }
  return null
}

/**
 * The segments from SOI to EOI, or null when the structure does not hold: a segment
 * that runs past the end, a byte where a marker belongs, no EOI, no frame before the
 * first scan. Bytes after EOI (where polyglot files hide their second format) are not
 * part of the image.
 */
function jpegSegments(bytes: Uint8Array): Segment[] | null {
  if (!startsWith(bytes, JPEG_SIGNATURE)) return null
  const view = dataView(bytes)
  const segments: Segment[] = [{ marker: SOI, start: 0, end: 2 }]
  let at = 2
  for (;;) {
    if (bytes[at] !== 0xff) return null
    while (bytes[at] === 0xff) at += 1 // fill bytes may precede any marker (T.81 §B.1.1.2)
    const marker = bytes[at]
    if (marker === undefined) return null
    const start = at - 1
    at += 1
    if (marker === EOI) {
      segments.push({ marker, start, end: at })
      break
    }
    if (marker === SOI || marker === 0x00 || marker === 0x01 || isRestart(marker)) return null
    if (bytes.length - at < 2) return null
    const length = view.getUint16(at)
    if (length < 2 || length > bytes.length - at) return null
    let end: number | null = at + length
    if (marker === SOS) {
      if (!segments.some((segment) => isStartOfFrame(segment.marker))) return null
      end = endOfScan(bytes, end)
      if (end === null) return null
    }
    segments.push({ marker, start, end })
    at = end
  }
  return segments.some((segment) => segment.marker === SOS) ? segments : null
}

/** The first frame's size; a height of 0 (set later by a DNL segment) reads as 0 and is refused upstream. */
export function jpegDimensions(bytes: Uint8Array): Dimensions | null {
  const frame = jpegSegments(bytes)?.find((segment) => isStartOfFrame(segment.marker))
  // The frame header's precision, height and width take 5 bytes after the length.
  if (!frame || frame.end - frame.start < 9) return null
  const view = dataView(bytes)
  return { height: view.getUint16(frame.start + 5), width: view.getUint16(frame.start + 7) }
}

/** A marker segment built from its payload. */
function segment(marker: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length)
  out.set([0xff, marker], 0)
  dataView(out).setUint16(2, 2 + payload.length)
  out.set(payload, 4)
  return out
}

const JFIF = 'JFIF\0'
/** JFIF's fields up to the thumbnail's width and height (JFIF 1.02 §A). */
const JFIF_FIELDS = 14
const EXIF = 'Exif\0\0'

/**
 * What an APPn or COM segment becomes: kept as it is (ICC profile, Adobe colour
 * transform), rewritten (JFIF without its thumbnail, EXIF with only Orientation), or
 * dropped (null: EXIF, XMP, IPTC/Photoshop, MPF, comments, anything unknown).
 */
function keptMetadata(bytes: Uint8Array, { marker, start, end }: Segment): Uint8Array | null {
  const payload = bytes.subarray(start + 4, end)
  const says = (identifier: string) => ascii(payload, 0, identifier.length) === identifier
  if (marker === APP0 && says(JFIF) && payload.length >= JFIF_FIELDS) {
    // A JFIF thumbnail can show what a crop removed; zero its size and leave it out.
    const fields = payload.slice(0, JFIF_FIELDS)
    fields.set([0, 0], JFIF_FIELDS - 2)
    return segment(APP0, fields)
  }
  if (marker === APP1 && says(EXIF)) {
    const orientation = exifOrientation(payload.subarray(EXIF.length))
    if (orientation === null) return null
    return segment(APP1, concatBytes([new TextEncoder().encode(EXIF), orientationOnlyTiff(orientation)]))
  }
  if ((marker === APP2 && says('ICC_PROFILE\0')) || (marker === APP14 && says('Adobe'))) return bytes.subarray(start, end)
  return null
}

const isMetadata = (marker: number) => (marker >= APP0 && marker <= APP15) || marker === COM

/**
 * The file with its tables, frames and scans untouched and its metadata segments
 * reduced to what keptMetadata allows; nothing after EOI.
 */
export function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  const segments = jpegSegments(bytes)
  if (!segments) return null
  const kept = segments.map((seg) => (isMetadata(seg.marker) ? keptMetadata(bytes, seg) : bytes.subarray(seg.start, seg.end)))
  return concatBytes(kept.filter((part) => part !== null))
}
