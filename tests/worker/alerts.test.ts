// The alert pipeline (issue 27, section 3; decisions 134–136): a live write's event on the
// queue, the consumer that finds the followers' devices and sends each event once, in the
// device's language, outside its quiet hours, and the dead letters on the desk's data page.
// Most tests hand the consumer's queue() handler a batch they build (cloudflare:test), so what
// it acked or retried can be read; one goes from the desk's API through the real queue, which
// miniflare runs, to the stand-in push service.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { type AlertEvent, type MatchAlertEvent, newsAlert } from '../../src/alerts/events.ts'
import { DEAD_LETTER_QUEUE, deliverEvent } from '../../src/alerts/consumer.ts'
import { clockIn, consume, eventId, type Fixture, FSI, follower, freshMatch, goal, lastMessage, opened, PDI } from './alert-helpers.ts'
import { callApi } from './api-helpers.ts'
import { pruneAlertDeliveries } from '../../src/db/alerts.ts'
import { sql } from './helpers.ts'
import { editor } from './live-helpers.ts'
import { receivedBy } from './push-devices.ts'
import { deskVisitor, pageText } from './visitor.ts'

describe('a goal of a followed club', () => {
  let f: Fixture
  beforeAll(async () => {
    f = await freshMatch()
  })

  it('reaches each device once, in its language, names isolated, with the match page, topic, TTL and urgency', async () => {
    const arabic = await follower({ type: 'club', id: f.home })
    const english = await follower({ type: 'club', id: f.away }, { lang: 'en' })
    const result = await consume([goal(f, eventId(), [2, 1])])
    expect(result.explicitAcks).toEqual([lastMessage()])

    const [ar, ...moreAr] = await receivedBy(arabic.endpoint)
    expect(moreAr).toEqual([])
    expect(ar!.decryptError).toBeUndefined()
    expect(opened(ar!)).toEqual({
      kind: 'goal',
      title: `هدف! ${FSI}زالدور${PDI} 67′`,
      body: `${FSI}ليفربول${PDI} 2–1 ${FSI}آرسنال${PDI}`,
      url: `/ar/matches/${f.matchId}`,
      lang: 'ar',
      // The service worker's tag (public/sw.js): the goal replaces the match's alert on screen.
      topic: `m${f.matchId}`,
    })
    expect(ar!.headers).toMatchObject({ topic: `m${f.matchId}`, ttl: '300', urgency: 'high' })

    const [en, ...moreEn] = await receivedBy(english.endpoint)
    expect(moreEn).toEqual([])
    expect(opened(en!)).toMatchObject({ title: `Goal! ${FSI}Zaldor${PDI} 67′`, body: `${FSI}Liverpool${PDI} 2–1 ${FSI}Arsenal${PDI}`, url: `/en/matches/${f.matchId}` })
  })

  it('is sent once however often the event comes: a retry, a second editor, a sync', async () => {
    const reader = await follower({ type: 'club', id: f.home })
    const event = goal(f, eventId(), [3, 1])
    await consume([event, event])
    await consume([{ ...event, at: Date.now() }], { attempts: 2 })
    expect(await receivedBy(reader.endpoint)).toHaveLength(1)
    const [row] = await sql()<{ n: number }[]>`select count(*)::int as n from alert_deliveries where event_key = ${event.key}`
    expect(row!.n).toBeGreaterThanOrEqual(1)
  })

  it('reaches the followers of the scorer, the match and the competition too, once per device', async () => {
    const [season] = await sql()<{ competition_id: string }[]>`select se.competition_id from matches m join seasons se on se.id = m.season_id where m.id = ${f.matchId}`
    const ofPlayer = await follower({ type: 'player', id: f.player })
    const ofMatch = await follower({ type: 'match', id: f.matchId })
    const ofCompetition = await follower({ type: 'competition', id: season!.competition_id, alerts: ['goal'] })
    // The same reader following the club as well still gets one alert on the device.
    expect((await callApi('follows', { method: 'POST', bearer: ofMatch.user.token, body: { type: 'club', id: f.home } })).status).toBe(201)
    await consume([goal(f, eventId(), [4, 1])])
    for (const reader of [ofPlayer, ofMatch, ofCompetition]) expect(await receivedBy(reader.endpoint)).toHaveLength(1)
  })

  it('does not reach a follow without the goal kind', async () => {
    const reader = await follower({ type: 'club', id: f.home, alerts: ['kickoff', 'full_time'] })
    await consume([goal(f, eventId(), [5, 1])])
    expect(await receivedBy(reader.endpoint)).toEqual([])
  })

  it('keeps out of quiet hours, except for the kinds the reader let through', async () => {
    const quiet = { from: clockIn(-60), to: clockIn(60), allow: ['kickoff'] }
    const sleeping = await follower({ type: 'club', id: f.home }, { quiet })
    const awake = await follower({ type: 'club', id: f.home }, { quiet: { from: clockIn(120), to: clockIn(180), allow: [] } })
    await consume([goal(f, eventId(), [6, 1])])
    expect(await receivedBy(sleeping.endpoint)).toEqual([])
    expect(await receivedBy(awake.endpoint)).toHaveLength(1)

    const kickOff: MatchAlertEvent = { ...goal(f, 0, [0, 0]), kind: 'kickoff', key: `kickoff:${eventId()}`, playerId: null, playerName: null, minute: null }
    await consume([kickOff])
    const [push] = await receivedBy(sleeping.endpoint)
    expect(opened(push!)).toMatchObject({ kind: 'kickoff', title: 'انطلقت المباراة', body: `${FSI}ليفربول${PDI} ضد ${FSI}آرسنال${PDI}` })
    expect(push!.headers.urgency).toBe('normal')
  })

  it('is corrected after an undo, on the devices that heard of it alone', async () => {
    const told = await follower({ type: 'club', id: f.home })
    const id = eventId()
    await consume([goal(f, id, [7, 1])])
    const late = await follower({ type: 'club', id: f.home })
    const correction: MatchAlertEvent = { ...goal(f, id, [6, 1]), kind: 'correction', key: `correction:${id}`, correctionOf: `goal:${id}` }
    await consume([correction])
    const pushes = await receivedBy(told.endpoint)
    expect(pushes.map((push) => opened(push).kind)).toEqual(['goal', 'correction'])
    expect(opened(pushes[1]!)).toMatchObject({ title: `إلغاء هدف: ${FSI}زالدور${PDI}`, body: `${FSI}ليفربول${PDI} 6–1 ${FSI}آرسنال${PDI}` })
    expect(pushes[1]!.headers.urgency).toBe('high')
    expect(await receivedBy(late.endpoint)).toEqual([])
  })

  it('deletes a device its push service calls gone (410)', async () => {
    const reader = await follower({ type: 'club', id: f.home }, { answer: 'gone' })
    await consume([goal(f, eventId(), [8, 1])])
    expect(await receivedBy(reader.endpoint)).toHaveLength(1)
    expect(await sql()`select 1 from push_subscriptions where endpoint = ${reader.endpoint}`).toHaveLength(0)
  })

  it('retries a busy push service with backoff, then the dead letter shows on the desk data page in both languages', async () => {
    const busy = await follower({ type: 'club', id: f.home }, { answer: 'busy' })
    const fine = await follower({ type: 'club', id: f.home })
    const event = goal(f, eventId(), [9, 1])
    const first = await consume([event])
    // The stand-in asked for 30 seconds (Retry-After): the backoff waits at least that.
    expect(first.retryMessages).toEqual([{ msgId: lastMessage() }])
    expect(first.delays).toEqual([30])
    expect(first.explicitAcks).toEqual([])
    // A later try waits longer, up to five minutes.
    const second = await consume([event], { attempts: 4 })
    expect(second.delays).toEqual([80])
    // Tried twice; the device that took it the first time is not sent it again.
    expect(await receivedBy(busy.endpoint)).toHaveLength(2)
    expect(await receivedBy(fine.endpoint)).toHaveLength(1)

    // After max_retries the queue moves the message to the dead-letter queue.
    const dead = await consume([event], { queueName: DEAD_LETTER_QUEUE, attempts: 6 })
    expect(dead.explicitAcks).toHaveLength(1)
    const { visitor } = await deskVisitor('editor')
    const en = await pageText(visitor, '/en/desk/data')
    expect(en).toContain('Alerts that could not be sent')
    expect(en).toContain(event.key)
    const ar = await pageText(visitor, '/ar/desk/data')
    expect(ar).toContain('تنبيهات تعذّر إرسالها')
    expect(ar).toContain(event.key)
  })
})

describe('a news post', () => {
  it('tagged with a followed club alerts its followers once, with the post in their language', async () => {
    const f = await freshMatch()
    const reader = await follower({ type: 'club', id: f.home })
    const [post] = await sql()<{ id: number; slug_ar: string }[]>`
      select id::int, slug_ar from posts where status = 'published' and kind = 'news' order by id limit 1`
    await sql()`insert into post_tags (post_id, club_id) values (${post!.id}, ${f.home})`
    const event = newsAlert(post!.id)
    await consume([event])
    await consume([event], { attempts: 2 })
    const [push, ...more] = await receivedBy(reader.endpoint)
    expect(more).toEqual([])
    const alert = opened(push!)
    expect(alert).toMatchObject({ kind: 'news', title: 'خبر عمّا تتابعه', url: `/ar/news/${encodeURIComponent(post!.slug_ar)}` })
    expect(alert.body.startsWith(FSI) && alert.body.endsWith(PDI)).toBe(true)
    expect(push!.headers).toMatchObject({ topic: `p${post!.id}`, ttl: String(24 * 60 * 60), urgency: 'low' })
  })
})

describe('the live desk', () => {
  it("puts a goal on the queue after the editor's answer, and the queue's consumer sends it", async () => {
    const f = await freshMatch()
    const reader = await follower({ type: 'club', id: f.home }, { lang: 'en' })
    const desk = await editor()
    const added = await callApi(`matches/${f.matchId}/events`, {
      method: 'POST',
      bearer: desk.token,
      body: { kind: 'goal', minute: 12, side: 'home', player_name: 'Zaldor', player_id: f.player },
    })
    expect(added.status).toBe(200)
    await expect.poll(() => receivedBy(reader.endpoint), { timeout: 10_000, interval: 200 }).toHaveLength(1)
    const [push] = await receivedBy(reader.endpoint)
    expect(opened(push!)).toMatchObject({ title: `Goal! ${FSI}Zaldor${PDI} 12′`, body: `${FSI}Liverpool${PDI} 1–0 ${FSI}Arsenal${PDI}` })
  })

  it('sends the kick-off of a scheduled match, and a correction when the desk undoes a goal', async () => {
    const f = await freshMatch()
    await sql()`update matches set status = 'scheduled' where id = ${f.matchId}`
    const reader = await follower({ type: 'match', id: f.matchId }, { lang: 'en' })
    const desk = await editor()
    const call = (path: string, method: string, body?: unknown) => callApi<{ event: { id: number } }>(`matches/${f.matchId}${path}`, { method, bearer: desk.token, body })
    expect((await call('', 'PATCH', { step: 'kick_off' })).status).toBe(200)
    await expect.poll(() => receivedBy(reader.endpoint), { timeout: 10_000, interval: 200 }).toHaveLength(1)
    const added = await call('/events', 'POST', { kind: 'goal', minute: 3, side: 'away', player_name: 'Saka' })
    await expect.poll(() => receivedBy(reader.endpoint), { timeout: 10_000, interval: 200 }).toHaveLength(2)
    expect((await call(`/events/${added.body.data!.event.id}`, 'DELETE')).status).toBe(200)
    await expect.poll(() => receivedBy(reader.endpoint), { timeout: 10_000, interval: 200 }).toHaveLength(3)
    const pushes = (await receivedBy(reader.endpoint)).map(opened)
    expect(pushes.map((push) => push.kind)).toEqual(['kickoff', 'goal', 'correction'])
    expect(pushes[2]).toMatchObject({ title: `Goal disallowed: ${FSI}Saka${PDI}`, body: `${FSI}Liverpool${PDI} 0–0 ${FSI}Arsenal${PDI}` })
  })
})

describe('the newsroom', () => {
  it("queues a tagged post when an editor publishes it, and its followers hear of it once", async () => {
    const f = await freshMatch()
    const reader = await follower({ type: 'club', id: f.away })
    const desk = await editor()
    const tag = crypto.randomUUID().slice(0, 8)
    const created = await callApi<{ id: string; slug: { ar: string } }>('desk/posts', {
      bearer: desk.token,
      body: {
        kind: 'news',
        title: { ar: `آرسنال يجدد عقد لاعبه ${tag}`, en: `Arsenal renew a contract ${tag}` },
        summary: { ar: 'ملخص الخبر.', en: 'The summary.' },
        body: { ar: '<p>نص الخبر.</p>', en: '<p>The story.</p>' },
        tags: [{ type: 'club', id: f.away }],
      },
    })
    expect(created.status).toBe(201)
    const { id, slug } = created.body.data!
    expect((await callApi(`desk/posts/${id}/publish`, { method: 'POST', bearer: desk.token })).status).toBe(200)
    await expect.poll(() => receivedBy(reader.endpoint), { timeout: 10_000, interval: 200 }).toHaveLength(1)
    const [push] = await receivedBy(reader.endpoint)
    expect(opened(push!)).toMatchObject({ kind: 'news', body: `${FSI}آرسنال يجدد عقد لاعبه ${tag}${PDI}`, url: `/ar/news/${encodeURIComponent(slug.ar)}` })
  })
})

describe('a large audience', () => {
  it('goes back on the queue in slices, and each device still hears once', async () => {
    const f = await freshMatch()
    const readers = await Promise.all(Array.from({ length: 5 }, () => follower({ type: 'club', id: f.home })))
    const queued: AlertEvent[] = []
    const producer = { sendBatch: async (messages: Iterable<{ body: AlertEvent }>) => void queued.push(...[...messages].map((m) => m.body)) }
    const event = goal(f, eventId(), [1, 0])
    const sliced = await deliverEvent(sql(), { ...env, ALERTS: producer } as unknown as Env, event, { sliceSize: 2 })
    expect(sliced).toMatchObject({ sent: 0, slices: 3, retryAfter: null })
    for (const reader of readers) expect(await receivedBy(reader.endpoint)).toEqual([])
    expect(queued.map((slice) => slice.key)).toEqual([event.key, event.key, event.key])
    expect(queued.at(-1)!.slice!.through).toBeNull()

    // A slice delivered twice (a retry, a fan-out run again) still sends once per device.
    await consume([...queued, queued[0]!])
    for (const reader of readers) {
      const pushes = await receivedBy(reader.endpoint)
      expect(pushes).toHaveLength(1)
      expect(opened(pushes[0]!)).toMatchObject({ kind: 'goal', url: `/ar/matches/${f.matchId}` })
    }
  })
})

describe('deliveries', () => {
  it('are forgotten after seven days, and kept until then', async () => {
    const f = await freshMatch()
    const reader = await follower({ type: 'club', id: f.home })
    const [device] = await sql()<{ id: number }[]>`select id::int from push_subscriptions where endpoint = ${reader.endpoint}`
    const [old, recent] = [`goal:${eventId()}`, `goal:${eventId()}`]
    await sql()`
      insert into alert_deliveries (event_key, subscription_id, sent_at)
      values (${old}, ${device!.id}, now() - interval '8 days'), (${recent}, ${device!.id}, now() - interval '6 days')`
    expect(await pruneAlertDeliveries(sql())).toBeGreaterThanOrEqual(1)
    const left = await sql()<{ event_key: string }[]>`select event_key from alert_deliveries where subscription_id = ${device!.id}`
    expect(left.map((row) => row.event_key)).toEqual([recent])
  })
})
