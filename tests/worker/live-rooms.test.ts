// The crowd (issue 25): a match's primary room keeps its snapshot and forwards batches to
// shard rooms that hold the readers' sockets. Sockets and catch-ups never reach Postgres,
// shards get every change in order, and the polled snapshot is kept at the edge with an ETag.
import { env } from 'cloudflare:workers'
import { evictDurableObject, runInDurableObject } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { CATCH_UP_REQUEST, type LiveMessage, type LiveSnapshot } from '../../lib/live.ts'
import { loadLiveSnapshot } from '../../src/db/live.ts'
import { MatchShard } from '../../src/live/match-shard.ts'
import { primaryRoom, roomSnapshot, shardRoom } from '../../src/live/rooms.ts'
import { LiveSnapshotSource } from '../../src/live/snapshot-source.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, ORIGIN, sql } from './helpers.ts'
import { editor, newMatch, type Reader, readerOn, subscribe } from './live-helpers.ts'
import { fetchWith } from './stand-in.ts'

const goal = (side: 'home' | 'away', minute: number) => ({ kind: 'goal', minute, side, player_name: 'Crowd Striker' })

/** A reader's socket through the worker with LIVE_SHARD_SOCKETS set to `perShard`. */
async function subscribeWith(id: number, perShard: number): Promise<Reader> {
  const res = await fetchWith({ LIVE_SHARD_SOCKETS: String(perShard) }, `/api/v1/matches/${id}/socket`, { headers: { upgrade: 'websocket' } })
  expect(res.status).toBe(101)
  return readerOn(res.webSocket!)
}

/** How many sockets each shard of the match holds. */
async function socketsPerShard(id: number): Promise<number[]> {
  const count = (await primaryRoom(env, id).shards(id))!
  return Promise.all(Array.from({ length: count }, (_, index) => runInDurableObject(shardRoom(env, id, index), (_shard, state) => state.getWebSockets().length)))
}

let reads: MockInstance<LiveSnapshotSource['read']>

beforeEach(() => {
  // Every statement a room makes goes through this one read.
  reads = vi.spyOn(LiveSnapshotSource.prototype, 'read')
})

afterEach(() => {
  reads.mockRestore()
})

describe("a match's rooms", () => {
  it('open sockets and answer catch-ups without a query per reader', async () => {
    const id = await newMatch()
    const readers = await Promise.all(Array.from({ length: 5 }, () => fetchPage(`/api/v1/matches/${id}/socket`, { headers: { upgrade: 'websocket' } })))
    expect(readers.map((res) => [res.status, res.headers.get('x-db-queries')])).toEqual(Array(5).fill([101, '0']))
    const sockets = readers.map((res) => readerOn(res.webSocket!))
    expect((await Promise.all(sockets.map((reader) => reader.snapshot()))).map((s) => s.version)).toEqual([0, 0, 0, 0, 0])
    sockets[0]!.socket.send(CATCH_UP_REQUEST)
    expect(await sockets[0]!.snapshot(2)).toMatchObject({ version: 0 })
    for (let i = 0; i < 3; i++) {
      const polled = await callApi(`matches/${id}/live`)
      expect([polled.status, polled.res.headers.get('x-db-queries')]).toEqual([200, '0'])
    }
    // One read for the room, whatever the number of readers.
    expect(reads).toHaveBeenCalledTimes(1)
    for (const reader of sockets) reader.socket.close()
  })

  it('hold the snapshot Postgres holds after every kind of change', async () => {
    const id = await newMatch('scheduled')
    const { token } = await editor()
    const reader = await subscribe(id)
    await reader.snapshot()
    const call = (path: string, method: string, body?: unknown) => callApi<{ id: number; event: { id: number } }>(`matches/${id}${path}`, { method, bearer: token, body })
    await call('', 'PATCH', { step: 'kick_off' })
    const scored = await call('/events', 'POST', goal('home', 9))
    await call('/events', 'POST', { kind: 'yellow_card', minute: 20, side: 'away', player_name: 'Booked' })
    await call(`/events/${scored.body.data!.event.id}`, 'DELETE')
    const entry = await call('/commentary', 'POST', { minute: 21, text: { en: 'Chalked off', ar: 'أُلغي الهدف' }, pinned: true })
    await call(`/commentary/${entry.body.data!.id}`, 'PATCH', { pinned: false })
    await call('/lineups/home', 'PUT', { formation: '4-4-2', starters: [{ name: 'Keeper', shirt_number: 1, position: 'GK' }] })
    await call('', 'PATCH', { step: 'half_time' })
    await reader.next(8)
    const kept = await roomSnapshot(env, id)
    expect(kept).toEqual(await loadLiveSnapshot(sql(), id))
    expect(kept!.version).toBe(8)
    reader.socket.close()
  })

  it('answer a catch-up from storage after a restart, with no query', async () => {
    const id = await newMatch()
    const { token } = await editor()
    const before = await subscribe(id)
    await before.snapshot()
    await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: goal('away', 30) })
    await before.next(1)
    const closed = new Promise((resolve) => before.socket.addEventListener('close', resolve))
    expect((await fetchPage(`/dev/matches/${id}/rooms/restart`, { method: 'POST', headers: { origin: ORIGIN } })).status).toBe(204)
    await closed

    const after = await subscribe(id)
    expect(await after.snapshot()).toMatchObject({ version: 1, ft: [0, 1] })
    expect((await callApi<LiveSnapshot>(`matches/${id}/live`)).body.data).toMatchObject({ version: 1, ft: [0, 1] })
    // A shard evicted with its sockets hibernated wakes for a catch-up, from its storage.
    await evictDurableObject(shardRoom(env, id, 0))
    after.socket.send(CATCH_UP_REQUEST)
    expect(await after.snapshot(2)).toMatchObject({ version: 1, ft: [0, 1] })
    expect(reads).toHaveBeenCalledTimes(1)
    after.socket.close()
  })

  it('spread readers over shards of a bounded size, and give every shard every change in order', async () => {
    const id = await newMatch()
    const { token } = await editor()
    const readers: Reader[] = []
    for (let i = 0; i < 5; i++) {
      const reader = await subscribeWith(id, 2)
      await reader.snapshot()
      readers.push(reader)
    }
    expect(await socketsPerShard(id)).toEqual([2, 2, 1])

    for (const minute of [10, 20, 30, 40]) {
      await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: goal('home', minute) })
    }
    for (const reader of readers) {
      expect((await reader.next(4)).map((change) => change.state.version)).toEqual([1, 2, 3, 4])
      reader.socket.close()
    }
  })

  it('add a shard once the newest is nine tenths full, before any reader is turned away', async () => {
    const id = await newMatch()
    const readers: Reader[] = []
    for (let i = 0; i < 9; i++) readers.push(await subscribeWith(id, 10))
    expect(await socketsPerShard(id)).toEqual([9, 0])
    for (const reader of readers) reader.socket.close()
  })

  it('send the changes of one window as one message', async () => {
    const id = await newMatch()
    const reader = await subscribe(id)
    const start = await reader.snapshot()
    const change = (version: number, minute: number): LiveMessage => ({ type: 'change', state: { ...start, version, minute } })
    await Promise.all([1, 2, 3].map((version) => primaryRoom(env, id).publish(id, change(version, version * 10))))
    const [batch] = await reader.next(3).then(() => reader.messages.filter((m) => m.type === 'changes'))
    expect(batch).toEqual({ type: 'changes', changes: [change(1, 10), change(2, 20), change(3, 30)] })
    expect(reader.messages.filter((m) => m.type === 'changes')).toHaveLength(1)
    reader.socket.close()
  })

  it('keep the others going when one shard fails', async () => {
    const id = await newMatch()
    const { token } = await editor()
    const readers: Reader[] = []
    for (let i = 0; i < 3; i++) {
      const reader = await subscribeWith(id, 1)
      await reader.snapshot()
      readers.push(reader)
    }
    const failing = env.MATCH_SHARD.idFromName(`${id}/1`)
    const receive = MatchShard.prototype.receive
    const failingReceive = vi.spyOn(MatchShard.prototype, 'receive').mockImplementation(function (this: MatchShard, ...args) {
      if ((this as unknown as { ctx: DurableObjectState }).ctx.id.equals(failing)) throw new Error('a shard that fails')
      return receive.apply(this, args)
    })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: goal('home', 5) })
    await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: goal('home', 6) })
    for (const reader of [readers[0]!, readers[2]!]) expect((await reader.next(2)).map((change) => change.state.version)).toEqual([1, 2])
    expect(readers[1]!.messages.filter((m) => m.type === 'changes')).toEqual([])
    // The failed shard's line is written when its own call settles, which on a busy machine can
    // come after the other shards' readers have their changes.
    await vi.waitFor(() =>
      expect(errors.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>)).toContainEqual(expect.objectContaining({ event: 'live.shard_failed', match: id, shard: 1 })),
    )
    errors.mockRestore()
    failingReceive.mockRestore()
    for (const reader of readers) reader.socket.close()
  })

  it('refuse a socket and the snapshot of a match that does not exist, asking Postgres once', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await fetchPage('/api/v1/matches/999999998/socket', { headers: { upgrade: 'websocket' } })).status).toBe(404)
    }
    const missing = await callApi('matches/999999998/live', { lang: 'en' })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('This match does not exist.')
    expect(reads).toHaveBeenCalledTimes(1)
  })

  it("answer 503 with Retry-After, in the reader's language, when no shard takes the socket", async () => {
    const id = await newMatch()
    vi.spyOn(MatchShard.prototype, 'fetch').mockImplementation(() => new Response(null, { status: 503 }))
    const refused = await fetchPage(`/api/v1/matches/${id}/socket`, { headers: { upgrade: 'websocket', 'accept-language': 'ar' } })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(((await refused.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/)
    // Three rounds of growing, each trying the newest shard.
    expect((await primaryRoom(env, id).shards(id))!).toBe(4)

    // A shard that fails is no reason for more shards.
    const other = await newMatch()
    vi.spyOn(MatchShard.prototype, 'fetch').mockImplementation(() => {
      throw new Error('a shard that fails')
    })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await fetchPage(`/api/v1/matches/${other}/socket`, { headers: { upgrade: 'websocket' } })).status).toBe(503)
    expect((await primaryRoom(env, other).shards(other))!).toBe(1)
    expect(errors.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>)).toContainEqual(expect.objectContaining({ event: 'live.shard_unavailable', shard: 0 }))
  })

  it('restart only in local development', async () => {
    const id = await newMatch()
    expect((await fetchWith({ APP_ENV: 'production', SITE_URL: 'https://hadaf.example' }, `/dev/matches/${id}/rooms/restart`, { method: 'POST', headers: { origin: ORIGIN } })).status).toBe(404)
  })
})

describe('the polled snapshot', () => {
  it('is kept at the edge under its version, and answers 304 to a reader who has it', async () => {
    const id = await newMatch()
    const { token } = await editor()
    const first = await callApi<LiveSnapshot>(`matches/${id}/live`, { lang: 'en' })
    expect(first.status).toBe(200)
    expect(first.res.headers.get('etag')).toBe('W/"0-en"')
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(first.res.headers.get('x-cache')).toBe('MISS')
    const again = await fetchPage(`/api/v1/matches/${id}/live`, { headers: { 'accept-language': 'en', 'if-none-match': 'W/"0-en"' } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe('W/"0-en"')
    const kept = await callApi(`matches/${id}/live`, { lang: 'en' })
    expect(kept.res.headers.get('x-cache')).toBe('HIT')

    await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: goal('home', 50) })
    // The live desk reads its own change back at once, past the edge's copy.
    const desk = await callApi<LiveSnapshot>(`matches/${id}/live`, { lang: 'en', bearer: token })
    expect([desk.body.data!.version, desk.res.headers.get('x-cache')]).toEqual([1, 'BYPASS'])
    // No kept copy outlives two seconds.
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const changed = await fetchPage(`/api/v1/matches/${id}/live`, { headers: { 'accept-language': 'en', 'if-none-match': 'W/"0-en"' } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).toBe('W/"1-en"')
    expect(((await changed.json()) as { data: LiveSnapshot }).data.ft).toEqual([1, 0])
  })
})
