// Alerts by Web Push (issue 27, section 3; decisions 131 and 132): the VAPID public key a
// browser subscribes with, and the signed-in reader's devices. A device is registered with
// the browser's PushSubscription.toJSON() plus the language its alerts are written in, its
// time zone and, when set, its quiet hours; registering the same endpoint again updates it.
// Like the rest of the API, these calls authenticate by bearer token only, never by a cookie,
// so a forged cross-site request carries nothing to act with (src/app.tsx, originCheck).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { ALERT_KINDS } from '../../lib/alert-kinds.ts'
import { LOCALES } from '../../lib/locales.ts'
import { CLOCK_TIME, isTimeZone } from '../../lib/quiet-hours.ts'
import { AUTH_SECRET_BYTES, decodeBase64url, encodeBase64url, isBase64urlOf, isP256Point } from '../../lib/web-push-keys.ts'
import { type PushSubscription, removePushSubscription, savePushSubscription } from '../db/push-subscriptions.ts'
import { ApiError, invalidFields, ok } from '../http/envelope.ts'
import { settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'
import { caller, sessionRequired } from './guards.ts'
import { jsonBody, jsonLimitOf } from './input.ts'

export const pushApi = new Hono<AppEnv>()

/** Push services' endpoints run to a few hundred characters; the table holds up to this. */
const MAX_ENDPOINT_LENGTH = 1024
/** Longer than any base64url of a P-256 point, padded: anything longer is not one, and is not decoded. */
const MAX_KEY_LENGTH = 100
/** IANA's longest zone names are some 30 characters. */
const MAX_TIME_ZONE_LENGTH = 64

const PROBLEMS = {
  endpoint: msg`Please give the push service's address for this device, starting with https://.`,
  keys: msg`Please send the subscription's keys, p256dh and auth.`,
  'keys.p256dh': msg`The device's p256dh key must be a P-256 public key of 65 bytes, in base64url.`,
  'keys.auth': msg`The device's auth secret must be 16 bytes, in base64url.`,
  lang: msg`Please choose the language of the alerts: ar or en.`,
  timeZone: msg`Please give the device's time zone by its IANA name, such as Asia/Riyadh.`,
  quiet: msg`Quiet hours need a start and an end that differ, each as HH:MM, and only known alert kinds to allow.`,
} satisfies Record<string, MessageDescriptor>

type Field = keyof typeof PROBLEMS

/** The field an issue is about, as PROBLEMS names it: the nested key itself, else its top-level field. */
function fieldOf(issue: v.BaseIssue<unknown>): Field | undefined {
  const path = v.getDotPath(issue)
  if (path !== null && path in PROBLEMS) return path as Field
  const top = issue.path?.[0]?.key
  return typeof top === 'string' && top in PROBLEMS ? (top as Field) : undefined
}

/** A 422 naming each bad field in the request's language, with words that say what it needs. */
function refusePush(result: v.SafeParseResult<v.GenericSchema>, c: Context<AppEnv>): void {
  if (result.success) return
  const fields = new Set(result.issues.map(fieldOf).filter((field) => field !== undefined))
  if (fields.size === 0) fields.add('endpoint')
  throw invalidFields(Object.fromEntries([...fields].map((field) => [field, c.var.i18n._(PROBLEMS[field])])))
}

/**
 * Where a push may go: an https address (security.md), without credentials in it. Local
 * development and the tests also take plain http on this machine, where a stand-in push
 * service listens.
 */
function isPushEndpoint(endpoint: string, development: boolean): boolean {
  const url = URL.parse(endpoint)
  if (!url || url.username !== '' || url.password !== '') return false
  if (url.protocol === 'https:') return true
  return development && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')
}

/** A key as the table keeps it: base64url without padding, however the browser padded it. */
function keyOf(length: number | 'point') {
  return v.pipe(
    v.string(),
    v.maxLength(MAX_KEY_LENGTH),
    v.check((key) => (length === 'point' ? isP256Point(key) : isBase64urlOf(length, key))),
    v.transform((key) => encodeBase64url(decodeBase64url(key)!)),
  )
}

const Endpoint = (development: boolean) =>
  v.pipe(
    v.string(),
    v.maxLength(MAX_ENDPOINT_LENGTH),
    v.check((endpoint) => isPushEndpoint(endpoint, development)),
  )

const ClockTime = v.pipe(v.string(), v.regex(CLOCK_TIME))

const DeviceInput = (development: boolean) =>
  v.object({
    endpoint: Endpoint(development),
    keys: v.object({ p256dh: keyOf('point'), auth: keyOf(AUTH_SECRET_BYTES) }),
    lang: v.picklist(LOCALES),
    timeZone: v.pipe(
      v.string(),
      v.maxLength(MAX_TIME_ZONE_LENGTH),
      v.check(isTimeZone),
      // The zone's own spelling, so "asia/riyadh" is kept as Asia/Riyadh.
      v.transform((timeZone) => new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone),
    ),
    quiet: v.optional(
      v.nullable(
        v.pipe(
          v.object({ from: ClockTime, to: ClockTime, allow: v.optional(v.array(v.picklist(ALERT_KINDS)), []) }),
          v.check(({ from, to }) => from !== to),
          v.transform(({ from, to, allow }) => ({ from, to, allow: [...new Set(allow)] })),
        ),
      ),
      null,
    ),
  })

/** What the device looks like after a call: the keys stay with the server. */
function deviceData({ id, endpoint, lang, timeZone, quiet }: PushSubscription) {
  return { id, endpoint, lang, timeZone, quiet }
}

// A subscription is a few hundred bytes; nothing needs the API's 64 KB.
const pushLimit = jsonLimitOf(8 * 1024)

pushApi.get('/key', (c) => ok(c, msg`OK`, { publicKey: settings(c.env).push.publicKey }))

pushApi.post(
  '/subscriptions',
  pushLimit,
  sessionRequired,
  jsonBody((env) => DeviceInput(settings(env).development), { refuse: refusePush }),
  async (c) => {
    // toJSON()'s expirationTime is left out: push services rarely set it, and a device that
    // lapses answers 404 or 410, which deletes it (src/push/send.ts).
    const { subscription, created } = await savePushSubscription(c.var.db.sql, caller(c).id, c.req.valid('json'))
    return created
      ? ok(c, msg`This device will receive alerts.`, deviceData(subscription), 201)
      : ok(c, msg`This device's alert settings have been updated.`, deviceData(subscription))
  },
)

// Only the endpoint names the device: the browser knows it, and nothing else about the device matters here.
pushApi.delete(
  '/subscriptions',
  pushLimit,
  sessionRequired,
  jsonBody((env) => v.object({ endpoint: Endpoint(settings(env).development) }), { withoutBody: 'query', refuse: refusePush }),
  async (c) => {
    const { endpoint } = c.req.valid('json')
    if (!(await removePushSubscription(c.var.db.sql, caller(c).id, endpoint))) throw new ApiError(404, msg`This device does not receive alerts.`)
    return ok(c, msg`This device will receive no more alerts.`, { endpoint })
  },
)
