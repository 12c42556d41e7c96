import { describe, expect, it } from 'vitest'
import { generateSessionToken, hashSessionToken, isWellFormedSessionToken } from '../../src/auth/session-token.ts'

describe('session tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateSessionToken))
    expect(tokens.size).toBe(1000)
    for (const token of tokens) expect(isWellFormedSessionToken(token)).toBe(true)
    const bytes = Buffer.from([...tokens][0]!, 'base64url')
    expect(bytes).toHaveLength(32)
  })

  it('hash to the SHA-256 of the token', async () => {
    const digest = await hashSessionToken('abc')
    expect(Buffer.from(digest).toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it.each([undefined, '', 'short', `${'a'.repeat(42)}=`, `${'a'.repeat(44)}`, `${'a'.repeat(42)}+`])('rejects %j as malformed', (value) => {
    expect(isWellFormedSessionToken(value)).toBe(false)
  })
})
