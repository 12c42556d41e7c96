// The live desk's screens (issue 16 §1): the list of matches to run and a match's console,
// for editors only, in both languages, drawn from the live snapshot; and the console's own
// way to the live API, which carries the page's session and takes JSON only.
import { describe, expect, it } from 'vitest'
import { fetchPage, ORIGIN, sql } from './helpers.ts'
import { deskVisitor, pageText, type Visitor } from './visitor.ts'

/** A fresh scheduled match in an hour, between two seeded clubs, with their names. */
async function newMatch(): Promise<{ id: number; home: Record<'ar' | 'en', string> }> {
  const [row] = await sql()<{ id: number; home: Record<'ar' | 'en', string> }[]>`
    with pick as (
      select s.id as season_id, (select id from clubs order by id limit 1) as home,
             (select id from clubs order by id offset 1 limit 1) as away
      from seasons s order by s.id limit 1),
    made as (
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
      select season_id, now() + interval '1 hour', home, away, 'scheduled', ${`test:desk-live:${crypto.randomUUID()}`} from pick
      returning id, home_club_id, away_club_id)
    select made.id::int, h.name as home from made join clubs h on h.id = made.home_club_id`
  return row!
}

/**
 * A call of the console island: JSON to the console page's API address, with the visitor's
 * cookies. The answer is read whole: an unread page (a 403's) holds the worker up.
 */
async function consoleCall(visitor: Visitor, lang: string, id: number, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { cookie: visitor.cookieHeader, origin: ORIGIN, accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetchPage(`/${lang}/desk/matches/${id}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, text: await res.text() }
}

describe('the live desk screens', () => {
  // The file's first request starts the worker: some 15 s, more on a busy machine.
  it('refuses a reader and a contributor both screens with the 403 page', { timeout: 60_000 }, async () => {
    const match = await newMatch()
    for (const role of ['reader', 'contributor'] as const) {
      const { visitor } = await deskVisitor(role)
      await pageText(visitor, '/en/desk/matches', 403)
      await pageText(visitor, `/ar/desk/matches/${match.id}`, 403)
      expect((await consoleCall(visitor, 'en', match.id, 'PATCH', '', { step: 'kick_off' })).status).toBe(403)
    }
  })

  it.each(['ar', 'en'] as const)('shows an editor the matches to run and finds one by club or number, in %s', async (lang) => {
    const { visitor } = await deskVisitor('editor')
    const match = await newMatch()
    const list = await pageText(visitor, `/${lang}/desk/matches`)
    expect(list).toContain(`lang="${lang}"`)
    expect(list).toContain(`href="/${lang}/desk/matches/${match.id}"`)
    expect(list).toContain(`href="/${lang}/desk/matches" aria-current="page"`)
    const found = await pageText(visitor, `/${lang}/desk/matches?q=${encodeURIComponent(match.home[lang].slice(0, 3))}`)
    expect(found).toContain(`href="/${lang}/desk/matches/${match.id}"`)
    const none = await pageText(visitor, `/${lang}/desk/matches?q=no-such-club-${crypto.randomUUID()}`)
    expect(none).not.toContain(`href="/${lang}/desk/matches/${match.id}"`)
    const byNumber = await visitor.get(`/${lang}/desk/matches?q=${match.id}`)
    expect(byNumber.status).toBe(303)
    expect(byNumber.headers.get('location')).toBe(`/${lang}/desk/matches/${match.id}`)
  })

  it.each(['ar', 'en'] as const)('shows an editor the console with the snapshot, in %s', async (lang) => {
    const { visitor } = await deskVisitor('editor')
    const match = await newMatch()
    expect((await consoleCall(visitor, lang, match.id, 'PATCH', '', { step: 'kick_off' })).status).toBe(200)
    const goal = await consoleCall(visitor, lang, match.id, 'POST', '/events', { kind: 'goal', minute: 3, side: 'away', player_name: 'Test Scorer' })
    expect(goal.status).toBe(200)
    const entry = await consoleCall(visitor, lang, match.id, 'POST', '/commentary', { minute: 3, text: { ar: 'هدف مبكر', en: 'An early goal' }, key: true })
    expect(entry.status).toBe(201)
    const page = await pageText(visitor, `/${lang}/desk/matches/${match.id}`)
    expect(page).toContain('data-island="live-console"')
    expect(page).toContain(match.home[lang])
    expect(page).toContain('Test Scorer')
    expect(page).toContain('هدف مبكر')
    expect(page).toContain('An early goal')
    // The score on the board, and the steps that follow from the first half enabled, kick-off not.
    expect(page).toMatch(/class="score-home">0<\/span>.*class="score-away">1<\/span>/s)
    expect(page).toMatch(/<button class="button" type="button" disabled="">[^<]*(Kick off|انطلاق المباراة)/)
    await pageText(visitor, `/${lang}/desk/matches/999999999`, 404)
  })

  it('answers the console in the page’s language, and takes changes as JSON only', async () => {
    const { visitor } = await deskVisitor('editor')
    const match = await newMatch()
    const early = await consoleCall(visitor, 'ar', match.id, 'PATCH', '', { step: 'half_time' })
    expect(early.status).toBe(409)
    expect((JSON.parse(early.text) as { message: string }).message).toMatch(/[\u0600-\u06FF]/)
    const form = await fetchPage(`/en/desk/matches/${match.id}/api/events`, {
      method: 'POST',
      headers: { cookie: visitor.cookieHeader, origin: ORIGIN, 'content-type': 'text/plain' },
      body: JSON.stringify({ kind: 'goal', minute: 1, side: 'home', player_name: 'X' }),
    })
    expect(form.status).toBe(415)
    expect(((await form.json()) as { message: string }).message).toBe('Please send the request as JSON.')
    // Judged as the API judges a body (src/api/input.ts): a media type in capitals is JSON, a body that does not parse is 400.
    const broken = await fetchPage(`/en/desk/matches/${match.id}/api/events`, {
      method: 'POST',
      headers: { cookie: visitor.cookieHeader, origin: ORIGIN, 'content-type': 'Application/JSON; charset=utf-8' },
      body: '{"kind":',
    })
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { message: string }).message).toBe('The request body is not valid JSON.')
    expect((await consoleCall(visitor, 'en', match.id, 'GET', '/socket')).status).toBe(404)
    const live = await consoleCall(visitor, 'en', match.id, 'GET', '/live')
    expect((JSON.parse(live.text) as { data: { status: string } }).data.status).toBe('scheduled')
  })
})
