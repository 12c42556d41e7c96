import { describe, expect, it } from 'vitest'
import { exifOrientation } from '../../src/media/exif.ts'
import { stripImageMetadata } from '../../src/media/image.ts'
import {
  CAMERA_MAKE,
  concat,
  exifSegment,
  hex,
  includesBytes,
  jfif,
  jpeg,
  JPEG_IMAGE_SEGMENTS,
  jpegSegment,
  latin1,
  phoneExif,
  PNG_SIGNATURE,
  png,
  pngChunk,
  pngHeader,
  riff,
  SOI,
  tiff,
  vp8x,
  VP8_2X2,
  VP8L_2X2,
  VP8X_EXIF,
  VP8X_ICC,
  VP8X_XMP,
  webpChunk,
  XMP_PACKET,
} from '../support/image-fixtures.ts'

/** The GPS latitude as the fixture's big- and little-endian TIFF store it: 24/1, 42/1, 36/1. */
const LATITUDE = { MM: hex('00000018 00000001 0000002a 00000001 00000024 00000001'), II: hex('18000000 01000000 2a000000 01000000 24000000 01000000') }

const orientationOnly = (orientation: number) => exifSegment(tiff('MM', [{ tag: 0x0112, type: 'short', values: [orientation] }]))
const xmpSegment = jpegSegment(0xe1, concat(latin1('http://ns.adobe.com/xap/1.0/\0'), XMP_PACKET))
const iptcSegment = jpegSegment(0xed, concat(latin1('Photoshop 3.0\0'), latin1('8BIM'), hex('0404 0000 000c'), latin1('\x1c\x02\x50\x00\x08Reporter')))
const comment = jpegSegment(0xfe, latin1('taken at home, 12 Olaya Street'))
const iccSegment = jpegSegment(0xe2, concat(latin1('ICC_PROFILE\0'), hex('0101'), latin1('a colour profile')))
const adobeSegment = jpegSegment(0xee, concat(latin1('Adobe'), hex('0064 0000 0000 01')))

describe('stripping a JPEG', () => {
  it('removes the GPS position, camera, XMP, IPTC and comments of a phone photo and keeps its orientation', () => {
    const photo = jpeg(jfif(), exifSegment(phoneExif('II', 6)), xmpSegment, iptcSegment, comment, iccSegment, adobeSegment)
    expect(includesBytes(photo, LATITUDE.II)).toBe(true)
    const stripped = stripImageMetadata(photo, 'image/jpeg')!
    expect(stripped).toEqual(jpeg(jfif(), orientationOnly(6), iccSegment, adobeSegment))
    expect(includesBytes(stripped, LATITUDE.II)).toBe(false)
    expect(includesBytes(stripped, latin1(CAMERA_MAKE))).toBe(false)
  })

  it('reads the orientation of big-endian EXIF too', () => {
    const photo = jpeg(jfif(), exifSegment(phoneExif('MM', 8)))
    expect(includesBytes(photo, LATITUDE.MM)).toBe(true)
    expect(stripImageMetadata(photo, 'image/jpeg')).toEqual(jpeg(jfif(), orientationOnly(8)))
  })

  it.each([
    ['no orientation', phoneExif('MM')],
    ['orientation 1 (upright)', phoneExif('II', 1)],
    ['an orientation out of range', phoneExif('II', 9)],
    ['an IFD that points past the end', hex('4d4d002a 0000ffff')],
    ['a byte order that is neither II nor MM', hex('4a4a002a 00000008 0000')],
  ])('drops EXIF altogether when it has %s', (_, exif) => {
    expect(stripImageMetadata(jpeg(jfif(), exifSegment(exif)), 'image/jpeg')).toEqual(jpeg(jfif()))
  })

  it('drops the JFIF thumbnail, which can show what a crop cut away', () => {
    expect(stripImageMetadata(jpeg(jfif([0xff, 0x00, 0x00])), 'image/jpeg')).toEqual(jpeg(jfif()))
  })

  it('drops other application segments: MPF, FlashPix, Meta, JFXX', () => {
    const others = [
      jpegSegment(0xe2, concat(latin1('MPF\0'), hex('4d4d002a'))),
      jpegSegment(0xe2, concat(latin1('FPXR\0'), hex('00'))),
      jpegSegment(0xe3, latin1('Meta\0')),
      jpegSegment(0xe0, concat(latin1('JFXX\0'), hex('10'))),
    ]
    expect(stripImageMetadata(jpeg(jfif(), ...others), 'image/jpeg')).toEqual(jpeg(jfif()))
  })

  it('drops what follows EOI, where a polyglot file keeps its second format', () => {
    const polyglot = concat(jpeg(jfif()), latin1('<html><script>alert(document.cookie)</script></html>'))
    expect(stripImageMetadata(polyglot, 'image/jpeg')).toEqual(jpeg(jfif()))
  })

  it('leaves a JPEG without metadata byte for byte', () => {
    expect(stripImageMetadata(jpeg(jfif()), 'image/jpeg')).toEqual(jpeg(jfif()))
    expect(stripImageMetadata(concat(SOI, JPEG_IMAGE_SEGMENTS), 'image/jpeg')).toEqual(concat(SOI, JPEG_IMAGE_SEGMENTS))
  })

  it('copies every scan whole, with stuffed bytes, restart markers and fill bytes, and drops a comment between scans', () => {
    const eoi = JPEG_IMAGE_SEGMENTS.length - 2
    const firstScanAt = JPEG_IMAGE_SEGMENTS.findIndex((byte, at) => byte === 0xff && JPEG_IMAGE_SEGMENTS[at + 1] === 0xda)
    const secondScan = concat(JPEG_IMAGE_SEGMENTS.subarray(firstScanAt, firstScanAt + 10), hex('12ff0034ffd05678ffd1ff009a'), hex('ffff'))
    const beforeEoi = JPEG_IMAGE_SEGMENTS.subarray(0, eoi)
    const progressive = concat(SOI, jfif(), beforeEoi, comment, secondScan, hex('ffd9'))
    expect(stripImageMetadata(progressive, 'image/jpeg')).toEqual(concat(SOI, jfif(), beforeEoi, secondScan, hex('ffd9')))
  })

  it.each([
    ['no EOI', jpeg(jfif()).subarray(0, -2)],
    ['a segment longer than the file', concat(SOI, hex('ffe1 7fff'), latin1('Exif'))],
    ['a segment length under 2', concat(SOI, hex('ffe1 0001'), JPEG_IMAGE_SEGMENTS)],
    ['a scan before any frame', concat(SOI, hex('ffda 0008 01 0100 003f00 1234 ffd9'))],
    ['a byte where a marker belongs', concat(SOI, hex('00'), JPEG_IMAGE_SEGMENTS)],
    ['a second SOI', concat(SOI, SOI, JPEG_IMAGE_SEGMENTS)],
    ['a scan that never ends', concat(SOI, JPEG_IMAGE_SEGMENTS.subarray(0, -2))],
    ['no scan at all', concat(SOI, jfif(), hex('ffd9'))],
  ])('refuses a JPEG with %s', (_, bytes) => {
    expect(stripImageMetadata(bytes, 'image/jpeg')).toBeNull()
  })
})

describe('reading the EXIF orientation', () => {
  it.each([
    ['its first entry that is not a SHORT', tiff('MM', [{ tag: 0x0112, type: 'long', values: [6] }])],
    ['an Orientation entry cut short', hex('4d4d002a 00000008 0002 0112 0003 0000')],
    ['a header cut short', hex('4d4d002a 0000')],
    ['a wrong magic number', hex('4d4d002b 00000008 0000 00000000')],
  ])('answers null for %s', (_, bytes) => {
    expect(exifOrientation(bytes)).toBeNull()
  })

  it('finds Orientation among other fields', () => {
    expect(exifOrientation(phoneExif('II', 5))).toBe(5)
    expect(exifOrientation(phoneExif('MM', 2))).toBe(2)
  })
})

const text = pngChunk('tEXt', latin1('Author\0Salem Al-Harbi'))
const compressedText = pngChunk('zTXt', concat(latin1('Comment\0'), hex('00 789c030000000001')))
const internationalText = pngChunk('iTXt', latin1('Location\0\0\0ar\0\0الرياض'))
const time = pngChunk('tIME', hex('07ea 0b 17 0c 00 00'))
const exifChunk = pngChunk('eXIf', phoneExif('MM', 6))
const privateChunk = pngChunk('prVt', latin1('device id 1234'))
const animation = pngChunk('acTL', hex('00000001 00000000'))
const colour = [
  pngChunk('iCCP', concat(latin1('sRGB\0'), hex('00 789c030000000001'))),
  pngChunk('sRGB', hex('00')),
  pngChunk('gAMA', hex('0000b18f')),
  pngChunk('cHRM', new Uint8Array(32)),
  pngChunk('pHYs', hex('00000b13 00000b13 01')),
  pngChunk('bKGD', hex('0080')),
  pngChunk('tRNS', hex('0000')),
]

describe('stripping a PNG', () => {
  it('drops text, time, EXIF, private and animation chunks before and after the image data, and keeps the colour chunks', () => {
    const image = png({ before: [text, ...colour, exifChunk, time, animation, privateChunk], after: [compressedText, internationalText] })
    expect(includesBytes(image, LATITUDE.MM)).toBe(true)
    expect(stripImageMetadata(image, 'image/png')).toEqual(png({ before: colour }))
  })

  it('drops what follows IEND', () => {
    expect(stripImageMetadata(concat(png(), latin1('PK\x03\x04 a zip archive')), 'image/png')).toEqual(png())
  })

  it('leaves a PNG without metadata byte for byte', () => {
    expect(stripImageMetadata(png({ before: colour }), 'image/png')).toEqual(png({ before: colour }))
  })

  it.each([
    ['an unknown critical chunk, which no decoder can show', png({ before: [pngChunk('ABCD', hex('00'))] })],
    ['no IEND', png().subarray(0, -12)],
    ['a chunk longer than the file', concat(PNG_SIGNATURE, pngHeader(2, 2), hex('7fffffff'), latin1('IDAT'), hex('0000'))],
    ['a chunk length of 2³² − 1', concat(PNG_SIGNATURE, pngHeader(2, 2), hex('ffffffff'), latin1('IDAT'))],
    ['a chunk type that is not four letters', png({ before: [pngChunk('a<b>', hex('00'))] })],
    ['IHDR not first', concat(PNG_SIGNATURE, pngChunk('gAMA', hex('0000b18f')), png().subarray(8))],
    ['an IHDR of the wrong length', concat(PNG_SIGNATURE, pngChunk('IHDR', hex('00000002 00000002 08')), png().subarray(33))],
    ['no IDAT', concat(PNG_SIGNATURE, pngHeader(2, 2), pngChunk('IEND'))],
  ])('refuses a PNG with %s', (_, bytes) => {
    expect(stripImageMetadata(bytes, 'image/png')).toBeNull()
  })
})

const iccChunk = webpChunk('ICCP', latin1('a colour profile'))
const alpha = webpChunk('ALPH', hex('00 ff'))

describe('stripping a WebP', () => {
  it('drops the EXIF and XMP chunks of an extended file, clears their flags and fixes the RIFF size', () => {
    const flags = VP8X_ICC | VP8X_EXIF | VP8X_XMP
    const image = riff(vp8x(flags, 2, 2), iccChunk, VP8L_2X2, webpChunk('EXIF', phoneExif('II', 6)), webpChunk('XMP ', XMP_PACKET))
    expect(includesBytes(image, LATITUDE.II)).toBe(true)
    const stripped = stripImageMetadata(image, 'image/webp')!
    expect(stripped).toEqual(riff(vp8x(VP8X_ICC, 2, 2), iccChunk, VP8L_2X2))
    expect(new DataView(stripped.buffer).getUint32(4, true)).toBe(stripped.length - 8)
  })

  it('keeps alpha and drops chunks it does not know, padding odd sizes as RIFF asks', () => {
    const odd = webpChunk('ABCD', hex('010203'))
    expect(odd).toHaveLength(8 + 4)
    const image = riff(vp8x(0x10, 2, 2), alpha, odd, VP8_2X2)
    expect(stripImageMetadata(image, 'image/webp')).toEqual(riff(vp8x(0x10, 2, 2), alpha, VP8_2X2))
  })

  it('keeps only the image chunk of a simple file, and nothing after the RIFF size', () => {
    const image = concat(riff(VP8_2X2, webpChunk('EXIF', phoneExif('MM', 6))), latin1('<svg onload=alert(1)>'))
    expect(stripImageMetadata(image, 'image/webp')).toEqual(riff(VP8_2X2))
  })

  it('leaves a WebP without metadata byte for byte', () => {
    expect(stripImageMetadata(riff(VP8L_2X2), 'image/webp')).toEqual(riff(VP8L_2X2))
  })

  it.each([
    ['a RIFF size past the end of the file', riff(VP8L_2X2).subarray(0, -1)],
    ['a chunk longer than the RIFF', riff(concat(latin1('VP8L'), hex('ffffff7f'), hex('2f00')))],
    ['a chunk header cut short', riff(VP8L_2X2, latin1('EXI'))],
    ['a first chunk that is not an image', riff(webpChunk('EXIF', phoneExif('MM', 6)), VP8L_2X2)],
    ['a VP8X and no image data', riff(vp8x(VP8X_EXIF, 2, 2), webpChunk('EXIF', phoneExif('MM', 6)))],
  ])('refuses a WebP with %s', (_, bytes) => {
    expect(stripImageMetadata(bytes, 'image/webp')).toBeNull()
  })
})

describe('stripImageMetadata', () => {
  it('returns a new array and leaves the upload as it was', () => {
    const image = riff(vp8x(VP8X_EXIF, 2, 2), VP8L_2X2, webpChunk('EXIF', phoneExif('II', 6)))
    const before = image.slice()
    const stripped = stripImageMetadata(image, 'image/webp')!
    stripped.fill(0)
    expect(image).toEqual(before)
  })

  it.each([
    ['a JPEG', jpeg(jfif()), 'image/png'],
    ['a PNG', png(), 'image/webp'],
    ['a WebP', riff(VP8L_2X2), 'image/jpeg'],
  ] as const)('refuses %s stripped as another format', (_, bytes, type) => {
    expect(stripImageMetadata(bytes, type)).toBeNull()
  })
})
