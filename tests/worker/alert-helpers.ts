// What the alert tests share (tests/worker/alerts*.test.ts): a match of their own, readers
// with a device on the stand-in push service, the consumer's handler on a batch they build,
// and what a device opened.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { expect, vi } from 'vitest'
import type { AlertEvent, MatchAlertEvent } from '../../src/alerts/events.ts'
import { queue } from '../../src/alerts/consumer.ts'
import type { ReceivedPush } from '../support/push-report.ts'
import { callApi } from './api-helpers.ts'
import { insertUserWithSession, sql, type TestUser } from './helpers.ts'
import { browserDevice, receivedBy } from './push-devices.ts'

export const ALERT_QUEUE = 'hadaf-alerts'
export const FSI = '\u2068'
export const PDI = '\u2069'

export interface Fixture {
  matchId: number
  home: number
  away: number
  player: number
}

/** A match of two clubs and a player no other test follows, so what a device receives is this test's alone. */
export async function freshMatch(): Promise<Fixture> {
  const tag = crypto.randomUUID()
  const club = async (en: string, ar: string) => {
    const [row] = await sql()<{ id: number }[]>`
      insert into clubs (name, short_name, source_key) values (${sql().json({ en, ar })}, ${sql().json({ en, ar })}, ${`test:alerts:${en}:${tag}`})
      returning id::int`
    return row!.id
  }
  const home = await club('Liverpool', 'ليفربول')
  const away = await club('Arsenal', 'آرسنال')
  const [player] = await sql()<{ id: number }[]>`
    insert into players (name, source_key) values (${sql().json({ en: 'Zaldor', ar: 'زالدور' })}, ${`test:alerts:zaldor:${tag}`}) returning id::int`
  const [match] = await sql()<{ id: number }[]>`
    insert into matches (season_id, kickoff, home_club_id, away_club_id, status, demo, source_key)
    select id, now(), ${home}, ${away}, 'live', true, ${`test:alerts:${tag}`} from seasons order by id limit 1
    returning id::int`
  return { matchId: match!.id, home, away, player: player!.id }
}

export interface Reader {
  user: TestUser
  endpoint: string
}

/** A signed-in reader with one device on the stand-in, following what `follow` names. */
export async function follower(
  follow: { type: string; id: number | string; alerts?: string[] },
  device: {
    lang?: 'ar' | 'en'
    answer?: string
    quiet?: { from: string; to: string; allow: string[] }
    timeZone?: string
    /** The reader's spoiler-free settings, set through the profile API. */
    spoiler?: { spoiler_free: 'off' | 'follows' | 'all'; spoiler_alerts: 'vague' | 'none' }
  } = {},
): Promise<Reader> {
  const user = await insertUserWithSession()
  if (device.spoiler) expect((await callApi('profile', { method: 'PATCH', bearer: user.token, body: device.spoiler })).status).toBe(200)
  const { json } = await browserDevice(device.answer)
  const registered = await callApi('push/subscriptions', {
    method: 'POST',
    bearer: user.token,
    body: { ...json, lang: device.lang ?? 'ar', timeZone: device.timeZone ?? 'UTC', ...(device.quiet && { quiet: device.quiet }) },
  })
  expect(registered.status).toBe(201)
  expect((await callApi('follows', { method: 'POST', bearer: user.token, body: follow })).status).toBe(201)
  return { user, endpoint: json.endpoint }
}

let serial = 0

/** The id the last batch's last message was given. */
export const lastMessage = () => `m${serial}`

/**
 * The consumer's handler on a batch of these events, as the queue would call it: what it acked
 * or retried, and the delays it asked for (getQueueResult does not report them).
 */
export async function consume(events: AlertEvent[], { queueName = ALERT_QUEUE, attempts = 1 } = {}) {
  const batch = createMessageBatch<AlertEvent>(
    queueName,
    events.map((body) => ({ id: `m${++serial}`, timestamp: new Date(), attempts, body })),
  )
  const retries = batch.messages.map((message) => vi.spyOn(message, 'retry'))
  const ctx = createExecutionContext()
  await queue(batch, env)
  const delays = retries.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds))
  return { ...(await getQueueResult(batch, ctx)), delays }
}

export function goal(f: Fixture, eventId: number, score: [number, number], minute = 67): MatchAlertEvent {
  return {
    type: 'match',
    kind: 'goal',
    key: `goal:${eventId}`,
    matchId: f.matchId,
    playerId: f.player,
    playerName: 'Zaldor',
    minute,
    stoppage: null,
    score,
    correctionOf: null,
    at: Date.now(),
  }
}

/** An event id no real event has: the tests' events are keyed apart from the desk's. */
export const eventId = () => 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000)

export const opened = (push: ReceivedPush) => JSON.parse(push.plaintext!) as { kind: string; title: string; body: string; url: string; lang: string; topic: string }

/** The clock time `minutes` from now in UTC, as HH:MM. */
export function clockIn(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000)
  return at.toISOString().slice(11, 16)
}

/** Every push the device has received, once `count` have come, and none more a moment later: exactly `count`. */
export async function exactly(endpoint: string, count: number): Promise<ReceivedPush[]> {
  await expect.poll(async () => (await receivedBy(endpoint)).length, { timeout: 15_000, interval: 200 }).toBe(count)
  // The queue's batch wait is a second: a duplicate would have come by then.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const pushes = await receivedBy(endpoint)
  expect(pushes).toHaveLength(count)
  for (const push of pushes) expect(push.decryptError).toBeUndefined()
  return pushes
}
