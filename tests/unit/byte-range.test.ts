import { describe, expect, it } from 'vitest'
import { parseByteRange } from '../../src/media/byte-range.ts'

describe('byte ranges (RFC 9110 §14)', () => {
  it('reads the three forms of one range', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 })
    expect(parseByteRange('bytes=-200', 1000)).toEqual({ start: 800, end: 999 })
  })

  it('cuts a range that runs past the end to the file', () => {
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
  })

  it('calls a range that starts past the end, or asks for no bytes, unsatisfiable', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=2000-3000', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=-10', 0)).toBe('unsatisfiable')
  })

  it('ignores what it may ignore: no header, other units, several ranges, nonsense', () => {
    for (const header of [null, undefined, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=-', 'bytes=9-2', 'bytes=a-b', 'bytes=1.5-2']) {
      expect(parseByteRange(header, 1000), String(header)).toBeNull()
    }
  })
})
