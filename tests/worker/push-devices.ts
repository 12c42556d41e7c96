// Devices on the stand-in push service (tests/support/push-service.ts), shared by the push and
// alert tests: made as a browser makes them, and what the stand-in received for each.
import { expect, inject } from 'vitest'
import { encodeBase64url } from '../../lib/web-push-keys.ts'
import type { DeviceSecrets, ReceivedPush } from '../support/push-report.ts'

export const PUSH_SERVICE = inject('pushServiceUrl')

/** A subscription as PushSubscription.toJSON() gives it. */
export interface SubscriptionJson {
  endpoint: string
  expirationTime: null
  keys: { p256dh: string; auth: string }
}

export const randomKey = (length: number) => encodeBase64url(crypto.getRandomValues(new Uint8Array(length)))

/**
 * A device as a browser makes one: its own P-256 pair and auth secret, whose private half the
 * stand-in is told (and the worker never is), so that it can open what arrives. Its push
 * service answers as `answer` says (the stand-in's rules).
 */
export async function browserDevice(answer = 'device'): Promise<{ json: SubscriptionJson }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
  const p256dh = encodeBase64url(new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer))
  const { d } = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey
  const json = { endpoint: `${PUSH_SERVICE}/${answer}/${crypto.randomUUID()}`, expirationTime: null, keys: { p256dh, auth: randomKey(16) } }
  const secrets: DeviceSecrets = { path: new URL(json.endpoint).pathname, privateKey: d!, auth: json.keys.auth }
  const res = await fetch(`${PUSH_SERVICE}/_devices`, { method: 'POST', body: JSON.stringify(secrets) })
  expect(res.status).toBe(204)
  return { json }
}

/** What the stand-in received for the device, oldest first, opened with its keys. */
export async function receivedBy(endpoint: string): Promise<ReceivedPush[]> {
  const res = await fetch(`${PUSH_SERVICE}/_received?path=${encodeURIComponent(new URL(endpoint).pathname)}`)
  return res.json()
}
