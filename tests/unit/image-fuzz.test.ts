// Damaged and hostile uploads: every truncation and thousands of seeded random mutations
// of each fixture. Whatever the bytes, the image functions must answer (never throw,
// never hang), and whatever stripping returns must itself be a clean image.
import { describe, expect, it } from 'vitest'
import { detectImageType, type ImageType, inspectImage, stripImageMetadata } from '../../src/media/image.ts'
import {
  concat,
  exifSegment,
  jfif,
  jpeg,
  jpegSegment,
  latin1,
  phoneExif,
  png,
  pngChunk,
  riff,
  vp8x,
  VP8_2X2,
  VP8L_2X2,
  VP8X_EXIF,
  VP8X_XMP,
  webpChunk,
  XMP_PACKET,
} from '../support/image-fixtures.ts'

const TYPES: ImageType[] = ['image/png', 'image/jpeg', 'image/webp']

const SAMPLES = {
  'a phone JPEG': jpeg(jfif([1, 2, 3]), exifSegment(phoneExif('II', 6)), jpegSegment(0xfe, latin1('a comment'))),
  'a PNG with text and EXIF': png({ before: [pngChunk('tEXt', latin1('Author\0Me')), pngChunk('eXIf', phoneExif('MM', 3))] }),
  'an extended WebP with EXIF and XMP': riff(vp8x(VP8X_EXIF | VP8X_XMP, 2, 2), VP8L_2X2, webpChunk('EXIF', phoneExif('II', 6)), webpChunk('XMP ', XMP_PACKET)),
  'a lossy WebP': riff(VP8_2X2),
}

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, below: (n: number) => Math.floor(next() * n) }
}

/** Values that sit on the edges of the length and marker fields the parsers read. */
const EDGE_BYTES = [0x00, 0x01, 0x02, 0x7f, 0x80, 0xd8, 0xd9, 0xda, 0xe1, 0xfe, 0xff]

/** One to eight edits: overwrite a byte, an edge value or a 32-bit length; insert, delete or duplicate a run. */
function mutate(bytes: Uint8Array, rng: ReturnType<typeof random>): Uint8Array {
  let out: Uint8Array = bytes.slice()
  for (let edits = 1 + rng.below(8); edits > 0; edits -= 1) {
    const at = rng.below(out.length + 1)
    const run = 1 + rng.below(16)
    switch (rng.below(6)) {
      case 0:
        if (at < out.length) out[at] = rng.below(256)
        break
      case 1:
        if (at < out.length) out[at] = EDGE_BYTES[rng.below(EDGE_BYTES.length)]!
        break
      case 2:
        out.set([0xff, 0xff, 0xff, rng.below(256)].slice(0, Math.max(0, out.length - at)), Math.min(at, out.length))
        break
      case 3:
        out = concat(out.subarray(0, at), Uint8Array.from({ length: run }, () => rng.below(256)), out.subarray(at))
        break
      case 4:
        out = concat(out.subarray(0, at), out.subarray(at + run))
        break
      default:
        out = concat(out.subarray(0, at), out.subarray(at, at + run), out.subarray(at))
    }
  }
  return out
}

/** What a well-behaved answer looks like for any input at all. */
function expectSafeAnswers(bytes: Uint8Array) {
  const check = inspectImage(bytes)
  for (const type of TYPES) {
    const stripped = stripImageMetadata(bytes, type)
    if (stripped === null) continue
    expect(detectImageType(stripped)).toBe(type)
    expect(stripImageMetadata(stripped, type)).toEqual(stripped)
    if (check.ok && check.type === type) expect(inspectImage(stripped)).toEqual(check)
  }
}

describe.each(Object.entries(SAMPLES))('%s, damaged', (_, sample) => {
  it('strips to null at every truncation, without throwing', () => {
    for (let length = 0; length < sample.length; length += 1) {
      const cut = sample.subarray(0, length)
      expect(() => inspectImage(cut)).not.toThrow()
      for (const type of TYPES) expect(stripImageMetadata(cut, type)).toBeNull()
    }
  })

  it('answers 3000 random mutations without throwing, and strips each to a clean image or null', () => {
    const rng = random(sample.length)
    for (let round = 0; round < 3000; round += 1) expectSafeAnswers(mutate(sample, rng))
  })
})

describe('hostile structures', () => {
  it('walks a JPEG of 100000 empty comments and a scan of only fill bytes in linear time', () => {
    const comment = jpegSegment(0xfe, new Uint8Array())
    const comments = Uint8Array.from({ length: 100_000 * comment.length }, (_, i) => comment[i % comment.length]!)
    const started = performance.now()
    expect(stripImageMetadata(jpeg(jfif(), comments), 'image/jpeg')).toEqual(jpeg(jfif()))
    const fill = concat(jpeg(jfif()).subarray(0, -2), new Uint8Array(500_000).fill(0xff))
    expect(stripImageMetadata(fill, 'image/jpeg')).toBeNull()
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('answers 2 MB of random bytes behind each signature', () => {
    const rng = random(2)
    const noise = Uint8Array.from({ length: 2 * 1024 * 1024 }, () => rng.below(256))
    for (const signature of [jpeg(jfif()).subarray(0, 3), png().subarray(0, 8), riff(VP8L_2X2).subarray(0, 12)]) {
      expectSafeAnswers(concat(signature, noise))
    }
  })
})
