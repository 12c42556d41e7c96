// HMAC-SHA-256 through Web Crypto (workerd has no other): the captcha's signatures and the
// secrets derived from its one key.

const encoder = new TextEncoder()

/** HMAC-SHA-256 of `data` under `key`, as lowercase hex. */
export async function hmacHex(key: string, data: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(data)))
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Compares two strings without stopping at the first difference (no timing oracle). */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}
