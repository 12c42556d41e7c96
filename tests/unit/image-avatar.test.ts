import { describe, expect, it } from 'vitest'
import { MAX_AVATAR_BYTES, prepareAvatar } from '../../src/media/avatars.ts'
import { concat, exifSegment, hex, jfif, jpeg, latin1, phoneExif, PNG_SIGNATURE, png, pngChunk, pngHeader } from '../support/image-fixtures.ts'

/** A valid PNG of exactly `size` bytes: the image plus a private chunk of padding. */
function pngOfSize(size: number): Uint8Array {
  const image = png()
  const padding = pngChunk('prVt', new Uint8Array(size - image.length - 12))
  return concat(image.subarray(0, 33), padding, image.subarray(33))
}

describe('prepareAvatar', () => {
  it('gives the stripped bytes and the type the content proves', () => {
    expect(prepareAvatar(jpeg(jfif(), exifSegment(phoneExif('II'))))).toEqual({ ok: true, type: 'image/jpeg', bytes: jpeg(jfif()), width: 2, height: 2 })
  })

  it('accepts 2 MiB exactly and refuses one byte more, before reading the image', () => {
    expect(MAX_AVATAR_BYTES).toBe(2_097_152)
    expect(prepareAvatar(pngOfSize(MAX_AVATAR_BYTES))).toEqual({ ok: true, type: 'image/png', bytes: png(), width: 2, height: 2 })
    expect(prepareAvatar(pngOfSize(MAX_AVATAR_BYTES + 1))).toEqual({ ok: false, problem: 'size' })
  })

  it.each([
    ['a GIF', latin1('GIF89a'), 'type'],
    ['a PNG cut short', png().subarray(0, 40), 'damaged'],
    ['a PNG of 8000 × 8000', concat(PNG_SIGNATURE, pngHeader(8000, 8000), pngChunk('IDAT', hex('78010100')), pngChunk('IEND')), 'dimensions'],
    ['a PNG whose size reads but which holds a critical chunk no decoder knows', png({ before: [pngChunk('ABCD', hex('00'))] }), 'damaged'],
  ])('refuses %s and says why', (_, bytes, problem) => {
    expect(prepareAvatar(bytes)).toEqual({ ok: false, problem })
  })
})
