// One alert to one device through its push service (issue 27, section 3; decision 131). The
// body is encrypted by @block65/webcrypto-web-push on WebCrypto, as aes128gcm (RFC 8291) padded
// to one 4,096-byte record, so its length says nothing of the alert. The VAPID signature
// (RFC 8292) is jose's: the library's own refuses every endpoint that is not https, and the
// tests' stand-in push service listens on plain http on this machine. The outcome tells the
// caller (the alert queue's consumer) what to do next: nothing, retry later, or give up; a
// device the push service calls gone is deleted here.
import { encryptNotification } from '@block65/webcrypto-web-push'
import { importJWK, SignJWT } from 'jose'
import type postgres from 'postgres'
import type { AlertKind } from '../../lib/alert-kinds.ts'
import type { Locale } from '../../lib/locales.ts'
import { decodeBase64url, encodeBase64url } from '../../lib/web-push-keys.ts'
import { forgetPushSubscription, type PushSubscription } from '../db/push-subscriptions.ts'
import type { PushSettings } from '../settings.ts'

export interface Alert {
  kind: AlertKind
  /** Written in the device's language, names already isolated for bidi. */
  title: string
  body: string
  /** The page the notification opens, on this site. */
  url: string
  lang: Locale
  /**
   * Replaces an undelivered alert with the same topic (one per match): at most 32 characters
   * of the base64url alphabet (RFC 8030 §5.4).
   */
  topic: string
  /** Seconds the push service keeps the alert for an offline device; at least 1. */
  ttl: number
  /** How soon a device should wake for it: high for goals (RFC 8030 §5.3). */
  urgency: 'low' | 'normal' | 'high'
}

/** What the device is sent: the service worker (public/sw.js) shows it, tagged by the topic so a newer alert of a match replaces the one on screen. */
export type AlertData = Pick<Alert, 'kind' | 'title' | 'body' | 'url' | 'lang' | 'topic'>

export type SendOutcome =
  | { status: 'sent' }
  /** The push service no longer knows the device (404 or 410): it has been deleted. */
  | { status: 'gone' }
  /** Worth another try later: the service was busy, down, slow or unreachable. */
  | { status: 'retry'; httpStatus?: number; retryAfterSeconds?: number; reason: string }
  /** The push service refused this request as made (a bad key, too large): a retry would fare the same. */
  | { status: 'refused'; httpStatus: number; reason: string }

const TOPIC = /^[A-Za-z0-9_-]{1,32}$/
/** A push service that has not answered by then is down for this alert: it goes back to the queue. */
const SEND_TIMEOUT_MS = 10_000

/** Throws on an alert no push service would take: a programming error in whoever made it. */
function checkAlert(alert: Alert): void {
  if (!TOPIC.test(alert.topic)) throw new TypeError(`push topic "${alert.topic}" must be 1 to 32 characters of A-Z, a-z, 0-9, - and _`)
  if (!Number.isInteger(alert.ttl) || alert.ttl < 1) throw new TypeError(`push TTL ${alert.ttl} must be a whole number of seconds, at least 1`)
}

/** Retry-After in seconds, when the push service sent one as a number. */
function retryAfter(res: Response): number | undefined {
  const value = Number(res.headers.get('retry-after'))
  return Number.isFinite(value) && value > 0 ? value : undefined
}

/** How long a VAPID signature holds: push services refuse more than 24 hours. */
const VAPID_LIFETIME_SECONDS = 12 * 60 * 60

/** The VAPID private key as WebCrypto takes it: its point (the public key) and scalar as a JWK. */
async function signingKey(vapid: PushSettings): Promise<CryptoKey> {
  const point = decodeBase64url(vapid.publicKey)!
  const jwk = { kty: 'EC', crv: 'P-256', x: encodeBase64url(point.subarray(1, 33)), y: encodeBase64url(point.subarray(33)), d: vapid.privateKey }
  return (await importJWK(jwk, 'ES256')) as CryptoKey
}

/**
 * Signed VAPID headers by key and push service origin. One signature serves every push to that
 * service for half its lifetime: a goal to thousands of devices on one push service signs once
 * per isolate, not once per device.
 */
const signedHeaders = new Map<string, { header: string; renewAt: number }>()

/** RFC 8292 §3: `vapid t=<JWT for the push service's origin>, k=<public key>`. */
async function vapidAuthorization(vapid: PushSettings, endpoint: string): Promise<string> {
  const audience = new URL(endpoint).origin
  const key = `${vapid.publicKey} ${vapid.subject} ${audience}`
  const now = Math.floor(Date.now() / 1000)
  const kept = signedHeaders.get(key)
  if (kept && kept.renewAt > now) return kept.header
  const token = await new SignJWT({ sub: vapid.subject })
    .setProtectedHeader({ typ: 'JWT', alg: 'ES256' })
    .setAudience(audience)
    .setExpirationTime(now + VAPID_LIFETIME_SECONDS)
    .sign(await signingKey(vapid))
  const header = `vapid t=${token}, k=${vapid.publicKey}`
  signedHeaders.set(key, { header, renewAt: now + VAPID_LIFETIME_SECONDS / 2 })
  return header
}

export async function sendAlert(sql: postgres.ISql, vapid: PushSettings, device: PushSubscription, alert: Alert): Promise<SendOutcome> {
  checkAlert(alert)
  const data: AlertData = { kind: alert.kind, title: alert.title, body: alert.body, url: alert.url, lang: alert.lang, topic: alert.topic }
  const body = await encryptNotification({ endpoint: device.endpoint, expirationTime: null, keys: device.keys }, new TextEncoder().encode(JSON.stringify(data)))
  // RFC 8030 §5: TTL, Urgency and Topic; RFC 8188: the body's encoding.
  const headers = {
    authorization: await vapidAuthorization(vapid, device.endpoint),
    ttl: String(alert.ttl),
    urgency: alert.urgency,
    topic: alert.topic,
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
  }
  let res: Response
  try {
    res = await fetch(device.endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) })
  } catch (error) {
    return { status: 'retry', reason: error instanceof Error ? error.message : String(error) }
  }
  // Only the status matters; the body is the service's prose.
  await res.body?.cancel()
  if (res.ok) return { status: 'sent' }
  if (res.status === 404 || res.status === 410) {
    await forgetPushSubscription(sql, device.id)
    return { status: 'gone' }
  }
  if (res.status === 429 || res.status >= 500) return { status: 'retry', httpStatus: res.status, retryAfterSeconds: retryAfter(res), reason: res.statusText }
  return { status: 'refused', httpStatus: res.status, reason: res.statusText }
}
