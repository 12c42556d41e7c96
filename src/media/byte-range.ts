// Byte ranges (RFC 9110 §14) for the audio and video the site serves: a browser's player
// seeks by asking for the bytes at a time, and without an answer in kind it cannot seek
// at all (Chromium snaps back to the start; Safari will not even play).

/** The first and last byte asked for, both included. */
export interface ByteRange {
  start: number
  end: number
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/

/**
 * The part of a `size`-byte file a Range header asks for; null when the whole file is the
 * answer (no header, another unit, several ranges, or a header that does not parse, all of
 * which the RFC lets a server ignore); 'unsatisfiable' when the range lies past the end.
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '') {
    // "bytes=-500": the last 500 bytes.
    if (last === '') return null
    const length = Number(last)
    if (length === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}
