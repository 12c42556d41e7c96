// Follows (issue 27, section 1): the API's calls and refusals, the 200 limit, the cascade on
// deleting the account, the follow button's form without JavaScript in both languages, the
// guest who signs in and comes back with the follow made, the profile's list, and the kept
// public page that never carries one reader's follow state.
import { describe, expect, it } from 'vitest'
import { callApi } from './api-helpers.ts'
import { fetchPage, insertUserWithSession, sql, type TestUser } from './helpers.ts'
import { signedIn, Visitor } from './visitor.ts'

interface FollowData {
  type: string
  id: number | string
  name: string
  alerts: string[]
}

async function newClub(en = 'Follow FC', ar = 'نادي المتابعة'): Promise<number> {
  const [row] = await sql()<{ id: string }[]>`
    insert into clubs (name, short_name, source_key)
    values (${sql().json({ en, ar })}, ${sql().json({ en, ar })}, ${`test:follow:${crypto.randomUUID()}`})
    returning id`
  return Number(row!.id)
}

async function newPlayer(): Promise<number> {
  const [row] = await sql()<{ id: string }[]>`
    insert into players (name, source_key) values (${sql().json({ en: 'Followed Player', ar: 'لاعب متابع' })}, ${`test:follow:${crypto.randomUUID()}`})
    returning id`
  return Number(row!.id)
}

async function newMatch(): Promise<{ id: number; home: number; away: number }> {
  const home = await newClub('Home Follow', 'المضيف')
  const away = await newClub('Away Follow', 'الضيف')
  const [season] = await sql()<{ id: string }[]>`select id from seasons where competition_id = 'fx.league' limit 1`
  const [row] = await sql()<{ id: string }[]>`
    insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
    values (${season!.id}, now() + interval '3 days', ${home}, ${away}, 'scheduled', ${`test:follow:${crypto.randomUUID()}`})
    returning id`
  return { id: Number(row!.id), home, away }
}

const follow = (user: TestUser, body: unknown, lang?: string) => callApi<FollowData>('follows', { method: 'POST', body, bearer: user.token, lang })

describe('the follows API', () => {
  it('follows a club with its default alerts, answers 200 the second time, and lists it by name', async () => {
    const user = await insertUserWithSession()
    const club = await newClub()
    const first = await follow(user, { type: 'club', id: club }, 'en')
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ type: 'club', id: club, name: 'Follow FC', alerts: ['kickoff', 'lineups', 'goal', 'red_card', 'half_time', 'full_time', 'correction', 'news'] })
    const again = await follow(user, { type: 'club', id: String(club) }, 'en')
    expect(again.status).toBe(200)
    const list = await callApi<{ follows: FollowData[] }>('follows', { bearer: user.token, lang: 'ar' })
    expect(list.status).toBe(200)
    expect(list.body.data!.follows).toEqual([expect.objectContaining({ type: 'club', id: club, name: 'نادي المتابعة' })])
    expect(list.res.headers.get('cache-control')).toMatch(/no-store/)
  })

  it('follows a player, a competition and a match, each with its own defaults and names', async () => {
    const user = await insertUserWithSession()
    const player = await newPlayer()
    const match = await newMatch()
    expect((await follow(user, { type: 'player', id: player })).body.data!.alerts).toEqual(['lineups', 'goal', 'red_card', 'correction', 'news'])
    expect((await follow(user, { type: 'competition', id: 'fx.league' }, 'en')).body.data).toMatchObject({ id: 'fx.league', name: 'Fixture League', alerts: ['kickoff', 'news'] })
    const followed = await follow(user, { type: 'match', id: match.id, alerts: ['goal', 'kickoff', 'goal'] }, 'en')
    expect(followed.status).toBe(201)
    expect(followed.body.data).toMatchObject({ name: 'Home Follow – Away Follow', alerts: ['kickoff', 'goal'] })
  })

  it('changes the alerts with PATCH and unfollows with DELETE; both 404 for what is not followed', async () => {
    const user = await insertUserWithSession()
    const club = await newClub()
    await follow(user, { type: 'club', id: club })
    const patched = await callApi<FollowData>(`follows/club/${club}`, { method: 'PATCH', body: { alerts: ['penalty_missed', 'goal'] }, bearer: user.token })
    expect(patched.status).toBe(200)
    expect(patched.body.data!.alerts).toEqual(['goal', 'penalty_missed'])
    expect((await callApi(`follows/club/${club}`, { method: 'PATCH', body: { alerts: ['dance'] }, bearer: user.token })).status).toBe(422)
    expect((await callApi(`follows/club/${club}`, { method: 'DELETE', bearer: user.token })).status).toBe(200)
    expect((await callApi(`follows/club/${club}`, { method: 'DELETE', bearer: user.token })).status).toBe(404)
    expect((await callApi(`follows/club/${club}`, { method: 'PATCH', body: { alerts: [] }, bearer: user.token })).status).toBe(404)
    expect((await callApi('follows/team/1', { method: 'DELETE', bearer: user.token })).status).toBe(404)
    const [row] = await sql()<{ n: number }[]>`select count(*)::int as n from follows where user_id = ${user.id}`
    expect(row!.n).toBe(0)
  })

  it('refuses a guest, unknown ids in both languages, and bad input of every kind with a 4xx', async () => {
    const user = await insertUserWithSession()
    expect((await callApi('follows', { method: 'POST', body: { type: 'club', id: 1 } })).status).toBe(401)
    const unknownEn = await follow(user, { type: 'club', id: 999_999_999 }, 'en')
    expect(unknownEn.status).toBe(422)
    expect(unknownEn.body.errors!.id).toMatch(/no such club/)
    const unknownAr = await follow(user, { type: 'competition', id: 'no.such' }, 'ar')
    expect(unknownAr.status).toBe(422)
    expect(unknownAr.body.errors!.id).toMatch(/[\u0600-\u06FF]/)
    for (const [type, id] of [['player', 999_999_999], ['match', 999_999_999]] as const) {
      const unknown = await follow(user, { type, id }, 'en')
      expect(unknown.status).toBe(422)
      expect(Object.keys(unknown.body.errors!)).toEqual(['id'])
    }
    // Each refused with the field it is about; a body over the API's 64 KB unread (413).
    const bodies: [unknown, number, string?][] = [
      [{ type: 'team', id: 1 }, 422, 'type'],
      [{ type: 'club', id: -1 }, 422, 'id'],
      [{ type: 'club', id: 1e300 }, 422, 'id'],
      [{ type: 'club', id: 'x'.repeat(10_000) }, 422, 'id'],
      [{ type: 'club', id: [1, 2] }, 422, 'id'],
      [{ type: 'club', id: 1, alerts: 'goal' }, 422, 'alerts'],
      [{ type: 'club', id: 1, alerts: ['goal', 'kick-off'] }, 422, 'alerts'],
      [{ type: 'club', id: 1, alerts: Array.from({ length: 5_000 }, () => 'goal') }, 422, 'alerts'],
      [{ type: 'club', id: 1, alerts: Array.from({ length: 10_000 }, () => 'goal') }, 413],
      [{ type: 'competition', id: 'a\u0000b' }, 422],
      [{ type: 'competition', id: '\ud800' }, 422],
      [[{ type: 'club', id: 1 }], 422, 'type'],
      // 10,000 follows at once: a list, and larger than any follow.
      [Array.from({ length: 10_000 }, (_, i) => ({ type: 'club', id: i + 1 })), 413],
      [Array.from({ length: 2_000 }, (_, i) => ({ type: 'club', id: i + 1 })), 422, 'type'],
    ]
    for (const [body, status, field] of bodies) {
      const answer = await follow(user, body)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      if (field) expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field)
    }
    expect(await sql()`select 1 from follows where user_id = ${user.id}`).toHaveLength(0)
    const malformed = await callApi('follows', { method: 'POST', rawBody: '{"type": "club", "id": ', bearer: user.token })
    expect(malformed.status).toBe(400)
  })

  it('refuses the 201st follow with a 422, and follows again once one is removed', async () => {
    const user = await insertUserWithSession()
    const clubs: number[] = []
    for (let i = 0; i < 201; i++) clubs.push(await newClub(`Limit ${i}`, `حد ${i}`))
    await sql()`insert into follows (user_id, type, club_id, alerts) select ${user.id}, 'club', id::bigint, '{}' from jsonb_array_elements_text(${sql().json(clubs.slice(0, 200))}) as id`
    const refused = await follow(user, { type: 'club', id: clubs[200] }, 'en')
    expect(refused.status).toBe(422)
    expect(refused.body.errors!.body).toMatch(/at most 200/)
    await callApi(`follows/club/${clubs[0]}`, { method: 'DELETE', bearer: user.token })
    expect((await follow(user, { type: 'club', id: clubs[200] })).status).toBe(201)
  })

  // PGlite runs one transaction at a time, so there this passes without the lock as well; on
  // PostgreSQL (DATABASE_URL) the calls overlap, and without the lock all five would insert.
  it('lets only one of several calls at once take the 200th place', async () => {
    const user = await insertUserWithSession()
    const clubs: number[] = []
    for (let i = 0; i < 204; i++) clubs.push(await newClub(`Race ${i}`, `سباق ${i}`))
    await sql()`insert into follows (user_id, type, club_id, alerts) select ${user.id}, 'club', id::bigint, '{}' from jsonb_array_elements_text(${sql().json(clubs.slice(0, 199))}) as id`
    const answers = await Promise.all(clubs.slice(199).map((id) => follow(user, { type: 'club', id })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422])
    const [row] = await sql()<{ n: number }[]>`select count(*)::int as n from follows where user_id = ${user.id}`
    expect(row!.n).toBe(200)
  })

  it('deletes the follows with the account, and with the club', async () => {
    const user = await insertUserWithSession()
    const club = await newClub()
    const other = await newClub()
    await follow(user, { type: 'club', id: club })
    const keeper = await insertUserWithSession()
    await follow(keeper, { type: 'club', id: other })
    expect((await callApi('profile', { method: 'DELETE', bearer: user.token })).status).toBe(200)
    const [mine] = await sql()<{ n: number }[]>`select count(*)::int as n from follows where user_id = ${user.id}`
    expect(mine!.n).toBe(0)
    await sql()`delete from clubs where id = ${other}`
    const [theirs] = await sql()<{ n: number }[]>`select count(*)::int as n from follows where user_id = ${keeper.id}`
    expect(theirs!.n).toBe(0)
  })
})

describe('the follow button', () => {
  for (const lang of ['ar', 'en'] as const) {
    it(`follows and unfollows from a club page without JavaScript (${lang})`, async () => {
      const user = await insertUserWithSession()
      const club = await newClub()
      const visitor = signedIn(user)
      const page = `/${lang}/club/${club}`
      const before = await (await visitor.get(page)).text()
      expect(before).toContain(`action="/${lang}/follows"`)
      const followed = await visitor.post(`/${lang}/follows`, { type: 'club', id: String(club), back: page })
      expect(followed.status).toBe(303)
      expect(followed.headers.get('location')).toBe(`${page}#follow`)
      const after = await visitor.get(page)
      expect(after.headers.get('x-cache')).toBe('BYPASS')
      const html = await after.text()
      expect(html).toContain(`action="/${lang}/follows/remove"`)
      expect(html).toContain(lang === 'en' ? 'You now follow this.' : 'أنت تتابع هذا الآن.')
      const unfollowed = await visitor.post(`/${lang}/follows/remove`, { type: 'club', id: String(club), back: page })
      expect(unfollowed.status).toBe(303)
      expect(await (await visitor.get(page)).text()).toContain(`action="/${lang}/follows"`)
    })
  }

  it('answers the island with JSON', async () => {
    const user = await insertUserWithSession()
    const club = await newClub()
    const res = await signedIn(user).post('/en/follows', { type: 'club', id: String(club), back: `/en/club/${club}` }, { json: true })
    expect(res.status).toBe(201)
    expect(((await res.json()) as { data: FollowData }).data.type).toBe('club')
  })

  it('sends the island of a guest to sign in', async () => {
    const club = await newClub()
    const res = await new Visitor().post('/en/follows', { type: 'club', id: String(club), back: `/en/club/${club}` }, { json: true })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ message: 'Please sign in to follow.', redirect: '/en/login?next=%2Fen%2Ffollows%2Fpending' })
  })

  it('shows the state on the player, league and match pages', async () => {
    const user = await insertUserWithSession()
    const player = await newPlayer()
    const match = await newMatch()
    const visitor = signedIn(user)
    await follow(user, { type: 'player', id: player })
    await follow(user, { type: 'competition', id: 'fx.league' })
    await follow(user, { type: 'match', id: match.id })
    for (const page of [`/en/player/${player}`, '/en/leagues/fx.league', `/en/matches/${match.id}`]) {
      const html = await (await visitor.get(page)).text()
      expect(html, page).toContain('action="/en/follows/remove"')
      expect(html, page).toContain('>Following<')
    }
  })

  it('refuses a cross-site post', async () => {
    const user = await insertUserWithSession()
    const club = await newClub()
    const res = await signedIn(user).post('/en/follows', { type: 'club', id: String(club), back: '/en' }, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    const [row] = await sql()<{ n: number }[]>`select count(*)::int as n from follows where user_id = ${user.id}`
    expect(row!.n).toBe(0)
  })

  it('sends a guest to sign in and brings them back with the follow made', async () => {
    const club = await newClub()
    const guest = new Visitor()
    const page = `/ar/club/${club}`
    const pressed = await guest.post('/ar/follows', { type: 'club', id: String(club), back: page })
    expect(pressed.status).toBe(303)
    const login = new URL(pressed.headers.get('location')!, 'http://localhost')
    expect(login.pathname).toBe('/ar/login')
    expect(login.searchParams.get('next')).toBe('/ar/follows/pending')
    // Signing in (as the login form's success does) sets the session cookie, then `next` is followed.
    const user = await insertUserWithSession()
    guest.cookies.set('token', user.token)
    const back = await guest.get('/ar/follows/pending')
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(`${page}#follow`)
    const [row] = await sql()<{ n: number }[]>`select count(*)::int as n from follows where user_id = ${user.id} and club_id = ${club}`
    expect(row!.n).toBe(1)
    // Spent: a second visit makes nothing and goes home.
    expect(guest.cookies.has('pending_follow')).toBe(false)
    expect((await guest.get('/ar/follows/pending')).headers.get('location')).toBe('/ar')
  })

  it('makes nothing when a signed-in reader is merely sent to the return address', async () => {
    const user = await insertUserWithSession()
    const res = await signedIn(user).get('/en/follows/pending')
    expect(res.status).toBe(303)
    const [row] = await sql()<{ n: number }[]>`select count(*)::int as n from follows where user_id = ${user.id}`
    expect(row!.n).toBe(0)
  })

  it('never puts one reader\'s follow state into the page kept for everyone', async () => {
    const user = await insertUserWithSession()
    const club = await newClub()
    await follow(user, { type: 'club', id: club })
    const page = `/en/club/${club}`
    const mine = await signedIn(user).get(page)
    expect(mine.headers.get('x-cache')).toBe('BYPASS')
    expect(await mine.text()).toContain('>Following<')
    const first = await fetchPage(page)
    const firstHtml = await first.text()
    const second = await fetchPage(page)
    expect(second.headers.get('x-cache')).toBe('HIT')
    for (const html of [firstHtml, await second.text()]) {
      expect(html).not.toContain('>Following<')
      expect(html).toContain('action="/en/follows"')
    }
  })
})

describe('the profile', () => {
  it('lists the follows with their alerts', async () => {
    const user = await insertUserWithSession()
    const club = await newClub('Listed FC', 'النادي المدرج')
    await follow(user, { type: 'club', id: club, alerts: ['goal', 'red_card'] })
    const en = await (await signedIn(user).get('/en/profile')).text()
    expect(en).toContain('Listed FC')
    expect(en).toContain('Alerts: Goals and Red cards')
    const ar = await (await signedIn(user).get('/ar/profile')).text()
    expect(ar).toContain('النادي المدرج')
  })

  for (const lang of ['en', 'ar'] as const) {
    it(`changes a follow's alerts with the list's checkboxes, without JavaScript (${lang})`, async () => {
      const user = await insertUserWithSession()
      const visitor = signedIn(user)
      const club = await newClub('Ticked FC', 'نادي الاختيار')
      await follow(user, { type: 'club', id: club })
      const before = await (await visitor.get(`/${lang}/profile`)).text()
      expect(before).toContain(`action="/${lang}/follows/alerts"`)
      // The defaults are ticked, the kinds a club does not follow by default are not.
      expect(before).toContain('<input type="checkbox" name="alerts" checked="" value="goal"/>')
      expect(before).toContain('<input type="checkbox" name="alerts" value="penalty_missed"/>')

      const form = new URLSearchParams([['type', 'club'], ['id', String(club)], ['back', `/${lang}/profile`], ['alerts', 'goal'], ['alerts', 'full_time']])
      const saved = await visitor.postRaw(`/${lang}/follows/alerts`, form.toString(), 'application/x-www-form-urlencoded')
      expect(saved.status).toBe(303)
      expect(saved.headers.get('location')).toBe(`/${lang}/profile#follows`)
      const [row] = await sql()<{ alerts: string[] }[]>`select to_json(alerts) as alerts from follows where user_id = ${user.id} and club_id = ${club}`
      expect(row!.alerts).toEqual(['goal', 'full_time'])
      const after = await (await visitor.get(`/${lang}/profile`)).text()
      expect(after).toContain(lang === 'en' ? 'Your alerts have been saved.' : 'حُفظت تنبيهاتك.')
      expect(after).toContain(lang === 'en' ? 'Alerts: Goals and Full-time' : 'التنبيهات:')

      // Nothing ticked: the follow stays, without alerts.
      const none = await visitor.post(`/${lang}/follows/alerts`, { type: 'club', id: String(club), back: `/${lang}/profile` })
      expect(none.status).toBe(303)
      const [empty] = await sql()<{ alerts: string[] }[]>`select to_json(alerts) as alerts from follows where user_id = ${user.id} and club_id = ${club}`
      expect(empty!.alerts).toEqual([])
    })
  }

  it('answers the alerts form with JSON, and refuses a made-up kind, what is not followed, a guest and another site', async () => {
    const user = await insertUserWithSession()
    const visitor = signedIn(user)
    const club = await newClub()
    await follow(user, { type: 'club', id: club })
    const json = await visitor.post('/en/follows/alerts', { type: 'club', id: String(club), alerts: 'news' }, { json: true })
    expect(json.status).toBe(200)
    expect(((await json.json()) as { data: FollowData }).data.alerts).toEqual(['news'])
    const madeUp = await visitor.post('/ar/follows/alerts', { type: 'club', id: String(club), alerts: 'everything' }, { json: true })
    expect(madeUp.status).toBe(422)
    expect(((await madeUp.json()) as { errors: Record<string, string> }).errors.alerts).toMatch(/[\u0600-\u06FF]/)
    expect((await visitor.post('/en/follows/alerts', { type: 'club', id: String(await newClub()), alerts: 'goal' })).status).toBe(404)
    const twice = new URLSearchParams([['type', 'club'], ['type', 'player'], ['id', String(club)]])
    expect((await visitor.postRaw('/en/follows/alerts', twice.toString(), 'application/x-www-form-urlencoded')).status).toBe(400)
    expect((await visitor.post('/en/follows/alerts', { type: 'club', id: String(club), alerts: new Blob(['goal']) })).status).toBe(400)
    const guest = await new Visitor().post('/en/follows/alerts', { type: 'club', id: String(club), back: '/en/profile' })
    expect(guest.status).toBe(303)
    expect(guest.headers.get('location')).toMatch(/^\/en\/login\?next=%2Fen%2Fprofile/)
    expect((await visitor.post('/en/follows/alerts', { type: 'club', id: String(club) }, { origin: 'https://evil.example' })).status).toBe(403)
    const [row] = await sql()<{ alerts: string[] }[]>`select to_json(alerts) as alerts from follows where user_id = ${user.id} and club_id = ${club}`
    expect(row!.alerts).toEqual(['news'])
  })
})
