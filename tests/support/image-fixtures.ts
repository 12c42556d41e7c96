// Tiny images built byte by byte, with the metadata the stripping tests look for. Plain
// Uint8Array code, so the worker tests can use them inside workerd too.
import { concatBytes } from '../../src/media/bytes.ts'

export function hex(text: string): Uint8Array {
  const digits = text.replace(/\s+/g, '')
  return Uint8Array.from({ length: digits.length / 2 }, (_, i) => parseInt(digits.slice(2 * i, 2 * i + 2), 16))
}

export const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0))

export const concat = (...parts: Uint8Array[]) => concatBytes(parts)

/** Whether `needle` occurs anywhere in `haystack`. */
export function includesBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let at = 0; at + needle.length <= haystack.length; at += 1) {
    for (let i = 0; i < needle.length; i += 1) if (haystack[at + i] !== needle[i]) continue outer
    return true
  }
  return false
}

const u16be = (value: number) => new Uint8Array([value >>> 8, value & 0xff])
const u32be = (value: number) => new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff])
const u32le = (value: number) => u32be(value).reverse()

// ---- PNG -------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

export function pngChunk(type: string, data: Uint8Array = new Uint8Array()): Uint8Array {
  const body = concat(latin1(type), data)
  return concat(u32be(data.length), body, u32be(crc32(body)))
}

/** A zlib stream of one stored (uncompressed) deflate block. */
function zlibStored(data: Uint8Array): Uint8Array {
  let a = 1
  let b = 0
  for (const byte of data) {
    a = (a + byte) % 65521
    b = (b + a) % 65521
  }
  const length = new Uint8Array([data.length & 0xff, data.length >>> 8])
  const complement = new Uint8Array([~data.length & 0xff, (~data.length >>> 8) & 0xff])
  return concat(new Uint8Array([0x78, 0x01, 0x01]), length, complement, data, u32be(((b << 16) | a) >>> 0))
}

export const PNG_SIGNATURE = hex('89504e470d0a1a0a')

export function pngHeader(width: number, height: number): Uint8Array {
  // 8-bit greyscale, deflate, adaptive filtering, no interlace.
  return pngChunk('IHDR', concat(u32be(width), u32be(height), new Uint8Array([8, 0, 0, 0, 0])))
}

/**
 * A greyscale PNG of width × height (each row: filter byte 0, then a grey ramp), with
 * the chunks of `before` between IHDR and IDAT and those of `after` between IDAT and IEND.
 */
export function png({ width = 2, height = 2, before = [] as Uint8Array[], after = [] as Uint8Array[] } = {}): Uint8Array {
  return concat(PNG_SIGNATURE, pngHeader(width, height), ...before, pngChunk('IDAT', zlibStored(greyRows(width, height))), ...after, pngChunk('IEND'))
}

/** `rows` rows of a greyscale image `width` pixels wide, as IDAT compresses them: filter byte 0, then a grey ramp. */
function greyRows(width: number, rows: number): Uint8Array {
  const row = Uint8Array.from({ length: width + 1 }, (_, i) => (i === 0 ? 0 : (i * 97) & 0xff))
  return concat(...Array.from({ length: rows }, () => row))
}

// ---- EXIF (a TIFF structure) -------------------------------------------------------------

interface Field {
  tag: number
  type: 'ascii' | 'short' | 'long' | 'rational'
  values: readonly number[] | string
}

const TYPE_CODES = { ascii: 2, short: 3, long: 4, rational: 5 } as const

/**
 * A TIFF structure with IFD0 and, when `gps` is given, a GPS IFD that IFD0 points to
 * (tag 0x8825), in either byte order; values over four bytes go after the IFDs.
 */
export function tiff(order: 'II' | 'MM', ifd0: Field[], gps: Field[] = []): Uint8Array {
  const little = order === 'II'
  const u16 = (value: number) => (little ? u16be(value).reverse() : u16be(value))
  const u32 = (value: number) => (little ? u32be(value).reverse() : u32be(value))
  const encode = (field: Field) =>
    typeof field.values === 'string'
      ? latin1(`${field.values}\0`)
      : concat(...field.values.map((value) => (field.type === 'short' ? u16(value) : field.type === 'long' ? u32(value) : concat(u32(value), u32(1)))))
  const count = (field: Field) => (typeof field.values === 'string' ? field.values.length + 1 : field.values.length)
  const ifdSize = (fields: Field[]) => 2 + 12 * fields.length + 4

  const gpsOffset = 8 + ifdSize(ifd0) + (gps.length ? 12 : 0)
  const first = gps.length ? [...ifd0, { tag: 0x8825, type: 'long' as const, values: [gpsOffset] }] : ifd0
  let dataOffset = gpsOffset + (gps.length ? ifdSize(gps) : 0)
  const data: Uint8Array[] = []
  const ifd = (fields: Field[]) =>
    concat(
      u16(fields.length),
      ...fields.map((field) => {
        let value = encode(field)
        if (value.length > 4) {
          data.push(value)
          const offset = dataOffset
          dataOffset += value.length
          value = u32(offset)
        }
        return concat(u16(field.tag), u16(TYPE_CODES[field.type]), u32(count(field)), value, new Uint8Array(4 - value.length))
      }),
      u32(0),
    )
  const ifds = concat(ifd(first), gps.length ? ifd(gps) : new Uint8Array())
  return concat(latin1(order), u16(42), u32(8), ifds, ...data)
}

export const CAMERA_MAKE = 'HadafCam'
/** Where the photo was taken: 24° 42′ 36″ N, 46° 40′ 31″ E. */
export const GPS_FIELDS: Field[] = [
  { tag: 0x0001, type: 'ascii', values: 'N' },
  { tag: 0x0002, type: 'rational', values: [24, 42, 36] },
  { tag: 0x0003, type: 'ascii', values: 'E' },
  { tag: 0x0004, type: 'rational', values: [46, 40, 31] },
]

/** A phone's EXIF: camera make, Orientation (when given) and the GPS position. */
export function phoneExif(order: 'II' | 'MM', orientation?: number): Uint8Array {
  const fields: Field[] = [{ tag: 0x010f, type: 'ascii', values: CAMERA_MAKE }]
  if (orientation !== undefined) fields.push({ tag: 0x0112, type: 'short', values: [orientation] })
  return tiff(order, fields, GPS_FIELDS)
}

// ---- JPEG --------------------------------------------------------------------------------

export function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  return concat(new Uint8Array([0xff, marker]), u16be(payload.length + 2), payload)
}

export const SOI = hex('ffd8')

/** JFIF 1.01, 1:1 pixel aspect; with a 1 × 1 RGB thumbnail when `thumbnail` is given. */
export function jfif(thumbnail?: [number, number, number]): Uint8Array {
  const fields = concat(latin1('JFIF\0'), hex('0101 00 0001 0001'))
  return jpegSegment(0xe0, thumbnail ? concat(fields, hex('0101'), new Uint8Array(thumbnail)) : concat(fields, hex('0000')))
}

/**
 * A 2 × 2 greyscale baseline JPEG (libjpeg-turbo's cjpeg -optimize) from its DQT to its
 * EOI: quantisation table, frame, Huffman tables, one scan.
 */
export const JPEG_IMAGE_SEGMENTS = hex(`
  ffdb0043 00 100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d3c393338374048
  5c4e404457453738506d51575f626768673e4d71797064785c656763
  ffc0000b 08 0002 0002 01 011100
  ffc40014 00 0100000000000000000000000000000005
  ffc4001b 10 000300020300000000000000000000000102030511000441
  ffda0008 01 0100 003f00 3326ed1ca76e516339a59d5110e8280c7400f073
  ffd9`)

/** JPEG_IMAGE_SEGMENTS cut at its frame and at its scan's coded data, to build damaged JPEGs from. */
const JPEG_PARTS = (() => {
  const at = (marker: number) => JPEG_IMAGE_SEGMENTS.findIndex((byte, i) => byte === 0xff && JPEG_IMAGE_SEGMENTS[i + 1] === marker)
  const frame = at(0xc0)
  const huffman = at(0xc4)
  const coded = at(0xda) + 10
  return {
    tables: JPEG_IMAGE_SEGMENTS.subarray(0, frame),
    huffman: JPEG_IMAGE_SEGMENTS.subarray(huffman, coded),
    coded: JPEG_IMAGE_SEGMENTS.subarray(coded, -2),
  }
})()

/** A baseline frame header (SOF0) of one 8-bit greyscale component: what the 2 × 2 image's frame says, at another size. */
export const jpegFrame = (width: number, height: number) => jpegSegment(0xc0, concat(new Uint8Array([8]), u16be(height), u16be(width), hex('01 011100')))

/** SOI, then `metadata` segments, then the image. */
export function jpeg(...metadata: Uint8Array[]): Uint8Array {
  return concat(SOI, ...metadata, JPEG_IMAGE_SEGMENTS)
}

export const exifSegment = (tiffBytes: Uint8Array) => jpegSegment(0xe1, concat(latin1('Exif\0\0'), tiffBytes))

// ---- WebP --------------------------------------------------------------------------------

export function webpChunk(fourcc: string, data: Uint8Array): Uint8Array {
  return concat(latin1(fourcc), u32le(data.length), data, new Uint8Array(data.length % 2))
}

export function riff(...chunks: Uint8Array[]): Uint8Array {
  const body = concat(...chunks)
  return concat(latin1('RIFF'), u32le(body.length + 4), latin1('WEBP'), body)
}

/** cwebp -lossless of a 2 × 2 image: its VP8L chunk. */
export const VP8L_2X2 = webpChunk('VP8L', hex('2f014000000750c04214beff8188e87f00'))
/** cwebp -q 10 of a 2 × 2 image: its VP8 chunk. */
export const VP8_2X2 = webpChunk('VP8 ', hex('9001009d012a0200020007409625a00274ba00039800fecbb7fb5304919007f426c965178000'))

export const VP8X_ICC = 0x20
export const VP8X_EXIF = 0x08
export const VP8X_XMP = 0x04

/** A VP8X chunk: flags and a canvas of width × height. */
export function vp8x(flags: number, width: number, height: number): Uint8Array {
  const canvas = (value: number) => new Uint8Array([(value - 1) & 0xff, ((value - 1) >>> 8) & 0xff, ((value - 1) >>> 16) & 0xff])
  return webpChunk('VP8X', concat(new Uint8Array([flags, 0, 0, 0]), canvas(width), canvas(height)))
}

export const XMP_PACKET = latin1('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description xmp:CreatorTool="HadafCam"/></x:xmpmeta>')

// ---- Images that pass every header check but do not decode --------------------------------
// What a security probe sent (issue 24): each has a signature, a size in bounds and a
// structure that reads, and no decoder can draw it.

/** Bytes with no 0xFF in them (which would end a JPEG scan) and no pattern a decoder could follow. */
function noise(length: number): Uint8Array {
  let state = 0x9e3779b9
  return Uint8Array.from({ length }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return (state >>> 16) % 0xff
  })
}

export const UNDECODABLE_IMAGES: [string, Uint8Array][] = [
  ['a PNG whose IDAT is not zlib data', concat(PNG_SIGNATURE, pngHeader(16, 16), pngChunk('IDAT', latin1('this is not zlib data at all')), pngChunk('IEND'))],
  ['a PNG with too little IDAT for its size', concat(PNG_SIGNATURE, pngHeader(64, 64), pngChunk('IDAT', zlibStored(greyRows(64, 2))), pngChunk('IEND'))],
  ['a JPEG with a second frame of 60000 × 60000', concat(SOI, JPEG_PARTS.tables, jpegFrame(2, 2), jpegFrame(60000, 60000), JPEG_PARTS.huffman, JPEG_PARTS.coded, hex('ffd9'))],
  ['a JPEG whose frame claims 4096 × 4096 over the data of 2 × 2', concat(SOI, JPEG_PARTS.tables, jpegFrame(4096, 4096), JPEG_PARTS.huffman, JPEG_PARTS.coded, hex('ffd9'))],
  ['a JPEG whose scan is noise', concat(SOI, JPEG_PARTS.tables, jpegFrame(64, 64), JPEG_PARTS.huffman, noise(600), hex('ffd9'))],
  ['a WebP whose canvas is larger than its lossy frame', riff(vp8x(0, 640, 480), VP8_2X2)],
  ['a WebP whose canvas is smaller than its lossless frame', riff(vp8x(0, 1, 1), VP8L_2X2)],
]
