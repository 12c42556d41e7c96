// Spoiler-free (issue 27, section 4; decision 139): for a reader who hides scores, no score,
// scorer, goal or result of a hidden match is in the HTML of any page that shows it (the match
// page with its title, og tags, timeline, live text and share text; the matches list; home; My
// Hadaf; the league table, which stands as before the hidden match and says so; search; a
// club's results; a player's matches and goals), until "Show the score" keeps a reveal.
// 'follows' hides only what the reader follows. Every such page is private and never kept at
// the edge.
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE } from '../../lib/format.ts'
import { fetchPage, insertUserWithSession, postForm, sql, type TestUser } from './helpers.ts'
import { signedIn, Visitor } from './visitor.ts'

const unique = () => crypto.randomUUID().slice(0, 8)

interface World {
  tag: string
  league: string
  /** The followed club ('follows' readers follow it), and the others. */
  hiddenFc: number
  rivalFc: number
  thirdFc: number
  fourthFc: number
  /** Hidden FC 7–3 Rival FC, an hour ago, with goals by SCORER and live text naming them. */
  hidden: number
  /** Third FC 5–4 Fourth FC, two hours ago: no followed club. */
  other: number
  /** Hidden FC 1–0 Third FC, twenty days ago: past the spoiler window, shown to everyone. */
  old: number
  /** Fourth FC v Hidden FC, being played now, 2–6. */
  live: number
  scorer: string
  /** Of Rival FC: scored in the hidden match. */
  player: number
}

let world: World

async function club(tag: string, en: string, ar: string): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`insert into clubs (name, short_name, source_key)
    values (${sql().json({ en: `${en} ${tag}`, ar: `${ar} ${tag}` })}, ${sql().json({ en: `${en} ${tag}`, ar: `${ar} ${tag}` })}, ${`test:spoiler:${tag}:${en}`}) returning id::int`
  return row!.id
}

async function match(season: number, home: number, away: number, kickoff: string, status: string, ft: [number, number] | null, ht: [number, number] | null = null): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`
    insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, minute, ft_home, ft_away, ht_home, ht_away, source_key)
    values (${season}, 'Matchday 1', ${kickoff}::timestamptz, ${home}, ${away}, ${status}, ${status === 'live' ? 60 : null},
      ${ft?.[0] ?? null}, ${ft?.[1] ?? null}, ${ht?.[0] ?? null}, ${ht?.[1] ?? null}, ${`test:spoiler:${unique()}`})
    returning id::int`
  return row!.id
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

beforeAll(async () => {
  const tag = unique()
  const league = `sp.${tag}`
  await sql()`insert into competitions (id, kind, name, short_name) values (${league}, 'league',
    ${sql().json({ en: `Spoiler League ${tag}`, ar: `دوري الحرق ${tag}` })}, ${sql().json({ en: `Spoiler League ${tag}`, ar: `دوري الحرق ${tag}` })})`
  const [season] = await sql()<{ id: number }[]>`insert into seasons (competition_id, label) values (${league}, '2026/27') returning id::int`
  const hiddenFc = await club(tag, 'Hidden FC', 'النادي المخفي')
  const rivalFc = await club(tag, 'Rival FC', 'النادي المنافس')
  const thirdFc = await club(tag, 'Third FC', 'النادي الثالث')
  const fourthFc = await club(tag, 'Fourth FC', 'النادي الرابع')
  const scorer = `Zed Spoilerson ${tag}`
  world = {
    tag,
    league,
    hiddenFc,
    rivalFc,
    thirdFc,
    fourthFc,
    hidden: await match(season!.id, hiddenFc, rivalFc, ago(60), 'finished', [7, 3], [4, 1]),
    other: await match(season!.id, thirdFc, fourthFc, ago(120), 'finished', [5, 4]),
    old: await match(season!.id, hiddenFc, thirdFc, ago(20 * 24 * 60), 'finished', [1, 0]),
    live: await match(season!.id, fourthFc, hiddenFc, ago(60), 'live', [2, 6]),
    scorer,
    player: 0,
  }
  const [player] = await sql()<{ id: number }[]>`insert into players (name, club_id, source_key)
    values (${sql().json({ en: `Rival Striker ${tag}`, ar: `مهاجم المنافس ${tag}` })}, ${rivalFc}, ${`test:spoiler:p:${tag}`}) returning id::int`
  world.player = player!.id
  await sql()`insert into match_events (match_id, kind, minute, side, player_name, source_key)
    values (${world.hidden}, 'goal', 12, 1, ${scorer}, ${`test:spoiler:e:${tag}:1`}),
           (${world.hidden}, 'penalty_goal', 80, 1, ${scorer}, ${`test:spoiler:e:${tag}:2`}),
           (${world.live}, 'goal', 30, 2, ${`${scorer} live`}, ${`test:spoiler:e:${tag}:3`})`
  await sql()`insert into match_events (match_id, kind, minute, side, player_id, player_name, source_key)
    values (${world.hidden}, 'goal', 50, 2, ${world.player}, ${`Rival Striker ${tag}`}, ${`test:spoiler:e:${tag}:4`})`
  await sql()`insert into match_commentary (match_id, minute, text_en, text_ar)
    values (${world.hidden}, 80, ${`Goal! ${scorer} makes it seven`}, ${`هدف! ${scorer} يسجل السابع`})`
})

async function reader(mode: 'off' | 'follows' | 'all'): Promise<TestUser> {
  const user = await insertUserWithSession()
  await sql()`update users set spoiler_free = ${mode} where id = ${user.id}`
  await sql()`insert into follows (user_id, type, club_id) values (${user.id}, 'club', ${world.hiddenFc})`
  return user
}

async function page(visitor: Visitor, path: string): Promise<{ res: Response; body: string }> {
  const res = await visitor.get(path)
  expect(res.status, path).toBe(200)
  return { res, body: await res.text() }
}

/** The list row of a match: from its link to the end of its <li>. */
function row(body: string, lang: string, id: number): string {
  const link = body.indexOf(`class="match-link" href="/${lang}/matches/${id}"`)
  expect(link, `row of match ${id}`).toBeGreaterThan(-1)
  const start = body.lastIndexOf('<li', link)
  return body.slice(start, body.indexOf('</li>', link))
}

/** No trace of the hidden match's score or scorers. */
function expectNoHiddenScore(html: string): void {
  expect(html).not.toContain('7–3')
  expect(html).not.toContain('7-3')
  expect(html).not.toContain('score-home">7<')
  expect(html).not.toContain('4–1')
  expect(html).not.toContain(world.scorer)
}

const reveal = (visitor: Visitor, lang: string, id: string | number, back = `/${lang}/matches/${id}`) => visitor.post(`/${lang}/spoilers/reveal`, { match: String(id), back })

describe('the match page of a hidden match', () => {
  it.each(['en', 'ar'] as const)('in %s has no score, scorer, goal, live text, title score or share score; "Show the score" reveals them', async (lang) => {
    const guest = await page(new Visitor(), `/${lang}/matches/${world.hidden}`)
    // What a reader who hides nothing sees: the score is there to be hidden.
    expect(guest.body).toContain('7–3')
    expect(guest.body).toContain(world.scorer)

    const visitor = signedIn(await reader('all'))
    const hidden = await page(visitor, `/${lang}/matches/${world.hidden}`)
    expectNoHiddenScore(hidden.body)
    expect(hidden.body).not.toContain('makes it seven')
    expect(hidden.body).toMatch(/<title>[^<]*–[^<]*<\/title>/)
    expect(hidden.body).not.toMatch(/<title>[^<]*\d–\d/)
    expect(hidden.body).not.toMatch(/og:title" content="[^"]*\d–\d/)
    expect(hidden.body).toContain(lang === 'en' ? 'Show the score' : 'أظهر النتيجة')
    expect(hidden.body).toContain(`action="/${lang}/spoilers/reveal"`)
    // Private, and never kept at the edge.
    expect(hidden.res.headers.get('cache-control')).toBe('private, no-store')
    expect(hidden.res.headers.get('x-cache')).toBe('BYPASS')

    const res = await reveal(visitor, lang, world.hidden)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/${lang}/matches/${world.hidden}#match-${world.hidden}`)
    const shown = await page(visitor, `/${lang}/matches/${world.hidden}`)
    expect(shown.body).toContain('7–3')
    expect(shown.body).toContain(world.scorer)
    expect(shown.body).not.toContain('أظهر النتيجة')
  }, 60_000)

  it('of a live match neither hydrates nor subscribes its score, timeline or live text', async () => {
    const visitor = signedIn(await reader('all'))
    const { body } = await page(visitor, `/en/matches/${world.live}`)
    expect(body).not.toContain('data-island="match-score"')
    expect(body).not.toContain('data-island="match-timeline"')
    expect(body).not.toContain('data-island="match-commentary"')
    expect(body).not.toContain('2–6')
    expect(body).not.toContain(`${world.scorer} live`)
    // A guest's page follows it live.
    const guest = await page(new Visitor(), `/en/matches/${world.live}`)
    expect(guest.body).toContain('data-island="match-score"')
  })

  it("keeps the page's statements: the session's carries the reveals and follows", async () => {
    const off = await page(signedIn(await reader('off')), `/en/matches/${world.other}`)
    const all = await page(signedIn(await reader('all')), `/en/matches/${world.other}`)
    expect(all.res.headers.get('x-db-queries')).toBe(off.res.headers.get('x-db-queries'))
  })
})

describe("'follows' hides only what the reader follows", () => {
  it('hides the followed club\'s match and shows another, on its page and in the list', async () => {
    const visitor = signedIn(await reader('follows'))
    expectNoHiddenScore((await page(visitor, `/en/matches/${world.hidden}`)).body)
    const other = await page(visitor, `/en/matches/${world.other}`)
    expect(other.body).toContain('5–4')
    // A match older than the spoiler window is history.
    const old = await page(visitor, `/en/matches/${world.old}`)
    expect(old.body).toContain('1–0')
  })

  it("leaves a reader with spoiler-free off, or one who follows another club, every score", async () => {
    const off = await page(signedIn(await reader('off')), `/en/matches/${world.hidden}`)
    expect(off.body).toContain('7–3')
    const stranger = await insertUserWithSession()
    await sql()`update users set spoiler_free = 'follows' where id = ${stranger.id}`
    const shown = await page(signedIn(stranger), `/en/matches/${world.hidden}`)
    expect(shown.body).toContain('7–3')
  })
})

describe('lists of matches', () => {
  // A list's day is the reader's zone's, and nothing geolocates a worker test's requests, so
  // it is the site's own: each match is looked for on its own day there. (A day in UTC failed
  // from 21:00 to 23:00 UTC, when Mecca's midnight falls between the matches and now.)
  const dayOf = (minutesAgo: number) => new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(Date.now() - minutesAgo * 60_000)
  const listOf = (lang: string, minutesAgo: number) => `/${lang}/matches?date=${dayOf(minutesAgo)}&competition=${world.league}`

  it.each(['en', 'ar'] as const)('the matches list in %s veils the hidden match, offers its reveal, and shows it after', async (lang) => {
    const visitor = signedIn(await reader('follows'))
    const path = listOf(lang, 60)
    const { res, body } = await page(visitor, path)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const hiddenRow = row(body, lang, world.hidden)
    expect(hiddenRow).toContain(lang === 'en' ? 'Score hidden' : 'النتيجة مخفية')
    expect(hiddenRow).toContain(`name="match" value="${world.hidden}"`)
    expectNoHiddenScore(body)
    // The live match is the followed club's too; Third v Fourth is not.
    expect(body).not.toContain('score-away">6<')
    expect(row((await page(visitor, listOf(lang, 120))).body, lang, world.other)).toContain('score-home">5<')

    const res2 = await reveal(visitor, lang, world.hidden, path)
    expect(res2.headers.get('location')).toBe(`${path}#match-${world.hidden}`)
    expect(row((await page(visitor, path)).body, lang, world.hidden)).toContain('score-home">7<')
  })

  it('home veils the hidden result and the live match', async () => {
    // The home lists the 8 newest results and the 10 live or next matches, oldest live first,
    // from every test's matches: ours become the newest result and the oldest live match.
    await sql()`update matches set kickoff = now() - interval '1 minute' where id = ${world.hidden}`
    await sql()`update matches set kickoff = now() - interval '170 minutes' where id = ${world.live}`
    const visitor = signedIn(await reader('all'))
    const { res, body } = await page(visitor, '/en')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(row(body, 'en', world.hidden)).toContain('Score hidden')
    expect(row(body, 'en', world.live)).toContain('Score hidden')
    expectNoHiddenScore(body)
    // The session and the page's statement go together, pipelined.
    expect(res.headers.get('x-db-queries')).toBe('2')
  })

  it('My Hadaf veils the followed club\'s hidden result', async () => {
    const visitor = signedIn(await reader('follows'))
    const { res, body } = await page(visitor, '/ar/my')
    expect(res.headers.get('x-db-queries')).toBe('2')
    expect(row(body, 'ar', world.hidden)).toContain('النتيجة مخفية')
    expectNoHiddenScore(body)
  })

  it("a club's results veil the hidden match", async () => {
    const visitor = signedIn(await reader('follows'))
    const { body } = await page(visitor, `/en/club/${world.rivalFc}`)
    expect(row(body, 'en', world.hidden)).toContain('Score hidden')
    expectNoHiddenScore(body)
    // The old match is shown on Hidden FC's page.
    const own = await page(visitor, `/en/club/${world.hiddenFc}`)
    expect(row(own.body, 'en', world.old)).toContain('score-home">1<')
  })

  it("a followed player's matches are in 'follows': their page veils them and keeps their goals back", async () => {
    const user = await insertUserWithSession()
    await sql()`update users set spoiler_free = 'follows' where id = ${user.id}`
    await sql()`insert into follows (user_id, type, player_id) values (${user.id}, 'player', ${world.player})`
    const visitor = signedIn(user)
    const guest = await page(new Visitor(), `/en/player/${world.player}`)
    expect(guest.body).toContain('score-home">7<')
    const { res, body } = await page(visitor, `/en/player/${world.player}`)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(row(body, 'en', world.hidden)).toContain('Score hidden')
    expect(body).toContain('goal tallies are hidden')
    expectNoHiddenScore(body)
    // Rival FC plays the hidden match; Third v Fourth is no business of this follow.
    expectNoHiddenScore((await page(visitor, `/en/matches/${world.hidden}`)).body)
    expect((await page(visitor, `/en/matches/${world.other}`)).body).toContain('5–4')
  })

  it('search results leave out a hidden score', async () => {
    const q = encodeURIComponent(`Hidden FC ${world.tag}`)
    const guest = await page(new Visitor(), `/en/search?q=${q}&type=matches`)
    expect(guest.body).toContain('7–3')
    const { body } = await page(signedIn(await reader('follows')), `/en/search?q=${q}&type=matches`)
    expect(body).toContain(`/en/matches/${world.hidden}`)
    expect(body).not.toContain('7–3')
    // And the header's search island, through the API with the session cookie.
    const api = await signedIn(await reader('all')).get(`/api/v1/search?q=${q}&type=matches&lang=en`)
    expect(api.headers.get('cache-control')).toBe('private, no-store')
    expect(await api.text()).not.toContain('7–3')
  })
})

describe('league tables', () => {
  /** Hidden FC's row: played, then the figures up to the points. */
  function hiddenFcRow(body: string): string {
    const at = body.indexOf(`href="/en/club/${world.hiddenFc}"`, body.indexOf('class="standings'))
    expect(at).toBeGreaterThan(-1)
    return body.slice(at, body.indexOf('</tr>', at))
  }

  it('stand as before the hidden matches and say so, without top scorers', async () => {
    const guest = await page(new Visitor(), `/en/leagues/${world.league}`)
    // Everyone else: Hidden FC played 3 (7–3, 1–0 twenty days ago, and 6–2 as it stands), 14 for.
    expect(hiddenFcRow(guest.body)).toMatch(/<td>3<\/td><td>3<\/td><td>0<\/td><td>0<\/td><td class="standings-wide">14<\/td>/)
    expect(guest.body).toContain(world.scorer)

    const visitor = signedIn(await reader('follows'))
    const { res, body } = await page(visitor, `/en/leagues/${world.league}`)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    // The hidden matches (7–3, and the live one) left out: one played, one won, one goal for.
    expect(hiddenFcRow(body)).toMatch(/<td>1<\/td><td>1<\/td><td>0<\/td><td>0<\/td><td class="standings-wide">1<\/td>/)
    expect(body).toContain('this table is as it stood before')
    expect(body).not.toContain(world.scorer)
    expectNoHiddenScore(body)

    await reveal(visitor, 'en', world.hidden)
    await reveal(visitor, 'en', world.live)
    const after = await page(visitor, `/en/leagues/${world.league}`)
    expect(after.body).not.toContain('this table is as it stood before')
    expect(after.body).toContain(world.scorer)
  })

  it("the match page's table leaves the hidden match out, in Arabic too", async () => {
    const { body } = await page(signedIn(await reader('all')), `/ar/matches/${world.hidden}`)
    expect(body).toContain('كما كان قبل')
    expectNoHiddenScore(body)
  })
})

describe('the reveal route', () => {
  it('needs a session: a guest is sent to sign in', async () => {
    const res = await new Visitor().post('/en/spoilers/reveal', { match: String(world.hidden), back: `/en/matches/${world.hidden}` })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toMatch(/^\/en\/login\?next=/)
  })

  it.each([
    ['en', 'abc'],
    ['ar', '-1'],
    ['en', '1e3'],
    ['en', '99999999999999999999'],
    ['ar', '999999999'],
    ['en', ''],
  ])('answers %s id %j with the 404 page, never a 500', async (lang, id) => {
    const visitor = signedIn(await reader('all'))
    const res = await visitor.post(`/${lang}/spoilers/reveal`, { match: id, back: `/${lang}` })
    expect(res.status).toBe(404)
    expect(await res.text()).toContain(`lang="${lang}"`)
  })

  it('refuses a post from another site (CSRF) and a back address elsewhere', async () => {
    const user = await reader('all')
    const res = await postForm('/en/spoilers/reveal', `match=${world.other}&back=/en`, 'https://evil.example')
    expect(res.status).toBe(403)
    const visitor = signedIn(user)
    const away = await visitor.post('/en/spoilers/reveal', { match: String(world.other), back: 'https://evil.example/x' })
    expect(away.status).toBe(303)
    expect(away.headers.get('location')).toBe(`/en#match-${world.other}`)
  })

  it('keeps one row per reader and match, and deleting the account deletes them', async () => {
    const user = await reader('all')
    const visitor = signedIn(user)
    await reveal(visitor, 'en', world.other)
    await reveal(visitor, 'en', world.other)
    const rows = () => sql()<{ n: number }[]>`select count(*)::int as n from spoiler_reveals where user_id = ${user.id}`
    expect((await rows())[0]!.n).toBe(1)
    await sql()`delete from users where id = ${user.id}`
    expect((await rows())[0]!.n).toBe(0)
  })
})

describe('the profile form', () => {
  it.each([
    ['en', 'Spoiler-free', 'Of every match'],
    ['ar', 'من دون حرق النتائج', 'لكل المباريات'],
  ] as const)('in %s sets the mode without script', async (lang, heading, choice) => {
    const user = await insertUserWithSession()
    const visitor = signedIn(user)
    const form = await page(visitor, `/${lang}/profile`)
    expect(form.body).toContain(heading)
    expect(form.body).toContain(choice)
    const res = await visitor.post(`/${lang}/profile/spoilers`, { spoiler_free: 'all' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/${lang}/profile#spoilers`)
    const [saved] = await sql()<{ mode: string }[]>`select spoiler_free as mode from users where id = ${user.id}`
    expect(saved!.mode).toBe('all')
    const refused = await visitor.post(`/${lang}/profile/spoilers`, { spoiler_free: 'sometimes' })
    expect(refused.status).toBe(422)
  })

  it('a guest cannot post it', async () => {
    const res = await fetchPage('/en/profile/spoilers', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' }, body: 'spoiler_free=all' })
    expect([302, 303]).toContain(res.status)
  })
})
