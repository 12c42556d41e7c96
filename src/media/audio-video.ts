// What an uploaded audio or video file is, judged by its first bytes alone (security.md,
// Uploads: "check type by content"), as image.ts does for images. Only containers every
// browser's <audio> and <video> play are taken; QuickTime, Matroska, HEIC (an MP4 cousin),
// WAV and the rest are refused. The browser's name and Content-Type are never trusted.
import { ascii, startsWith } from './bytes.ts'

export type AudioType = 'audio/mpeg' | 'audio/mp4' | 'audio/ogg'
export type VideoType = 'video/mp4' | 'video/webm'
export type AudioVideoType = AudioType | VideoType

/** How many leading bytes detectAudioVideoType reads: enough for an ID3 tag, an ftyp box and WebM's DocType. */
export const SNIFF_BYTES = 64

// MP4's major brands (ISO/IEC 14496-12 `ftyp`): those of sound only, and those of video.
const AUDIO_BRANDS = new Set(['M4A ', 'M4B '])
const VIDEO_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'mmp4'])
const EBML = [0x1a, 0x45, 0xdf, 0xa3]
const OGG = [0x4f, 0x67, 0x67, 0x53] // "OggS"
const ID3 = [0x49, 0x44, 0x33] // "ID3"

/** An MPEG-1/2 audio frame header of layer III: 11 sync bits, then layer bits 01. */
function isMp3Frame(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && ((bytes[1]! >> 1) & 0x03) === 0x01
}

/** A WebM file is EBML whose DocType says "webm" (Matroska's own, "matroska", is refused). */
function isWebm(bytes: Uint8Array): boolean {
  return startsWith(bytes, EBML) && ascii(bytes, 0, Math.min(bytes.length, SNIFF_BYTES)).includes('webm')
}

/** The type the first SNIFF_BYTES bytes announce, or null for anything we do not take. */
export function detectAudioVideoType(head: Uint8Array): AudioVideoType | null {
  if (startsWith(head, ID3) || isMp3Frame(head)) return 'audio/mpeg'
  if (startsWith(head, OGG)) return 'audio/ogg'
  if (isWebm(head)) return 'video/webm'
  if (head.length >= 12 && ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4)
    if (AUDIO_BRANDS.has(brand)) return 'audio/mp4'
    if (VIDEO_BRANDS.has(brand)) return 'video/mp4'
  }
  return null
}
