// The alert queue's consumer (decisions 134–136). For each event: the followers' devices, each
// asked whether it takes the kind now (quiet hours), claimed in alert_deliveries (only a newly
// inserted row sends, so no device hears of an event twice), written in its language and sent.
// A device whose push service was busy or down gives its claim back and the event is retried
// with backoff; the devices already sent keep theirs, so a retry reaches only the rest. After
// the queue's last retry the event goes to the dead-letter queue, whose batches are recorded
// in alert_failures for the desk's data page.
import type postgres from 'postgres'
import { isSpoilingKind } from '../../lib/alert-kinds.ts'
import type { Locale } from '../../lib/locales.ts'
import { type AlertDevice, audienceIds, claimDeliveries, devicesFor, matchNames, postHeadline, recordAlertFailure, releaseDelivery } from '../db/alerts.ts'
import { createDatabase } from '../db/client.ts'
import { createI18n } from '../i18n/server.ts'
import { takesAlertNow } from '../push/quiet.ts'
import { type Alert, sendAlert } from '../push/send.ts'
import { settings } from '../settings.ts'
import { composeMatchAlert, composeNewsAlert, type Telling } from './compose.ts'
import { type AlertEvent, QUEUE_BATCH_LIMIT } from './events.ts'
import { sliceAudience } from './slices.ts'

/** The dead-letter queue's name in wrangler.toml: its batches are failures to record, not events to send. */
export const DEAD_LETTER_QUEUE = 'hadaf-alerts-dead'

/** Pushes in flight at once for one event: the Workers runtime opens six connections at a time. */
const PARALLEL_SENDS = 6

/**
 * Devices one invocation sends to (decision 142): about 200 × 80 ms / 6 ≈ 3 s of pushes. A
 * larger audience goes back on the queue in slices of this size, which the platform hands to
 * as many invocations at once as it allows (250).
 */
export const SLICE_SIZE = 200

/** Seconds before the next try: 10, 20, 40… up to 5 minutes, or longer when the push service asked. */
export function backoffSeconds(attempts: number, retryAfter = 0): number {
  return Math.max(retryAfter, Math.min(10 * 2 ** (attempts - 1), 300))
}

export interface EventOutcome {
  sent: number
  /** Slices the event went back on the queue as; 0 when this invocation sent it itself. */
  slices: number
  /** Set when some device's push service asked for later: the seconds it asked for (0 if none). */
  retryAfter: number | null
}

/** Writes the alert for each language and telling once, on demand: a thousand Arabic devices share one. */
async function composer(sql: postgres.Sql, event: AlertEvent): Promise<((lang: Locale, telling: Telling) => Alert) | null> {
  if (event.type === 'match') {
    const names = await matchNames(sql, event)
    return names && ((lang, telling) => composeMatchAlert(createI18n(lang), lang, event, names, telling))
  }
  const post = await postHeadline(sql, event.postId)
  return post && ((lang) => composeNewsAlert(createI18n(lang), lang, event, post))
}

/**
 * What the device's reader is told of the event (decision 141): all of it; only that it came,
 * when they keep the match's score hidden and chose vague alerts; or nothing, when they chose
 * none. A match event reaches a device through a follow of the match, a club or player in it
 * or its competition, so with spoiler-free on for what they follow the match is hidden to them
 * as surely as with it on for all. Kick-off, the team sheets and news tell no score.
 */
export function tellingFor(device: Pick<AlertDevice, 'spoilerFree' | 'spoilerAlerts'>, event: AlertEvent): Telling | null {
  if (device.spoilerFree === 'off' || event.type !== 'match' || !isSpoilingKind(event.kind)) return 'full'
  return device.spoilerAlerts === 'none' ? null : 'vague'
}

/** Puts the event back on the queue as slices of its audience, each sent by an invocation of its own. */
async function fanOut(sql: postgres.Sql, env: Env, event: AlertEvent, sliceSize: number): Promise<number> {
  const slices = sliceAudience(await audienceIds(sql, event), sliceSize)
  for (let i = 0; i < slices.length; i += QUEUE_BATCH_LIMIT) {
    await env.ALERTS.sendBatch(slices.slice(i, i + QUEUE_BATCH_LIMIT).map((slice) => ({ body: { ...event, slice } })))
  }
  return slices.length
}

/**
 * Sends one event to every device it is due to, once each, or to the devices of its slice. An
 * audience larger than a slice is not sent here but sliced (decision 142). Devices are claimed
 * together, in one statement, before any push leaves.
 */
export async function deliverEvent(sql: postgres.Sql, env: Env, event: AlertEvent, { now = new Date(), sliceSize = SLICE_SIZE } = {}): Promise<EventOutcome> {
  const compose = await composer(sql, event)
  // A match or post deleted (or a post taken down) since the write: nothing left to tell.
  if (!compose) return { sent: 0, slices: 0, retryAfter: null }
  const slice = event.slice ?? null
  const audience = await devicesFor(sql, event, { slice, limit: slice ? null : sliceSize + 1 })
  if (!slice && audience.length > sliceSize) return { sent: 0, slices: await fanOut(sql, env, event, sliceSize), retryAfter: null }
  const alerts = new Map<string, Alert>()
  const alertIn = (lang: Locale, telling: Telling) => {
    const key = `${lang}:${telling}`
    return alerts.get(key) ?? alerts.set(key, compose(lang, telling)).get(key)!
  }
  const vapid = settings(env).push
  const due = audience.filter((device) => tellingFor(device, event) !== null && takesAlertNow(device, event.kind, now))
  const claimed = await claimDeliveries(sql, event.key, due.map((device) => device.id))
  const devices = due.filter((device) => claimed.has(device.id))
  const outcome: EventOutcome = { sent: 0, slices: 0, retryAfter: null }
  const sendTo = async (device: AlertDevice) => {
    const result = await sendAlert(sql, vapid, device, alertIn(device.lang, tellingFor(device, event)!))
    if (result.status === 'sent') outcome.sent++
    else if (result.status === 'retry') {
      await releaseDelivery(sql, event.key, device.id)
      outcome.retryAfter = Math.max(outcome.retryAfter ?? 0, result.retryAfterSeconds ?? 0)
    } else if (result.status === 'refused') {
      // A retry would be refused the same: the claim stays, and the log says why.
      console.error(JSON.stringify({ event: 'alert.refused', key: event.key, device: device.id, status: result.httpStatus, reason: result.reason }))
    }
  }
  for (let i = 0; i < devices.length; i += PARALLEL_SENDS) await Promise.all(devices.slice(i, i + PARALLEL_SENDS).map(sendTo))
  return outcome
}

/** The worker's queue() handler: events to send, or (from the dead-letter queue) failures to record. */
export async function queue(batch: MessageBatch<AlertEvent>, env: Env): Promise<void> {
  // Not ended by hand: workerd closes the invocation's socket (src/db/client.ts says why).
  await consumeBatch(createDatabase(env.DB.connectionString).sql, env, batch)
}

async function consumeBatch(sql: postgres.Sql, env: Env, batch: MessageBatch<AlertEvent>): Promise<void> {
  if (batch.queue === DEAD_LETTER_QUEUE) {
    for (const message of batch.messages) {
      await recordAlertFailure(sql, { eventKey: message.body.key, kind: message.body.kind, attempts: message.attempts })
      message.ack()
    }
    return
  }
  for (const message of batch.messages) {
    try {
      const { sent, slices, retryAfter } = await deliverEvent(sql, env, message.body)
      if (retryAfter === null) message.ack()
      else message.retry({ delaySeconds: backoffSeconds(message.attempts, retryAfter) })
      console.log(JSON.stringify({ event: 'alert.sent', key: message.body.key, slice: message.body.slice, sent, slices, retry: retryAfter !== null, delayMs: Date.now() - message.body.at }))
    } catch (error) {
      // The database was out of reach, say: the whole event again later.
      console.error(JSON.stringify({ event: 'alert.error', key: message.body.key, error: String(error) }))
      message.retry({ delaySeconds: backoffSeconds(message.attempts) })
    }
  }
}
