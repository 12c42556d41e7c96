// Local runs' own VAPID pair (issue 27, decision 131): made once with WebCrypto and kept in the
// local state directory beside the database, so a browser that subscribed on `npm start`
// keeps receiving after a restart; production's pair is the operator's (README, Alerts by Web
// Push). The tests make a fresh pair each run with vapidKeyPair().
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { encodeBase64url, isBase64urlOf, isP256Point, P256_SCALAR_BYTES } from '../../lib/web-push-keys.ts'

export interface VapidKeyPair {
  /** base64url of the uncompressed P-256 point: VAPID_PUBLIC_KEY. */
  publicKey: string
  /** base64url of the P-256 scalar (JWK `d`): VAPID_PRIVATE_KEY. */
  privateKey: string
}

/** A new P-256 pair in the form the settings read (the README's recipe, in code). */
export async function vapidKeyPair(): Promise<VapidKeyPair> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])
  const publicKey = encodeBase64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)))
  const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey)
  return { publicKey, privateKey: d! }
}

const isPair = (value: unknown): value is VapidKeyPair =>
  typeof value === 'object' && value !== null && 'publicKey' in value && 'privateKey' in value &&
  typeof value.publicKey === 'string' && isP256Point(value.publicKey) &&
  typeof value.privateKey === 'string' && isBase64urlOf(P256_SCALAR_BYTES, value.privateKey)

/** The pair kept in `stateDir` (vapid-keys.json), made and kept there the first time. */
export async function localVapidKeys(stateDir: string): Promise<VapidKeyPair> {
  const file = join(stateDir, 'vapid-keys.json')
  if (existsSync(file)) {
    const kept: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (isPair(kept)) return kept
  }
  const pair = await vapidKeyPair()
  mkdirSync(stateDir, { recursive: true })
  writeFileSync(file, `${JSON.stringify(pair, null, 2)}\n`, { mode: 0o600 })
  return pair
}
