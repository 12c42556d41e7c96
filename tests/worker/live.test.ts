// The live match centre: readers subscribed to a match's rooms see every change an editor
// saves, in order; the editor API writes Postgres first and refuses what it must. The rooms
// themselves (shards, storage, batching, the edge's copy): live-rooms.test.ts.
import { describe, expect, it } from 'vitest'
import type { LiveSnapshot, LiveState } from '../../lib/live.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, insertUserWithSession, sql } from './helpers.ts'
import { editor, newMatch, subscribe } from './live-helpers.ts'

const goal = (side: 'home' | 'away', minute: number, player = 'Test Striker') => ({ kind: 'goal', minute, side, player_name: player })

describe('the match room', () => {
  it('gives two subscribers every change, in the order it was saved', async () => {
    const id = await newMatch('scheduled')
    const { token } = await editor()
    const first = await subscribe(id)
    const second = await subscribe(id)

    expect((await callApi(`matches/${id}`, { method: 'PATCH', bearer: token, body: { status: 'live', minute: 1 } })).status).toBe(200)
    expect((await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: goal('home', 12) })).status).toBe(200)
    expect((await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: { kind: 'yellow_card', minute: 30, side: 'away', player_name: 'Test Defender' } })).status).toBe(200)
    expect((await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: goal('away', 55) })).status).toBe(200)

    for (const reader of [first, second]) {
      const received = await reader.next(4)
      expect(received.map((m) => m.state.version)).toEqual([1, 2, 3, 4])
      expect(received.map((m) => m.event?.kind ?? null)).toEqual([null, 'goal', 'yellow_card', 'goal'])
      expect(received[0]!.state).toMatchObject({ status: 'live', minute: 1, ft: [0, 0] })
      expect(received[1]!.state.ft).toEqual([1, 0])
      expect(received[3]!.state).toMatchObject({ ft: [1, 1], minute: 55 })
      expect(received[3]!.event).toMatchObject({ minute: 55, side: 2, playerName: 'Test Striker' })
      reader.socket.close()
    }
  })

  it('saves to Postgres before it broadcasts: the polled snapshot holds what the sockets were told', async () => {
    const id = await newMatch()
    const { token } = await editor()
    const reader = await subscribe(id)
    await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: goal('away', 91) })
    const [told] = await reader.next(1)
    const caughtUp = await callApi<LiveSnapshot>(`matches/${id}/live`)
    expect(caughtUp.status).toBe(200)
    expect(caughtUp.body.data).toMatchObject({ version: told!.state.version, ft: [0, 0], et: [0, 1] })
    expect(caughtUp.body.data!.events.map((e) => e.id)).toEqual([told!.event!.id])
    reader.socket.close()
  })

  it('answers heartbeats without waking the room', async () => {
    const id = await newMatch()
    const res = await fetchPage(`/api/v1/matches/${id}/socket`, { headers: { upgrade: 'websocket' } })
    const socket = res.webSocket!
    socket.accept()
    const pong = new Promise<unknown>((resolve) => socket.addEventListener('message', (event) => resolve(event.data)))
    socket.send('ping')
    expect(await pong).toBe('pong')
    socket.close()
  })

  it('refuses a subscription to a match that does not exist, and plain requests', async () => {
    const missing = await fetchPage('/api/v1/matches/999999999/socket', { headers: { upgrade: 'websocket' } })
    expect(missing.status).toBe(404)
    const id = await newMatch()
    const plain = await callApi(`matches/${id}/socket`)
    expect(plain.status).toBe(426)
    expect((await callApi('matches/0/live')).status).toBe(404)
    expect((await callApi('matches/abc/live')).status).toBe(404)
  })
})

describe('the editor API', () => {
  it('requires a signed-in editor', async () => {
    const id = await newMatch()
    const guest = await callApi(`matches/${id}/events`, { method: 'POST', body: goal('home', 3) })
    expect(guest.status).toBe(401)
    const reader = await insertUserWithSession()
    const refused = await callApi(`matches/${id}`, { method: 'PATCH', bearer: reader.token, body: { minute: 5 }, lang: 'ar' })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/)
    const [row] = await sql()<{ minute: number | null; live_version: number }[]>`select minute, live_version from matches where id = ${id}`
    expect(row).toEqual({ minute: null, live_version: 0 })
  })

  it('explains bad input in both languages and writes nothing', async () => {
    const id = await newMatch()
    const { token } = await editor()
    const english = await callApi(`matches/${id}/events`, {
      method: 'POST',
      bearer: token,
      lang: 'en',
      body: { kind: 'dive', minute: 131, side: 'left', player_name: '' },
    })
    expect(english.status).toBe(422)
    expect(english.body.errors).toEqual({
      kind: 'Please choose one of the options.',
      minute: 'Please enter a whole number from 0 to 130.',
      side: 'Please choose one of the options.',
      player_name: 'Please fill in this field.',
    })
    const arabic = await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, lang: 'ar', body: { ...goal('home', 3), minute: '3' } })
    expect(arabic.status).toBe(422)
    expect(arabic.body.errors?.minute).toMatch(/[\u0600-\u06FF]/)
    const substitution = await callApi(`matches/${id}/events`, {
      method: 'POST',
      bearer: token,
      lang: 'en',
      body: { kind: 'substitution', minute: 60, side: 'home', player_name: 'Off' },
    })
    expect(substitution.body.errors).toEqual({ other_player_name: 'A substitution needs the player coming on.' })
    const unknownPlayer = await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, lang: 'en', body: { ...goal('home', 3), player_id: 999_999_999 } })
    expect(unknownPlayer.status).toBe(422)
    expect(unknownPlayer.body.errors).toEqual({ player_id: 'There is no player with this id.' })
    const emptyPatch = await callApi(`matches/${id}`, { method: 'PATCH', bearer: token, lang: 'en', body: { colour: 'red' } })
    expect(emptyPatch.status).toBe(422)
    const badScore = await callApi(`matches/${id}`, { method: 'PATCH', bearer: token, body: { ft: [1] } })
    expect(badScore.status).toBe(422)
    const [row] = await sql()<{ live_version: number; events: number }[]>`
      select live_version, (select count(*)::int from match_events where match_id = ${id}) as events from matches where id = ${id}`
    expect(row).toEqual({ live_version: 0, events: 0 })
  })

  it('adds events only once a match has started, and 404s for one that does not exist', async () => {
    const id = await newMatch('scheduled')
    const { token } = await editor()
    const early = await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: goal('home', 1) })
    expect(early.status).toBe(409)
    const missing = await callApi('matches/999999999/events', { method: 'POST', bearer: token, body: goal('home', 1) })
    expect(missing.status).toBe(404)
    expect((await callApi('matches/999999999', { method: 'PATCH', bearer: token, body: { minute: 1 } })).status).toBe(404)
  })

  it('sets status and scores, ending the running minute at the whistle', async () => {
    const id = await newMatch()
    const { token } = await editor()
    await callApi(`matches/${id}`, { method: 'PATCH', bearer: token, body: { minute: 45, ht: [1, 0], ft: [1, 0] } })
    const finished = await callApi<LiveState>(`matches/${id}`, { method: 'PATCH', bearer: token, body: { status: 'finished', ft: [2, 1] } })
    expect(finished.body.data).toMatchObject({ version: 2, status: 'finished', minute: null, ft: [2, 1], ht: [1, 0], et: null })
  })

  it("keeps a replay out of its season, its head-to-head and its players' records", async () => {
    const original = await newMatch()
    const replay = await newMatch('live', original)
    const page = await fetchPage(`/en/matches/${original}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toContain(`/en/matches/${replay}"`)
    const [scorer] = await sql()<{ id: number }[]>`
      select player_id::int as id from match_events where player_id is not null and kind = 'goal' order by id limit 1`
    const record = async () => /<section class="player-record"[\s\S]*?<\/section>/.exec(await (await fetchPage(`/en/player/${scorer!.id}`)).text())?.[0]
    const before = await record()
    const { token } = await editor()
    const scored = await callApi(`matches/${replay}/events`, { method: 'POST', bearer: token, body: { ...goal('home', 10), player_id: scorer!.id } })
    expect(scored.status).toBe(200)
    expect(before).toMatch(/<td>[1-9]\d*<\/td><\/tr>/)
    expect(await record()).toEqual(before)
    const replayPage = await (await fetchPage(`/en/matches/${replay}`)).text()
    expect(replayPage).toContain('(replay)')
    expect(replayPage).toContain(`<p class="replay-note">This is a replay: the events of <a href="/en/matches/${original}">a real match</a>`)
  })
})
