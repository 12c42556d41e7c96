// Session tokens: 256 random bits from the CSPRNG, handed to the browser once, and kept
// in the database only as their SHA-256 hash (security.md, Secrets and sessions).
const TOKEN_BYTES = 32

export function generateSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES))
  return base64url(bytes)
}

export async function hashSessionToken(token: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))
}

/** A well-formed token is exactly 43 base64url characters; anything else is not looked up. */
export function isWellFormedSessionToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
}

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
