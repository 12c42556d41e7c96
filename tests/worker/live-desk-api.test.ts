// The live desk's API (issue 16): status steps and the match clock, undo, the new event
// kinds, minute-by-minute text and team sheets. Each write is the editor's, audited, saved
// before it is broadcast, and on the match page at once, with or without JavaScript.
import { describe, expect, it } from 'vitest'
import type { CommentaryEntry, Lineups, LiveSnapshot, LiveState } from '../../lib/live.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, insertUserWithRole, sql } from './helpers.ts'
import { editor, newMatch, subscribe } from './live-helpers.ts'

const step = (id: number, token: string, name: string) => callApi<LiveState>(`matches/${id}`, { method: 'PATCH', bearer: token, body: { step: name } })

async function auditActions(id: number): Promise<string[]> {
  const rows = await sql()<{ action: string }[]>`select action from audit_log where target_type = 'match' and target_id = ${String(id)} order by id`
  return rows.map((r) => r.action)
}

const pageOf = async (id: number, lang = 'en') => (await fetchPage(`/${lang}/matches/${id}`)).text()

describe('the status steps', () => {
  it('runs a match from kick-off to full time on a clock the server starts, and refuses a step out of order', async () => {
    const id = await newMatch('scheduled')
    const { token } = await editor()
    const early = await step(id, token, 'half_time')
    expect(early.status).toBe(409)
    const earlyAr = await callApi(`matches/${id}`, { method: 'PATCH', bearer: token, body: { step: 'second_half' }, lang: 'ar' })
    expect(earlyAr.body.message).toBe('هذه الخطوة لا تأتي بعد ما وصلت إليه المباراة.')

    const kickoff = await step(id, token, 'kick_off')
    expect(kickoff.status).toBe(200)
    expect(kickoff.body.data).toMatchObject({ status: 'live', phase: 'first_half', ft: [0, 0], minute: 1 })
    expect(Math.abs(Date.parse(kickoff.body.data!.periodStartedAt!) - Date.now())).toBeLessThan(60_000)
    await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: { kind: 'goal', minute: 30, side: 'away', player_name: 'Early Nine' } })

    const half = await step(id, token, 'half_time')
    expect(half.body.data).toMatchObject({ phase: 'half_time', periodStartedAt: null, ht: [0, 1], minute: 45 })
    expect(await pageOf(id)).toContain('Half time')
    const second = await step(id, token, 'second_half')
    expect(second.body.data).toMatchObject({ phase: 'second_half', minute: 46 })
    expect((await step(id, token, 'suspend')).body.data).toMatchObject({ status: 'suspended', periodStartedAt: null })
    const resumed = await step(id, token, 'resume')
    expect(resumed.body.data).toMatchObject({ status: 'live', phase: 'second_half' })
    expect(resumed.body.data!.periodStartedAt).not.toBeNull()
    const full = await step(id, token, 'full_time')
    expect(full.body.data).toMatchObject({ status: 'finished', phase: null, minute: null, ft: [0, 1], ht: [0, 1] })
    expect((await step(id, token, 'kick_off')).status).toBe(409)

    expect(await auditActions(id)).toEqual(['match.step', 'match.event_add', 'match.step', 'match.step', 'match.step', 'match.step', 'match.step'])
  })

  it('takes a step or fields, not both, and abandons a suspended match', async () => {
    const id = await newMatch('scheduled')
    const { token } = await editor()
    const both = await callApi(`matches/${id}`, { method: 'PATCH', bearer: token, body: { step: 'kick_off', status: 'live' } })
    expect(both.status).toBe(422)
    expect(both.body.errors).toHaveProperty('step')
    expect((await callApi(`matches/${id}`, { method: 'PATCH', bearer: token, body: { step: 'whistle' } })).status).toBe(422)
    await step(id, token, 'kick_off')
    await step(id, token, 'suspend')
    expect((await step(id, token, 'abandon')).body.data).toMatchObject({ status: 'abandoned', phase: null })
    expect(await pageOf(id)).toContain('Abandoned')
  })
})

describe('events and undo', () => {
  it('records a VAR decision, a missed penalty and a second yellow, and undoes the last goal with its score', async () => {
    const id = await newMatch('scheduled')
    const { token } = await editor()
    await step(id, token, 'kick_off')
    const reader = await subscribe(id)
    const noDetail = await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: { kind: 'var', minute: 20, side: 'home' }, lang: 'ar' })
    expect(noDetail.status).toBe(422)
    expect(noDetail.body.errors?.detail).toBe('قرار حكم الفيديو يحتاج إلى ما قُرِّر.')
    const noName = await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: { kind: 'goal', minute: 20, side: 'home' } })
    expect(noName.body.errors).toHaveProperty('player_name')

    const goal = await callApi<{ event: { id: number } }>(`matches/${id}/events`, { method: 'POST', bearer: token, body: { kind: 'goal', minute: 21, side: 'home', player_name: 'Offside Nine' } })
    expect(goal.status).toBe(200)
    await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: { kind: 'var', minute: 23, side: 'home', detail: 'goal_disallowed' } })
    await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: { kind: 'missed_penalty', minute: 40, side: 'away', player_name: 'Missed Ten' } })
    await callApi(`matches/${id}/events`, { method: 'POST', bearer: token, body: { kind: 'second_yellow', minute: 44, side: 'away', player_name: 'Booked Four' } })
    const undo = await callApi<{ state: LiveState }>(`matches/${id}/events/${goal.body.data!.event.id}`, { method: 'DELETE', bearer: token })
    expect(undo.status).toBe(200)
    expect(undo.body.data!.state.ft).toEqual([0, 0])
    expect((await callApi(`matches/${id}/events/${goal.body.data!.event.id}`, { method: 'DELETE', bearer: token })).status).toBe(404)

    const told = await reader.next(5)
    expect(told[4]).toMatchObject({ removedEvent: goal.body.data!.event.id, state: { ft: [0, 0] } })
    reader.socket.close()
    const snapshot = (await callApi<LiveSnapshot>(`matches/${id}/live`)).body.data!
    expect(snapshot.events.map((e) => [e.kind, e.detail])).toEqual([['var', 'goal_disallowed'], ['missed_penalty', null], ['second_yellow', null]])
    const page = await pageOf(id)
    expect(page).toMatch(/VAR(<!-- -->)? · Goal disallowed/)
    expect(page).toContain('Missed penalty')
    expect(page).toContain('Second yellow card')
    expect(page).not.toContain('Offside Nine')
    expect((await auditActions(id)).at(-1)).toBe('match.event_remove')
  })
})

describe('the live text', () => {
  it('adds, edits and deletes entries, broadcast in order and in the page without script', async () => {
    const id = await newMatch('scheduled')
    const { token } = await editor()
    const reader = await subscribe(id)
    const add = (body: unknown) => callApi<{ id: number; entry: CommentaryEntry }>(`matches/${id}/commentary`, { method: 'POST', bearer: token, body })
    const first = await add({ minute: 1, text: { ar: 'انطلقت المباراة', en: 'We are under way' } })
    expect(first.status).toBe(201)
    expect(first.body.data!.id).toEqual(expect.any(Number))
    const key = await add({ minute: 12, text: { en: 'Header against the bar' }, key: true })
    const pinned = await add({ minute: 0, text: { ar: 'مرحباً بكم في التغطية المباشرة' }, pinned: true })
    expect([key.status, pinned.status]).toEqual([201, 201])

    const none = await add({ minute: 5, text: {} })
    expect(none.status).toBe(422)
    expect(none.body.errors).toHaveProperty('text')
    expect((await add({ minute: 5, text: { en: '   ' } })).status).toBe(422)
    expect((await add({ minute: 200, text: { en: 'x' } })).status).toBe(422)
    expect((await add({ minute: 5, text: { en: 'x'.repeat(2001) } })).status).toBe(422)

    const edit = await callApi<{ entry: CommentaryEntry }>(`matches/${id}/commentary/${key.body.data!.id}`, {
      method: 'PATCH',
      bearer: token,
      body: { text: { ar: 'رأسية في العارضة' }, minute: 13 },
    })
    expect(edit.status).toBe(200)
    expect(edit.body.data!.entry).toMatchObject({ minute: 13, key: true, text: { ar: 'رأسية في العارضة', en: 'Header against the bar' } })
    const emptied = await callApi(`matches/${id}/commentary/${pinned.body.data!.id}`, { method: 'PATCH', bearer: token, body: { text: { ar: null } } })
    expect(emptied.status).toBe(422)
    expect((await callApi(`matches/${id}/commentary/${first.body.data!.id}`, { method: 'DELETE', bearer: token })).status).toBe(200)
    expect((await callApi(`matches/${id}/commentary/${first.body.data!.id}`, { method: 'DELETE', bearer: token })).status).toBe(404)
    const other = await newMatch()
    expect((await callApi(`matches/${other}/commentary/${key.body.data!.id}`, { method: 'DELETE', bearer: token })).status).toBe(404)

    const told = await reader.next(5)
    expect(told.map((m) => m.state.version)).toEqual([1, 2, 3, 4, 5])
    expect(told[3]!.commentary).toMatchObject({ id: key.body.data!.id, minute: 13 })
    expect(told[4]!.removedCommentary).toBe(first.body.data!.id)
    reader.socket.close()

    const snapshot = (await callApi<LiveSnapshot>(`matches/${id}/live`)).body.data!
    // Pinned first, then the newest minute.
    expect(snapshot.commentary.map((e) => e.id)).toEqual([pinned.body.data!.id, key.body.data!.id])
    const en = await pageOf(id, 'en')
    expect(en).toContain('Header against the bar')
    expect(en).toContain('class="commentary-filter-input"')
    // An entry written only in Arabic shows in Arabic on the English page, marked as such.
    expect(en).toContain('lang="ar" dir="rtl">مرحباً بكم في التغطية المباشرة')
    expect(await pageOf(id, 'ar')).toContain('رأسية في العارضة')
    expect(await auditActions(id)).toEqual(['match.commentary_add', 'match.commentary_add', 'match.commentary_add', 'match.commentary_edit', 'match.commentary_remove'])
  })

  it('is for editors only', async () => {
    const id = await newMatch()
    const body = { minute: 3, text: { en: 'Not mine to write' } }
    expect((await callApi(`matches/${id}/commentary`, { method: 'POST', body })).status).toBe(401)
    const contributor = await insertUserWithRole('contributor')
    expect((await callApi(`matches/${id}/commentary`, { method: 'POST', bearer: contributor.token, body })).status).toBe(403)
    expect((await callApi('matches/999999999/commentary', { method: 'POST', bearer: (await editor()).token, body })).status).toBe(404)
  })
})

describe('the team sheets', () => {
  it('saves each side whole and shows it on the page, broadcast to open pages', async () => {
    const id = await newMatch('scheduled')
    const { token } = await editor()
    const [known] = await sql()<{ id: number }[]>`select id::int from players order by id limit 1`
    const reader = await subscribe(id)
    const starters = [{ name: 'Keeper One', shirt_number: 1, position: 'GK', player_id: known!.id }, ...Array.from({ length: 10 }, (_, i) => ({ name: `Outfield ${i + 2}`, shirt_number: i + 2 }))]
    const saved = await callApi<Lineups>(`matches/${id}/lineups/home`, {
      method: 'PUT',
      bearer: token,
      body: { formation: '4-3-3', coach: 'Home Coach', starters, bench: [{ name: 'Bench Twelve', shirt_number: 12 }] },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data!.home).toMatchObject({ formation: '4-3-3', coach: 'Home Coach' })
    expect(saved.body.data!.home!.starters).toHaveLength(11)
    expect(saved.body.data!.home!.starters[0]!.player).not.toBeNull()
    expect(saved.body.data!.away).toBeNull()

    const twelve = [...starters, { name: 'Twelfth Man' }]
    expect((await callApi(`matches/${id}/lineups/home`, { method: 'PUT', bearer: token, body: { starters: twelve } })).status).toBe(422)
    expect((await callApi(`matches/${id}/lineups/home`, { method: 'PUT', bearer: token, body: { starters: [], formation: '4-4-2; drop table' } })).status).toBe(422)
    const twice = await callApi(`matches/${id}/lineups/away`, { method: 'PUT', bearer: token, body: { starters: [{ name: 'A', player_id: known!.id }, { name: 'B', player_id: known!.id }] } })
    expect(twice.status).toBe(422)
    expect((await callApi(`matches/${id}/lineups/middle`, { method: 'PUT', bearer: token, body: { starters: [] } })).status).toBe(404)

    const [told] = await reader.next(1)
    expect(told!.lineups?.home?.coach).toBe('Home Coach')
    reader.socket.close()
    const page = await pageOf(id)
    expect(page).toContain('Starting eleven')
    expect(page).toContain('Bench Twelve')
    expect(page).toContain('Coach: <bdi>Home Coach</bdi>')
    expect(await pageOf(id, 'ar')).toContain('التشكيلة الأساسية')
  })
})
