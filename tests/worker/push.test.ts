// Alerts by Web Push (issue 27, section 3): the key, registering and removing devices with
// every refusal, and alerts sent to a stand-in push service outside workerd
// (tests/support/push-service.ts). The test, not the worker, checks what arrived there: the
// VAPID JWT with jose against the site's public key here, and the aes128gcm body decrypted by
// Mozilla's http_ece in the stand-in (it needs Node's ECDH objects) with keys this test made,
// as a browser makes its own.
import { env } from 'cloudflare:workers'
import { importJWK, jwtVerify } from 'jose'
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import type { PushSubscription } from '../../src/db/push-subscriptions.ts'
import { type Alert, sendAlert } from '../../src/push/send.ts'
import { settings } from '../../src/settings.ts'
import { decodeBase64url, encodeBase64url } from '../../lib/web-push-keys.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, insertUserWithSession, ORIGIN, sql, type TestUser, uniqueIp } from './helpers.ts'
import { browserDevice, PUSH_SERVICE, randomKey, receivedBy, type SubscriptionJson } from './push-devices.ts'
import { fetchWith } from './stand-in.ts'

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length))

/**
 * A device's subscription to the stand-in, with made-up keys: enough for the API, which never
 * uses them. Its push service answers as `answer` says (the stand-in's rules).
 */
function newDevice(answer = 'device'): { json: SubscriptionJson } {
  const point = randomBytes(65)
  point[0] = 4
  return { json: { endpoint: `${PUSH_SERVICE}/${answer}/${crypto.randomUUID()}`, expirationTime: null, keys: { p256dh: encodeBase64url(point), auth: randomKey(16) } } }
}

interface DeviceData {
  id: number
  endpoint: string
  lang: string
  timeZone: string
  quiet: { from: string; to: string; allow: string[] } | null
}

const subscribe = (user: TestUser | null, body: unknown, opts: { lang?: string; settings?: Partial<Env> } = {}) =>
  callApi<DeviceData>('push/subscriptions', { method: 'POST', bearer: user?.token, body, ...opts })

const unsubscribe = (user: TestUser, body: unknown) => callApi<{ endpoint: string }>('push/subscriptions', { method: 'DELETE', bearer: user.token, body })

const rowsFor = (endpoint: string) => sql()<{ user_id: string; lang: string }[]>`select user_id, lang from push_subscriptions where endpoint = ${endpoint}`

describe('the VAPID key', () => {
  it('is handed out in base64url: the 65-byte point browsers subscribe with', async () => {
    const { status, body } = await callApi<{ publicKey: string }>('push/key')
    expect(status).toBe(200)
    expect(body.data!.publicKey).toBe(env.VAPID_PUBLIC_KEY)
    expect(decodeBase64url(body.data!.publicKey)).toHaveLength(65)
  })

  describe('with a wrong setting', () => {
    let errors: MockInstance<typeof console.error>
    beforeEach(() => {
      errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    })
    afterEach(() => errors.mockRestore())

    it.each([
      ['VAPID_SUBJECT', { VAPID_SUBJECT: 'http://hadaf.example/contact' }],
      ['VAPID_SUBJECT', { VAPID_SUBJECT: 'contact@hadaf.example' }],
      ['VAPID_PUBLIC_KEY', { VAPID_PUBLIC_KEY: '' }],
      ['VAPID_PRIVATE_KEY', { VAPID_PRIVATE_KEY: 'c2hvcnQ' }],
    ])('fails with a 500 whose log names %s', async (variable, wrong) => {
      const res = await fetchWith(wrong, '/api/v1/push/key')
      expect(res.status).toBe(500)
      const logged = errors.mock.calls.map((call) => String(call[0])).join('\n')
      expect(logged).toContain(variable)
      expect(logged).not.toContain(settings(env).push.privateKey)
    })

    it('takes an https: subject as well as a mailto: one', async () => {
      const res = await fetchWith({ VAPID_SUBJECT: 'https://hadaf.example/contact' }, '/api/v1/push/key')
      expect(res.status).toBe(200)
    })
  })
})

describe('registering a device', () => {
  let reader: TestUser
  beforeAll(async () => {
    reader = await insertUserWithSession()
  })

  it('needs a signed-in reader', async () => {
    expect((await subscribe(null, { ...newDevice().json, lang: 'ar', timeZone: 'Asia/Riyadh' })).status).toBe(401)
  })

  it('keeps the device with its language, zone and quiet hours: 201, then 200 for the same endpoint', async () => {
    const device = newDevice()
    const first = await subscribe(reader, { ...device.json, lang: 'ar', timeZone: 'asia/riyadh', quiet: { from: '00:00', to: '07:00', allow: ['kickoff', 'kickoff'] } })
    expect(first.status).toBe(201)
    expect(first.body.data).toEqual({ id: expect.any(Number), endpoint: device.json.endpoint, lang: 'ar', timeZone: 'Asia/Riyadh', quiet: { from: '00:00', to: '07:00', allow: ['kickoff'] } })

    const again = await subscribe(reader, { ...device.json, lang: 'en', timeZone: 'Europe/London' })
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ id: first.body.data!.id, lang: 'en', timeZone: 'Europe/London', quiet: null })
    expect(await rowsFor(device.json.endpoint)).toEqual([{ user_id: reader.id, lang: 'en' }])
  })

  it('lets a reader have several devices, and hands a device to whoever registers it next', async () => {
    const [phone, laptop] = [newDevice(), newDevice()]
    expect((await subscribe(reader, { ...phone.json, lang: 'ar', timeZone: 'Africa/Cairo' })).status).toBe(201)
    expect((await subscribe(reader, { ...laptop.json, lang: 'ar', timeZone: 'Africa/Cairo' })).status).toBe(201)
    const [devices] = await sql()<{ count: number }[]>`select count(*)::int as count from push_subscriptions where user_id = ${reader.id}`
    expect(devices!.count).toBeGreaterThanOrEqual(2)

    const other = await insertUserWithSession()
    expect((await subscribe(other, { ...laptop.json, lang: 'en', timeZone: 'UTC' })).status).toBe(200)
    expect(await rowsFor(laptop.json.endpoint)).toEqual([{ user_id: other.id, lang: 'en' }])
  })

  it('takes padded keys and keeps them without padding', async () => {
    const device = newDevice()
    const padded = { ...device.json, keys: { p256dh: `${device.json.keys.p256dh}=`, auth: `${device.json.keys.auth}==` } }
    expect((await subscribe(reader, { ...padded, lang: 'ar', timeZone: 'UTC' })).status).toBe(201)
    const [row] = await sql()<{ p256dh: string; auth: string }[]>`select p256dh, auth from push_subscriptions where endpoint = ${device.json.endpoint}`
    expect(row).toEqual(device.json.keys)
  })

  const good = () => ({ ...newDevice().json, lang: 'ar', timeZone: 'Asia/Riyadh' })
  const point33 = (() => {
    const point = randomBytes(33)
    point[0] = 2
    return encodeBase64url(point)
  })()

  it.each<[string, () => unknown, string]>([
    ['an address that is not http(s)', () => ({ ...good(), endpoint: 'ftp://127.0.0.1/push' }), 'endpoint'],
    ['plain http to another machine, even in development', () => ({ ...good(), endpoint: 'http://push.example/abc' }), 'endpoint'],
    ['credentials in the address', () => ({ ...good(), endpoint: 'https://user:pw@push.example/abc' }), 'endpoint'],
    ['an address too long to be one', () => ({ ...good(), endpoint: `https://push.example/${'a'.repeat(1100)}` }), 'endpoint'],
    ['no keys', () => ({ ...good(), keys: undefined }), 'keys'],
    ['an oversized p256dh', () => ({ ...good(), keys: { ...good().keys, p256dh: 'A'.repeat(5000) } }), 'keys.p256dh'],
    ['a compressed point', () => ({ ...good(), keys: { ...good().keys, p256dh: point33 } }), 'keys.p256dh'],
    ['a p256dh that is not base64url', () => ({ ...good(), keys: { ...good().keys, p256dh: `${'+'.repeat(86)}/` } }), 'keys.p256dh'],
    ['an auth secret of 17 bytes', () => ({ ...good(), keys: { ...good().keys, auth: randomKey(17) } }), 'keys.auth'],
    ['an oversized auth secret', () => ({ ...good(), keys: { ...good().keys, auth: 'A'.repeat(4000) } }), 'keys.auth'],
    ['an unknown language', () => ({ ...good(), lang: 'fr' }), 'lang'],
    ['no language', () => ({ ...good(), lang: undefined }), 'lang'],
    ['a zone Intl does not know', () => ({ ...good(), timeZone: 'Mars/Olympus_Mons' }), 'timeZone'],
    ['a time that is not HH:MM', () => ({ ...good(), quiet: { from: '24:00', to: '07:00' } }), 'quiet'],
    ['quiet hours without an end', () => ({ ...good(), quiet: { from: '23:00' } }), 'quiet'],
    ['an empty window', () => ({ ...good(), quiet: { from: '07:00', to: '07:00' } }), 'quiet'],
    ['an unknown kind let through', () => ({ ...good(), quiet: { from: '00:00', to: '07:00', allow: ['fireworks'] } }), 'quiet'],
  ])('refuses %s with a 422 naming the field', async (_, body, field) => {
    const sent = body() as Record<string, unknown>
    const { status, body: answer } = await subscribe(reader, sent)
    expect(status).toBe(422)
    expect(Object.keys(answer.errors ?? {})).toContain(field)
    if (typeof sent.endpoint === 'string') expect(await rowsFor(sent.endpoint)).toEqual([])
  })

  it('words its refusals in Arabic or English', async () => {
    const ar = await subscribe(reader, { ...good(), lang: 'fr' }, { lang: 'ar' })
    const en = await subscribe(reader, { ...good(), lang: 'fr' }, { lang: 'en' })
    expect(ar.body.errors!.lang).toMatch(/\p{Script=Arabic}/u)
    expect(en.body.errors!.lang).toMatch(/^Please choose the language/)
  })

  it('refuses a body that is not a JSON object, never with a 500', async () => {
    expect((await subscribe(reader, [good()])).status).toBe(422)
    expect((await subscribe(reader, 'endpoint')).status).toBe(422)
    expect((await callApi('push/subscriptions', { bearer: reader.token, rawBody: '{"endpoint":', contentType: 'application/json' })).status).toBe(400)
    expect((await callApi('push/subscriptions', { bearer: reader.token, rawBody: 'endpoint=x', contentType: 'application/x-www-form-urlencoded' })).status).toBe(415)
    // A subscription is a few hundred bytes; 8 KB is refused unread.
    expect((await subscribe(reader, { ...good(), keys: { p256dh: 'A'.repeat(9000), auth: 'A' } })).status).toBe(413)
  })

  it('takes only https: endpoints in production, and localhost ones only in development', async () => {
    const production = { APP_ENV: 'production', SITE_URL: 'https://hadaf.example' }
    const local = await subscribe(reader, good(), { settings: production })
    expect(local.status).toBe(422)
    expect(Object.keys(local.body.errors!)).toEqual(['endpoint'])
    const https = { ...good(), endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}` }
    expect((await subscribe(reader, https, { settings: production })).status).toBe(201)
    expect((await subscribe(reader, { ...good(), endpoint: `http://localhost:8080/push/${crypto.randomUUID()}` })).status).toBe(201)
  })
})

describe('removing a device', () => {
  it('removes the reader\'s own device by its endpoint, and no one else\'s', async () => {
    const [owner, stranger] = [await insertUserWithSession(), await insertUserWithSession()]
    const device = newDevice()
    expect((await subscribe(owner, { ...device.json, lang: 'en', timeZone: 'UTC' })).status).toBe(201)

    expect((await unsubscribe(stranger, { endpoint: device.json.endpoint })).status).toBe(404)
    expect(await rowsFor(device.json.endpoint)).toHaveLength(1)
    expect((await unsubscribe(owner, { endpoint: 'not an address' })).status).toBe(422)

    const removed = await unsubscribe(owner, { endpoint: device.json.endpoint })
    expect(removed.status).toBe(200)
    expect(removed.body.data).toEqual({ endpoint: device.json.endpoint })
    expect(await rowsFor(device.json.endpoint)).toEqual([])
    expect((await unsubscribe(owner, { endpoint: device.json.endpoint })).status).toBe(404)
  })

  it('goes with the account', async () => {
    const reader = await insertUserWithSession()
    const device = newDevice()
    expect((await subscribe(reader, { ...device.json, lang: 'ar', timeZone: 'UTC' })).status).toBe(201)
    await sql()`delete from users where id = ${reader.id}`
    expect(await rowsFor(device.json.endpoint)).toEqual([])
  })
})

describe('the site\'s own route for the page (the session from the cookie)', () => {
  const send = (method: string, lang: string, body: string, headers: Record<string, string>) =>
    fetchPage(`/${lang}/push/subscriptions`, { method, body, headers: { 'cf-connecting-ip': uniqueIp(), ...headers } })

  it('registers and removes a device for the reader whose cookie it carries', async () => {
    const reader = await insertUserWithSession()
    const device = newDevice()
    const json = { 'content-type': 'application/json', origin: ORIGIN, cookie: reader.cookie }
    const made = await send('POST', 'en', JSON.stringify({ ...device.json, lang: 'en', timeZone: 'Europe/London' }), json)
    expect(made.status).toBe(201)
    expect(made.headers.get('cache-control')).toBe('private, no-store')
    expect(((await made.json()) as { data: DeviceData }).data).toMatchObject({ endpoint: device.json.endpoint, lang: 'en' })
    expect(await rowsFor(device.json.endpoint)).toEqual([{ user_id: reader.id, lang: 'en' }])

    const refused = await send('POST', 'ar', JSON.stringify({ ...device.json, lang: 'fr', timeZone: 'UTC' }), json)
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { errors: Record<string, string> }).errors.lang).toMatch(/\p{Script=Arabic}/u)

    expect((await send('DELETE', 'en', JSON.stringify({ endpoint: device.json.endpoint }), json)).status).toBe(200)
    expect(await rowsFor(device.json.endpoint)).toEqual([])
  })

  it('asks a guest to sign in, and takes only JSON, which no other site can send with the cookie', async () => {
    const reader = await insertUserWithSession()
    const body = JSON.stringify({ ...newDevice().json, lang: 'ar', timeZone: 'UTC' })
    expect((await send('POST', 'ar', body, { 'content-type': 'application/json' })).status).toBe(401)
    // A cross-site form: text/plain is what one can send without asking first.
    const forged = await send('POST', 'ar', body, { 'content-type': 'text/plain', origin: 'https://evil.example', cookie: reader.cookie })
    expect(forged.status).toBe(403)
    const sameSiteText = await send('POST', 'ar', body, { 'content-type': 'text/plain', origin: ORIGIN, cookie: reader.cookie })
    expect(sameSiteText.status).toBe(415)
    expect((await send('POST', 'ar', '{', { 'content-type': 'application/json', origin: ORIGIN, cookie: reader.cookie })).status).toBe(400)
  })
})

describe('sending an alert', () => {
  const alert: Alert = {
    kind: 'goal',
    title: 'هدف! \u2068ليفربول\u2069 2–1 \u2068آرسنال\u2069',
    body: '\u2068محمد صلاح\u2069 في الدقيقة 67',
    url: '/ar/matches/123',
    lang: 'ar',
    topic: 'match-123',
    ttl: 600,
    urgency: 'high',
  }

  /** A device registered through the API, as the consumer will read it. */
  async function registered(answer?: string): Promise<{ subscription: PushSubscription }> {
    const reader = await insertUserWithSession()
    const device = await browserDevice(answer)
    const { status, body } = await subscribe(reader, { ...device.json, lang: 'ar', timeZone: 'Asia/Riyadh' })
    expect(status).toBe(201)
    const data = body.data!
    return { subscription: { ...data, lang: 'ar', userId: reader.id, keys: device.json.keys, quiet: null } }
  }

  it('reaches the push service signed for VAPID and encrypted for the device alone', async () => {
    const { subscription } = await registered()
    const vapid = settings(env).push
    expect(await sendAlert(sql(), vapid, subscription, alert)).toEqual({ status: 'sent' })

    const [push, ...more] = await receivedBy(subscription.endpoint)
    expect(more).toEqual([])
    expect(push!.method).toBe('POST')
    expect(push!.headers).toMatchObject({ ttl: '600', topic: 'match-123', urgency: 'high', 'content-encoding': 'aes128gcm' })

    // VAPID (RFC 8292): a JWT signed with the site's key, for this push service's origin.
    const [, token, k] = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(push!.headers.authorization!) ?? []
    expect(k).toBe(env.VAPID_PUBLIC_KEY)
    const point = decodeBase64url(env.VAPID_PUBLIC_KEY)!
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: encodeBase64url(point.subarray(1, 33)), y: encodeBase64url(point.subarray(33)) }, 'ES256')
    const { payload, protectedHeader } = await jwtVerify(token!, key, {
      algorithms: ['ES256'],
      audience: new URL(subscription.endpoint).origin,
      requiredClaims: ['exp', 'sub'],
    })
    expect(protectedHeader.alg).toBe('ES256')
    expect(payload.sub).toBe(env.VAPID_SUBJECT)
    const now = Date.now() / 1000
    expect(payload.exp!).toBeGreaterThan(now)
    expect(payload.exp! - now).toBeLessThanOrEqual(24 * 60 * 60)

    // RFC 8291, opened by http_ece with the device's keys; padded so that every alert is one
    // body of 4,096 bytes, header and record, whatever it says.
    expect(push!.decryptError).toBeUndefined()
    expect(JSON.parse(push!.plaintext!)).toEqual({ kind: 'goal', title: alert.title, body: alert.body, url: alert.url, lang: 'ar', topic: 'match-123' })
    expect(push!.bodyLength).toBe(4096)
  })

  it.each(['gone', 'missing'])('deletes a device its push service calls %s (410, 404)', async (answer) => {
    const { subscription } = await registered(answer)
    expect(await sendAlert(sql(), settings(env).push, subscription, alert)).toEqual({ status: 'gone' })
    expect(await receivedBy(subscription.endpoint)).toHaveLength(1)
    expect(await rowsFor(subscription.endpoint)).toEqual([])
  })

  it('keeps the device and says to retry when the service is busy, or not to when it refuses', async () => {
    const busy = await registered('busy')
    expect(await sendAlert(sql(), settings(env).push, busy.subscription, alert)).toMatchObject({ status: 'retry', httpStatus: 503, retryAfterSeconds: 30 })
    expect(await rowsFor(busy.subscription.endpoint)).toHaveLength(1)

    const refused = await registered('refuse')
    expect(await sendAlert(sql(), settings(env).push, refused.subscription, alert)).toMatchObject({ status: 'refused', httpStatus: 403 })
    expect(await rowsFor(refused.subscription.endpoint)).toHaveLength(1)
  })

  it('says to retry when the push service cannot be reached', async () => {
    const { subscription } = await registered()
    // A port nothing listens on: the stand-in's own, once it is given up.
    const unreachable = { ...subscription, endpoint: 'http://127.0.0.1:9/push' }
    expect(await sendAlert(sql(), settings(env).push, unreachable, alert)).toMatchObject({ status: 'retry' })
  })

  it('refuses to build an alert no push service would take', async () => {
    const { subscription } = await registered()
    await expect(sendAlert(sql(), settings(env).push, subscription, { ...alert, topic: 'match:123' })).rejects.toThrow(/topic/)
    await expect(sendAlert(sql(), settings(env).push, subscription, { ...alert, topic: 'x'.repeat(33) })).rejects.toThrow(/topic/)
    await expect(sendAlert(sql(), settings(env).push, subscription, { ...alert, ttl: 0 })).rejects.toThrow(/TTL/)
    expect(await receivedBy(subscription.endpoint)).toEqual([])
  })
})
