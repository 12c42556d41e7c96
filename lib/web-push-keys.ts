// The keys of Web Push as they travel: base64url text (RFC 4648 §5, padding optional), as the
// browser's PushSubscription.toJSON() writes a device's keys and as VAPID keys are kept. One
// reading serves the worker's settings (its own VAPID pair) and the subscriptions it accepts.
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/

/** The bytes `text` stands for, or null when it is not base64url. */
export function decodeBase64url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text)) return null
  const bare = text.replace(/=+$/, '')
  if (bare.length % 4 === 1) return null
  const binary = atob(bare.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(bare.length / 4) * 4, '='))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** Bytes as base64url without padding, as browsers and the VAPID header write them. */
export function encodeBase64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** An uncompressed P-256 point (SEC 1: 0x04, x, y) is 65 bytes: a device's p256dh and a VAPID public key. */
export const P256_POINT_BYTES = 65
/** A device's auth secret (RFC 8291 §3.2). */
export const AUTH_SECRET_BYTES = 16
/** A VAPID private key: the P-256 scalar, JWK `d`. */
export const P256_SCALAR_BYTES = 32

/** `text` is the base64url of an uncompressed P-256 point. */
export function isP256Point(text: string): boolean {
  const bytes = decodeBase64url(text)
  return bytes?.length === P256_POINT_BYTES && bytes[0] === 0x04
}

/** `text` is the base64url of exactly `length` bytes. */
export function isBase64urlOf(length: number, text: string): boolean {
  return decodeBase64url(text)?.length === length
}
