import { describe, expect, it } from 'vitest'
import { detectImageType, imageDimensions, inspectImage, MAX_IMAGE_SIDE } from '../../src/media/image.ts'
import {
  concat,
  hex,
  jfif,
  jpeg,
  jpegSegment,
  latin1,
  PNG_SIGNATURE,
  png,
  pngChunk,
  pngHeader,
  riff,
  vp8x,
  VP8_2X2,
  VP8L_2X2,
  webpChunk,
} from '../support/image-fixtures.ts'

/** A PNG whose header declares width × height over a token IDAT: enough for the size checks. */
const pngDeclaring = (width: number, height: number) =>
  concat(PNG_SIGNATURE, pngHeader(width, height), pngChunk('IDAT', hex('78010100')), pngChunk('IEND'))

/** The 2 × 2 JPEG with its frame header saying width × height. */
function jpegDeclaring(width: number, height: number): Uint8Array {
  const bytes = jpeg(jfif())
  const frame = bytes.findIndex((byte, at) => byte === 0xff && bytes[at + 1] === 0xc0)
  const view = new DataView(bytes.buffer)
  view.setUint16(frame + 5, height)
  view.setUint16(frame + 7, width)
  return bytes
}

/** A lossless WebP whose VP8L header says width × height. */
function vp8lDeclaring(width: number, height: number): Uint8Array {
  const header = new Uint8Array(5)
  header[0] = 0x2f
  new DataView(header.buffer).setUint32(1, (width - 1) | ((height - 1) << 14), true)
  return riff(webpChunk('VP8L', header))
}

describe('detectImageType', () => {
  it.each([
    ['a PNG', png(), 'image/png'],
    ['a JPEG', jpeg(jfif()), 'image/jpeg'],
    ['a lossy WebP', riff(VP8_2X2), 'image/webp'],
    ['a lossless WebP', riff(VP8L_2X2), 'image/webp'],
    ['an extended WebP', riff(vp8x(0, 2, 2), VP8L_2X2), 'image/webp'],
  ])('names %s by its magic bytes', (_, bytes, type) => {
    expect(detectImageType(bytes)).toBe(type)
  })

  it.each([
    ['a GIF', latin1('GIF89a\x01\x00\x01\x00\x00\x00\x00;')],
    ['an SVG', latin1('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an SVG with an XML prolog', latin1('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML in a file named avatar.png', latin1('<!doctype html><script>fetch("/api/v1/profile")</script>')],
    ['a HEIC photo', concat(hex('00000018'), latin1('ftypheic'), hex('00000000'), latin1('mif1heic'))],
    ['an AVIF', concat(hex('0000001c'), latin1('ftypavif'), hex('00000000'), latin1('avifmif1miaf'))],
    ['a BMP', latin1('BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00')],
    ['a TIFF', hex('49492a0008000000')],
    ['a PDF', latin1('%PDF-1.7\n')],
    ['a WAV, which is RIFF too', concat(latin1('RIFF'), hex('24000000'), latin1('WAVEfmt '))],
    ['an empty file', new Uint8Array()],
    ['a PNG signature cut short', PNG_SIGNATURE.subarray(0, 7)],
    ['two bytes of JPEG', hex('ffd8')],
  ])('refuses %s', (_, bytes) => {
    expect(detectImageType(bytes)).toBeNull()
  })

  it('goes by the first bytes only: a PNG signature before HTML is named PNG, and inspection finds it damaged', () => {
    const disguised = concat(PNG_SIGNATURE, latin1('<html><script>alert(1)</script></html>'))
    expect(detectImageType(disguised)).toBe('image/png')
    expect(inspectImage(disguised)).toEqual({ ok: false, problem: 'damaged' })
  })
})

describe('imageDimensions', () => {
  it.each([
    ['a PNG (IHDR)', png({ width: 3, height: 2 }), 'image/png', { width: 3, height: 2 }],
    ['a JPEG (SOF0)', jpeg(jfif()), 'image/jpeg', { width: 2, height: 2 }],
    ['a lossy WebP (VP8 key frame)', riff(VP8_2X2), 'image/webp', { width: 2, height: 2 }],
    ['a lossless WebP (VP8L header)', riff(VP8L_2X2), 'image/webp', { width: 2, height: 2 }],
    ['an extended WebP (VP8X canvas)', riff(vp8x(0, 300, 200), VP8L_2X2), 'image/webp', { width: 300, height: 200 }],
  ] as const)('reads the size of %s', (_, bytes, type, size) => {
    expect(imageDimensions(bytes, type)).toEqual(size)
  })

  it('reads a JPEG frame after metadata segments, not a thumbnail inside them', () => {
    const thumbnailFrame = hex('ffd8 ffc0000b 08 0fa0 0fa0 01 011100')
    const withExif = jpeg(jfif(), jpegSegment(0xe1, concat(latin1('Exif\0\0'), thumbnailFrame)))
    expect(imageDimensions(withExif, 'image/jpeg')).toEqual({ width: 2, height: 2 })
  })
})

describe('inspectImage', () => {
  it('gives the type and size of an acceptable image', () => {
    expect(inspectImage(png({ width: 3, height: 2 }))).toEqual({ ok: true, type: 'image/png', width: 3, height: 2 })
    expect(inspectImage(riff(VP8_2X2))).toEqual({ ok: true, type: 'image/webp', width: 2, height: 2 })
  })

  it(`accepts up to ${MAX_IMAGE_SIDE} pixels on each side`, () => {
    expect(inspectImage(pngDeclaring(4096, 4096))).toMatchObject({ ok: true, width: 4096, height: 4096 })
    expect(inspectImage(jpegDeclaring(4096, 1))).toMatchObject({ ok: true, width: 4096, height: 1 })
    expect(inspectImage(vp8lDeclaring(1, 4096))).toMatchObject({ ok: true, width: 1, height: 4096 })
  })

  it.each([
    ['a PNG one pixel too wide', pngDeclaring(4097, 1)],
    ['a PNG one pixel too tall', pngDeclaring(1, 4097)],
    ['a PNG decompression bomb of 30000 × 30000', pngDeclaring(30000, 30000)],
    ['a PNG of width 0', pngDeclaring(0, 10)],
    ['a PNG past 2³¹ pixels wide', pngDeclaring(0xffffffff, 1)],
    ['a JPEG of 65535 × 65535', jpegDeclaring(65535, 65535)],
    ['a JPEG whose height waits for a DNL segment (0)', jpegDeclaring(2, 0)],
    ['a lossless WebP of 5000 × 10', vp8lDeclaring(5000, 10)],
    ['an extended WebP canvas of 16384 × 16384', riff(vp8x(0, 16384, 16384), VP8L_2X2)],
  ])('refuses the size of %s', (_, bytes) => {
    expect(inspectImage(bytes)).toEqual({ ok: false, problem: 'dimensions' })
  })

  it.each([
    ['a GIF', latin1('GIF89a'), 'type'],
    ['a JPEG with nothing after its signature', hex('ffd8ffe0'), 'damaged'],
    ['a WebP whose first chunk is not an image', riff(webpChunk('ABCD', hex('00')), VP8L_2X2), 'damaged'],
    ['a lossy WebP without the key-frame start code', riff(webpChunk('VP8 ', hex('9001000000000200020000'))), 'damaged'],
    ['a lossless WebP of a later bitstream version', riff(webpChunk('VP8L', hex('2f000000e0'))), 'damaged'],
  ])('says why it refuses %s', (_, bytes, problem) => {
    expect(inspectImage(bytes)).toEqual({ ok: false, problem })
  })
})
