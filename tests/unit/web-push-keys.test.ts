import { describe, expect, it } from 'vitest'
import { decodeBase64url, encodeBase64url, isBase64urlOf, isP256Point } from '../../lib/web-push-keys.ts'

describe('Web Push keys as base64url', () => {
  it('reads what it writes, with or without padding, and refuses other alphabets', () => {
    const bytes = Uint8Array.from({ length: 17 }, (_, i) => i * 15)
    const text = encodeBase64url(bytes)
    expect(text).not.toMatch(/[+/=]/)
    expect(decodeBase64url(text)).toEqual(bytes)
    expect(decodeBase64url(`${text}==`)).toEqual(bytes)
    expect(decodeBase64url('ab+/')).toBeNull()
    expect(decodeBase64url('abcde')).toBeNull()
    expect(decodeBase64url('ab cd')).toBeNull()
  })

  it('knows a P-256 point by its length and its 0x04 prefix', () => {
    const point = new Uint8Array(65).fill(7)
    point[0] = 4
    expect(isP256Point(encodeBase64url(point))).toBe(true)
    expect(isP256Point(encodeBase64url(point.subarray(0, 33)))).toBe(false)
    point[0] = 2
    expect(isP256Point(encodeBase64url(point))).toBe(false)
    expect(isBase64urlOf(16, encodeBase64url(new Uint8Array(16)))).toBe(true)
    expect(isBase64urlOf(16, encodeBase64url(new Uint8Array(17)))).toBe(false)
  })
})
