// Every way an alert starts (issue 27, section 3; decisions 134–136, 141), each from the write
// that makes it through the real queue to the stand-in push service: a post the cron publishes,
// the team sheets, a red card, a missed penalty, half-time and full-time, a goal VAR takes back.
// Each reaches a device exactly once, in the device's language (opened with the device's own
// keys by http_ece), with a topic per match, a short TTL and high urgency for goals. Then what a
// spoiler-free reader is told: the match and what kind of thing happened, or nothing.
import { createScheduledController, env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { MatchAlertEvent } from '../../src/alerts/events.ts'
import worker from '../../src/index.tsx'
import { consume, eventId, exactly, FSI, follower, freshMatch, goal, opened, PDI, type Reader } from './alert-helpers.ts'
import { callApi } from './api-helpers.ts'
import { sql } from './helpers.ts'
import { editor } from './live-helpers.ts'

const LIVE = { ttl: '300' }
const ar = (name: string) => `${FSI}${name}${PDI}`
const arMatch = `${ar('ليفربول')} ضد ${ar('آرسنال')}`
const enMatch = `${ar('Liverpool')} v ${ar('Arsenal')}`

/** The live desk's calls on the match, as an editor. */
async function desk(matchId: number) {
  const { token } = await editor()
  return async (path: string, method: string, body?: unknown) => {
    const res = await callApi<{ event: { id: number } }>(`matches/${matchId}${path}`, { method, bearer: token, body })
    expect(res.status).toBe(200)
    return res.body.data!
  }
}

/** Two readers of the match's home club, one with an Arabic device and one with an English one. */
async function bothLanguages(club: number, alerts?: string[]): Promise<[Reader, Reader]> {
  const follow = { type: 'club', id: club, ...(alerts && { alerts }) }
  return [await follower(follow), await follower(follow, { lang: 'en' })]
}

describe('an alert from each write that makes one', () => {
  it('a post the cron publishes at its time alerts the followers of its tag once, in their language', async () => {
    const f = await freshMatch()
    const [arabic, english] = await bothLanguages(f.away)
    const { token } = await editor()
    const tag = crypto.randomUUID().slice(0, 8)
    const created = await callApi<{ id: string; slug: { ar: string; en: string } }>('desk/posts', {
      bearer: token,
      body: {
        kind: 'news',
        title: { ar: `آرسنال يمدد عقد مدربه ${tag}`, en: `Arsenal extend their coach's contract ${tag}` },
        summary: { ar: 'ملخص الخبر.', en: 'The summary.' },
        body: { ar: '<p>نص الخبر.</p>', en: '<p>The story.</p>' },
        tags: [{ type: 'club', id: f.away }],
      },
    })
    expect(created.status).toBe(201)
    const { id, slug } = created.body.data!
    const at = new Date(Date.now() + 60_000).toISOString()
    expect((await callApi(`desk/posts/${id}/publish`, { method: 'POST', body: { at }, bearer: token })).status).toBe(200)
    // The minute passes, and the cron runs.
    await sql()`update posts set published_at = now() - interval '1 second' where id = ${id}`
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env)

    const [toArabic] = await exactly(arabic.endpoint, 1)
    expect(opened(toArabic!)).toEqual({ kind: 'news', title: 'خبر عمّا تتابعه', body: ar(`آرسنال يمدد عقد مدربه ${tag}`), url: `/ar/news/${encodeURIComponent(slug.ar)}`, lang: 'ar', topic: `p${id}` })
    expect(toArabic!.headers).toMatchObject({ topic: `p${id}`, ttl: String(24 * 60 * 60), urgency: 'low' })
    const [toEnglish] = await exactly(english.endpoint, 1)
    expect(opened(toEnglish!)).toMatchObject({ title: 'News of what you follow', body: ar(`Arsenal extend their coach's contract ${tag}`), url: `/en/news/${encodeURIComponent(slug.en)}` })
    // The cron's next minute publishes nothing new, and sends nothing again.
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env)
    await exactly(arabic.endpoint, 1)
  })

  it('the team sheets alert once, when the first side has its eleven, without a score', async () => {
    const f = await freshMatch()
    const [arabic, english] = await bothLanguages(f.home)
    const call = await desk(f.matchId)
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `Player ${i + 1}`, shirt_number: i + 1 }))
    await call('/lineups/home', 'PUT', { starters: eleven.slice(0, 10) })
    await call('/lineups/home', 'PUT', { starters: eleven })
    await call('/lineups/away', 'PUT', { starters: eleven })

    const [toArabic] = await exactly(arabic.endpoint, 1)
    expect(opened(toArabic!)).toEqual({ kind: 'lineups', title: 'أُعلنت التشكيلتان', body: arMatch, url: `/ar/matches/${f.matchId}`, lang: 'ar', topic: `m${f.matchId}` })
    expect(toArabic!.headers).toMatchObject({ topic: `m${f.matchId}`, ...LIVE, urgency: 'normal' })
    const [toEnglish] = await exactly(english.endpoint, 1)
    expect(opened(toEnglish!)).toMatchObject({ kind: 'lineups', title: 'The team sheets are out', body: enMatch })
  })

  it('a red card and a missed penalty, with the player, the minute and the score', async () => {
    const f = await freshMatch()
    await sql()`update matches set status = 'scheduled' where id = ${f.matchId}`
    const [arabic, english] = await bothLanguages(f.home, ['red_card', 'penalty_missed'])
    const call = await desk(f.matchId)
    await call('', 'PATCH', { step: 'kick_off' })
    await call('/events', 'POST', { kind: 'red_card', minute: 30, side: 'away', player_name: 'Saka' })
    await call('/events', 'POST', { kind: 'missed_penalty', minute: 45, stoppage: 2, side: 'home', player_name: 'Zaldor', player_id: f.player })

    const pushes = await exactly(arabic.endpoint, 2)
    expect(pushes.map(opened)).toEqual([
      { kind: 'red_card', title: `بطاقة حمراء: ${ar('Saka')} 30′`, body: `${ar('ليفربول')} 0–0 ${ar('آرسنال')}`, url: `/ar/matches/${f.matchId}`, lang: 'ar', topic: `m${f.matchId}` },
      { kind: 'penalty_missed', title: `ركلة جزاء ضائعة: ${ar('زالدور')} 45+2′`, body: `${ar('ليفربول')} 0–0 ${ar('آرسنال')}`, url: `/ar/matches/${f.matchId}`, lang: 'ar', topic: `m${f.matchId}` },
    ])
    for (const push of pushes) expect(push.headers).toMatchObject({ topic: `m${f.matchId}`, ...LIVE, urgency: 'normal' })
    expect((await exactly(english.endpoint, 2)).map((push) => opened(push).title)).toEqual([`Red card: ${ar('Saka')} 30′`, `Penalty missed: ${ar('Zaldor')} 45+2′`])
  })

  it('half-time and full-time, each with the score then', async () => {
    const f = await freshMatch()
    await sql()`update matches set status = 'scheduled' where id = ${f.matchId}`
    const arabic = await follower({ type: 'match', id: f.matchId, alerts: ['half_time', 'full_time'] })
    const english = await follower({ type: 'match', id: f.matchId, alerts: ['half_time', 'full_time'] }, { lang: 'en' })
    const call = await desk(f.matchId)
    await call('', 'PATCH', { step: 'kick_off' })
    await call('/events', 'POST', { kind: 'goal', minute: 20, side: 'home', player_name: 'Zaldor', player_id: f.player })
    await call('', 'PATCH', { step: 'half_time' })
    await call('', 'PATCH', { step: 'second_half' })
    await call('/events', 'POST', { kind: 'goal', minute: 70, side: 'away', player_name: 'Saka' })
    await call('', 'PATCH', { step: 'full_time' })

    const pushes = await exactly(arabic.endpoint, 2)
    expect(pushes.map(opened)).toMatchObject([
      { kind: 'half_time', title: 'نهاية الشوط الأول', body: `${ar('ليفربول')} 1–0 ${ar('آرسنال')}` },
      { kind: 'full_time', title: 'نهاية المباراة', body: `${ar('ليفربول')} 1–1 ${ar('آرسنال')}` },
    ])
    for (const push of pushes) expect(push.headers).toMatchObject({ topic: `m${f.matchId}`, ...LIVE, urgency: 'normal' })
    expect((await exactly(english.endpoint, 2)).map(opened)).toMatchObject([
      { title: 'Half-time', body: `${ar('Liverpool')} 1–0 ${ar('Arsenal')}` },
      { title: 'Full-time', body: `${ar('Liverpool')} 1–1 ${ar('Arsenal')}` },
    ])
  })

  it('a result entered at the desk for a match nobody ran live: full-time, with its score', async () => {
    const f = await freshMatch()
    await sql()`update matches set status = 'scheduled' where id = ${f.matchId}`
    const english = await follower({ type: 'match', id: f.matchId, alerts: ['full_time'] }, { lang: 'en' })
    const { token } = await editor()
    const res = await callApi(`desk/matches/${f.matchId}`, { method: 'PATCH', bearer: token, body: { status: 'finished', score: { ft: [2, 0] } } })
    expect(res.status).toBe(200)
    expect((await exactly(english.endpoint, 1)).map(opened)).toMatchObject([{ kind: 'full_time', title: 'Full-time', body: `${ar('Liverpool')} 2–0 ${ar('Arsenal')}` }])
  })

  it('a goal VAR takes back: the goal, then one correction with the score after it, both urgent', async () => {
    const f = await freshMatch()
    const [arabic, english] = await bothLanguages(f.home)
    const call = await desk(f.matchId)
    const { event } = await call('/events', 'POST', { kind: 'goal', minute: 55, side: 'home', player_name: 'Zaldor', player_id: f.player })
    await exactly(arabic.endpoint, 1)
    // The review is recorded, then the desk takes the goal back with its undo (decision 090).
    await call('/events', 'POST', { kind: 'var', minute: 57, side: 'home', detail: 'goal_disallowed' })
    await call(`/events/${event.id}`, 'DELETE')

    const pushes = await exactly(arabic.endpoint, 2)
    expect(pushes.map(opened)).toMatchObject([
      { kind: 'goal', title: `هدف! ${ar('زالدور')} 55′`, body: `${ar('ليفربول')} 1–0 ${ar('آرسنال')}` },
      { kind: 'correction', title: `إلغاء هدف: ${ar('زالدور')}`, body: `${ar('ليفربول')} 0–0 ${ar('آرسنال')}`, url: `/ar/matches/${f.matchId}` },
    ])
    for (const push of pushes) expect(push.headers).toMatchObject({ topic: `m${f.matchId}`, ...LIVE, urgency: 'high' })
    expect((await exactly(english.endpoint, 2)).map((push) => opened(push).title)).toEqual([`Goal! ${ar('Zaldor')} 55′`, `Goal disallowed: ${ar('Zaldor')}`])
  })
})

describe('a spoiler-free reader', () => {
  /** An event of the match of `kind`, as the desk would queue it, keyed apart from every other. */
  const eventOf = (f: Awaited<ReturnType<typeof freshMatch>>, kind: MatchAlertEvent['kind']): MatchAlertEvent => {
    const id = eventId()
    return { ...goal(f, id, [2, 1]), kind, key: `${kind}:${id}`, ...(kind === 'correction' && { correctionOf: `goal:${id}` }) }
  }

  it('is told that a goal came and in which match, without the scorer or the score, in both languages', async () => {
    const f = await freshMatch()
    const everything = { spoiler_free: 'all', spoiler_alerts: 'vague' } as const
    const vagueArabic = await follower({ type: 'club', id: f.home }, { spoiler: everything })
    const vagueEnglish = await follower({ type: 'match', id: f.matchId }, { lang: 'en', spoiler: { spoiler_free: 'follows', spoiler_alerts: 'vague' } })
    const plain = await follower({ type: 'club', id: f.home })

    const scored = goal(f, eventId(), [2, 1])
    await consume([scored, { ...scored, kind: 'correction', key: `correction:${scored.key.slice(5)}`, score: [1, 1], correctionOf: scored.key }])
    const [arGoal, arCorrection] = (await exactly(vagueArabic.endpoint, 2)).map(opened)
    expect(arGoal).toEqual({
      kind: 'goal',
      title: `هدف في مباراة ${ar('ليفربول')} – ${ar('آرسنال')}`,
      body: 'دون حرق النتيجة: تبقى مخفية حتى تختار إظهارها.',
      url: `/ar/matches/${f.matchId}`,
      lang: 'ar',
      topic: `m${f.matchId}`,
    })
    expect(arCorrection).toMatchObject({ kind: 'correction', title: `إلغاء هدف في مباراة ${ar('ليفربول')} – ${ar('آرسنال')}` })
    const [enGoal, enCorrection] = (await exactly(vagueEnglish.endpoint, 2)).map(opened)
    expect(enGoal).toMatchObject({ title: `Goal in ${ar('Liverpool')} – ${ar('Arsenal')}`, body: 'Spoiler-free: the score stays hidden until you show it.' })
    expect(enCorrection).toMatchObject({ title: `Goal disallowed in ${ar('Liverpool')} – ${ar('Arsenal')}` })
    for (const alert of [arGoal, arCorrection, enGoal, enCorrection]) {
      const text = JSON.stringify(alert)
      for (const spoiler of ['Zaldor', 'زالدور', '67', '2–1', '1–1']) expect(text).not.toContain(spoiler)
    }
    // The same goal for a reader who hides nothing, as ever.
    expect((await exactly(plain.endpoint, 2)).map((push) => opened(push).title)).toEqual([`هدف! ${ar('زالدور')} 67′`, `إلغاء هدف: ${ar('زالدور')}`])
  })

  it('hears vaguely of each kind that tells the score, and as usual of kick-off and the team sheets', async () => {
    const f = await freshMatch()
    const all = ['kickoff', 'lineups', 'goal', 'red_card', 'penalty_missed', 'half_time', 'full_time']
    const arabic = await follower({ type: 'club', id: f.home, alerts: all }, { spoiler: { spoiler_free: 'follows', spoiler_alerts: 'vague' } })
    const english = await follower({ type: 'club', id: f.home, alerts: all }, { lang: 'en', spoiler: { spoiler_free: 'all', spoiler_alerts: 'vague' } })
    const kinds = ['kickoff', 'lineups', 'red_card', 'penalty_missed', 'half_time', 'full_time'] as const
    await consume(kinds.map((kind) => eventOf(f, kind)))
    const fixtureAr = `${ar('ليفربول')} – ${ar('آرسنال')}`
    expect((await exactly(arabic.endpoint, kinds.length)).map((push) => [opened(push).title, opened(push).body])).toEqual([
      ['انطلقت المباراة', arMatch],
      ['أُعلنت التشكيلتان', arMatch],
      [`بطاقة حمراء في مباراة ${fixtureAr}`, 'دون حرق النتيجة: تبقى مخفية حتى تختار إظهارها.'],
      [`ركلة جزاء ضائعة في مباراة ${fixtureAr}`, 'دون حرق النتيجة: تبقى مخفية حتى تختار إظهارها.'],
      [`نهاية الشوط الأول في مباراة ${fixtureAr}`, 'دون حرق النتيجة: تبقى مخفية حتى تختار إظهارها.'],
      [`صافرة النهاية في مباراة ${fixtureAr}`, 'دون حرق النتيجة: تبقى مخفية حتى تختار إظهارها.'],
    ])
    const fixtureEn = `${ar('Liverpool')} – ${ar('Arsenal')}`
    expect((await exactly(english.endpoint, kinds.length)).map((push) => opened(push).title)).toEqual([
      'The match has kicked off',
      'The team sheets are out',
      `Red card in ${fixtureEn}`,
      `Penalty missed in ${fixtureEn}`,
      `Half-time in ${fixtureEn}`,
      `Full-time in ${fixtureEn}`,
    ])
  })

  it('who chose no alerts for hidden matches is sent kick-off and the team sheets, and nothing that tells the score', async () => {
    const f = await freshMatch()
    const silent = await follower({ type: 'club', id: f.home }, { spoiler: { spoiler_free: 'all', spoiler_alerts: 'none' } })
    const silentEnglish = await follower({ type: 'player', id: f.player }, { lang: 'en', spoiler: { spoiler_free: 'follows', spoiler_alerts: 'none' } })
    await consume(['kickoff', 'goal', 'red_card', 'half_time', 'full_time', 'lineups'].map((kind) => eventOf(f, kind as MatchAlertEvent['kind'])))
    expect((await exactly(silent.endpoint, 2)).map((push) => opened(push).kind)).toEqual(['kickoff', 'lineups'])
    // A player's follower asks for the team sheets, the goal, the red card and corrections by default.
    expect((await exactly(silentEnglish.endpoint, 1)).map((push) => opened(push).kind)).toEqual(['lineups'])
  })
})
