// My Hadaf (issue 27, section 2; decisions 137 and 138): the page of what a reader follows, in
// both languages, private and in two statements; the guest sent to sign in; the personal
// calendar feed proven by Mozilla's ical.js, its secret address made anew without script; and
// the matches page that puts a signed-in reader's followed competition first.
import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { fetchPage, insertUserWithSession, sql, type TestUser, unseenPath } from './helpers.ts'
import { signedIn, Visitor } from './visitor.ts'

const unique = () => crypto.randomUUID().slice(0, 8)

interface World {
  tag: string
  league: string
  club: number
  /** Followed FC 2–1 Rival, ten days ago. */
  result: number
  /** Rival v Third: in the followed league, without the followed club. */
  others: number
  /** Followed FC v Third in three days, on a channel in Egypt. */
  next: number
  /** Third v Followed FC in a cup, being played now. */
  live: number
  /** On the next match in Egypt, and on the live one. */
  channel: string
  /** Covers only the Emirates: never shown to a reader in Egypt. */
  otherChannel: string
  post: string
}

let world: World

async function competition(id: string, kind: 'league' | 'cup', en: string, ar: string): Promise<number> {
  await sql()`insert into competitions (id, kind, name, short_name) values (${id}, ${kind}, ${sql().json({ en, ar })}, ${sql().json({ en, ar })})`
  const [season] = await sql()<{ id: number }[]>`insert into seasons (competition_id, label) values (${id}, '2026/27') returning id::int`
  return season!.id
}

async function club(tag: string, en: string, ar: string): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`insert into clubs (name, short_name, source_key)
    values (${sql().json({ en: `${en} ${tag}`, ar: `${ar} ${tag}` })}, ${sql().json({ en: `${en} ${tag}`, ar: `${ar} ${tag}` })}, ${`test:my:${tag}:${en}`}) returning id::int`
  return row!.id
}

async function match(season: number, home: number, away: number, kickoff: string, status: string, score: [number, number] | null = null): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`
    insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, minute, ft_home, ft_away, source_key)
    values (${season}, 'Matchday 3', ${kickoff}::timestamptz, ${home}, ${away}, ${status}, ${status === 'live' ? 30 : null},
      ${score?.[0] ?? null}, ${score?.[1] ?? null}, ${`test:my:${unique()}`})
    returning id::int`
  return row!.id
}

async function channelOn(matchId: number, en: string, ar: string, countries: string[]): Promise<void> {
  const [channel] = await sql()<{ id: number }[]>`insert into channels (name, free_to_air, countries)
    values (${sql().json({ en, ar })}, true, ${`{${countries.join(',')}}`}) returning id::int`
  await sql()`insert into broadcasts (match_id, channel_id, list_order, countries, commentators, language)
    values (${matchId}, ${channel!.id}, (select count(*) from broadcasts where match_id = ${matchId}), ${`{${countries.join(',')}}`}, '[]', 'ar')`
}

beforeAll(async () => {
  const tag = unique()
  const league = `my.${tag}`
  const leagueSeason = await competition(league, 'league', `Followed League ${tag}`, `الدوري المتابع ${tag}`)
  const cupSeason = await competition(`mycup.${tag}`, 'cup', `Desert Cup ${tag}`, `كأس الصحراء ${tag}`)
  const followed = await club(tag, 'Followed FC', 'النادي المتابع')
  const rival = await club(tag, 'Rival FC', 'النادي المنافس')
  const third = await club(tag, 'Third FC', 'النادي الثالث')
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
  world = {
    tag,
    league,
    club: followed,
    result: await match(leagueSeason, followed, rival, ago(10), 'finished', [2, 1]),
    others: await match(leagueSeason, rival, third, ago(9), 'finished', [0, 0]),
    next: await match(leagueSeason, followed, third, ago(-3), 'scheduled'),
    live: await match(cupSeason, third, followed, new Date(Date.now() - 30 * 60_000).toISOString(), 'live', [0, 1]),
    channel: `Nile Goal ${tag}`,
    otherChannel: `Gulf Only ${tag}`,
    post: `Followed FC signs a striker ${tag}`,
  }
  await channelOn(world.next, world.channel, `قناة النيل ${tag}`, ['EG', 'SA'])
  await channelOn(world.next, world.otherChannel, `الخليج ${tag}`, ['AE'])
  await channelOn(world.live, `${world.channel} 2`, `قناة النيل ${tag} 2`, ['EG'])
  const slug = `my-hadaf-${tag}`
  const [post] = await sql()<{ id: number }[]>`
    insert into posts (kind, slug_en, slug_ar, title, summary, body, author, status, published_at, source_key)
    values ('news', ${slug}, ${`هدفي-${tag}`}, ${sql().json({ en: world.post, ar: `النادي المتابع يتعاقد مع مهاجم ${tag}` })},
      ${sql().json({ en: 'S', ar: 'م' })}, ${sql().json({ en: '<p>B</p>', ar: '<p>ن</p>' })},
      ${sql().json({ en: 'Hadaf', ar: 'هدف' })}, 'published', now(), ${`test:my:${slug}`})
    returning id::int`
  await sql()`insert into post_tags (post_id, club_id) values (${post!.id}, ${followed})`
})

/** A reader in Egypt (their profile says so) who follows the club and its league. */
async function follower(): Promise<TestUser> {
  const user = await insertUserWithSession()
  await sql()`update users set country = 'EG' where id = ${user.id}`
  await sql()`insert into follows (user_id, type, club_id) values (${user.id}, 'club', ${world.club})`
  await sql()`insert into follows (user_id, type, competition_id) values (${user.id}, 'competition', ${world.league})`
  return user
}

/** The HTML of the page's section whose heading has this id. */
function section(body: string, id: string): string {
  const start = body.indexOf(`aria-labelledby="${id}"`)
  expect(start, `section ${id}`).toBeGreaterThan(-1)
  return body.slice(start, body.indexOf('</section>', start))
}

describe('My Hadaf', () => {
  it.each([
    ['en', 'Followed FC', 'Nile Goal', '(you follow this club)', 'Followed FC signs a striker'],
    ['ar', 'النادي المتابع', 'قناة النيل', '(تتابع هذا النادي)', 'النادي المتابع يتعاقد مع مهاجم'],
  ] as const)('shows a reader in %s what they follow: live and today, next with its channel, results, the table marked, the news', async (lang, clubName, channel, mark, post) => {
    const visitor = signedIn(await follower())
    const res = await visitor.get(`/${lang}/my`)
    expect(res.status).toBe(200)
    const body = await res.text()
    // The session's statement, then one for everything.
    expect(res.headers.get('x-db-queries')).toBe('2')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('x-cache')).toBeNull()

    const today = section(body, 'my-today')
    expect(today).toContain(`href="/${lang}/matches/${world.live}"`)
    expect(today).toContain(`${channel} ${world.tag} 2`)

    const next = section(body, 'my-next')
    expect(next).toContain(`href="/${lang}/matches/${world.next}"`)
    expect(next).toContain(lang === 'en' ? world.channel : `قناة النيل ${world.tag}`)
    expect(next).not.toContain(lang === 'en' ? world.otherChannel : `الخليج ${world.tag}`)
    expect(next).not.toContain(`/matches/${world.live}"`)
    // Fixtures run over days: each day has its heading, the day of the match in three days.
    const day = /class="match-list-day"><time dateTime="(\d{4}-\d{2}-\d{2})"/.exec(next)?.[1]
    expect(Math.abs(Date.parse(`${day}T12:00Z`) - (Date.now() + 3 * 86_400_000))).toBeLessThan(36 * 3_600_000)

    const results = section(body, 'my-results')
    expect(results).toContain(`href="/${lang}/matches/${world.result}"`)
    expect(results).toContain(`href="/${lang}/matches/${world.others}"`)

    const tables = section(body, 'my-tables')
    const row = /<tr class="is-followed">[\s\S]*?<\/tr>/.exec(tables)?.[0]
    expect(row).toContain(`${clubName} ${world.tag}`)
    expect(row).toContain(`<span class="visually-hidden"> <!-- -->${mark}</span>`)
    expect(tables.match(/class="is-followed"/g)).toHaveLength(1)

    expect(body).toContain(`${post} ${world.tag}`)
  })

  it('explains how to follow to a reader who follows nothing', async () => {
    const res = await signedIn(await insertUserWithSession()).get('/en/my')
    const body = await res.text()
    expect(res.status).toBe(200)
    expect(body).toContain('You follow nothing yet')
    expect(body).toContain('Press “Follow” on the page of a club')
    expect(body).not.toContain('aria-labelledby="my-next"')
  })

  it('is kept out of search engines, the calendar addresses with it', async () => {
    const robots = await (await fetchPage('/robots.txt')).text()
    for (const lang of ['ar', 'en']) expect(robots).toContain(`Disallow: /${lang}/my\n`)
  })

  it('sends a guest to sign in, to come back to the page', async () => {
    const res = await fetchPage('/ar/my')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/ar/login?next=${encodeURIComponent('/ar/my')}`)
  })

  it('is linked from the header of every page, in both languages', async () => {
    expect(await (await fetchPage(unseenPath('/en/leagues'))).text()).toMatch(/<a class="header-action" href="\/en\/my" aria-label="My Hadaf">/)
    expect(await (await fetchPage(unseenPath('/ar/leagues'))).text()).toMatch(/<a class="header-action" href="\/ar\/my" aria-label="هدفي">/)
  })
})

/** The calendar address the page shows once, after its form was posted. */
async function makeAddress(visitor: Visitor, lang: 'ar' | 'en'): Promise<string> {
  const page = await (await visitor.get(`/${lang}/my`)).text()
  expect(page).toContain(`<form action="/${lang}/my/calendar" method="post">`)
  const res = await visitor.post(`/${lang}/my/calendar`)
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  const token = new RegExp(`http://localhost/${lang}/my/calendar/([A-Za-z0-9_-]{43})\\.ics`).exec(await res.text())?.[1]
  expect(token).toBeDefined()
  return `/${lang}/my/calendar/${token}.ics`
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return new Map(calendar.getAllSubcomponents('vevent').map((component) => [new ICAL.Event(component).uid, new ICAL.Event(component)]))
}

describe('the personal calendar feed', () => {
  it.each(['en', 'ar'] as const)('holds the followed club’s matches, with the reader’s country’s channels, in %s', async (lang) => {
    const address = await makeAddress(signedIn(await follower()), lang)
    // A calendar app sends no cookie: the address is the key.
    const res = await fetchPage(address)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const events = parse(await res.text())
    for (const id of [world.result, world.others, world.next, world.live]) expect(events.has(`match-${id}@localhost`), `match ${id}`).toBe(true)
    const next = events.get(`match-${world.next}@localhost`)!
    expect(next.summary).toContain(lang === 'en' ? `Followed FC ${world.tag}` : `النادي المتابع ${world.tag}`)
    expect(next.description).toContain(lang === 'en' ? world.channel : `قناة النيل ${world.tag}`)
    expect(next.description).toContain(lang === 'en' ? 'Egypt' : 'مصر')
    expect(next.description).not.toContain(lang === 'en' ? world.otherChannel : `الخليج ${world.tag}`)
  })

  it('answers 404 at an address never made', async () => {
    const token = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    expect((await fetchPage(`/en/my/calendar/${token}.ics`)).status).toBe(404)
    expect((await fetchPage('/en/my/calendar/short.ics')).status).toBe(404)
  })

  it('makes a new address with the form, without script: the old one answers 404 at once', async () => {
    const visitor = signedIn(await follower())
    const old = await makeAddress(visitor, 'en')
    expect((await fetchPage(old)).status).toBe(200)
    const page = await (await visitor.get('/en/my')).text()
    expect(page).toContain('Make a new address')
    const renewed = await makeAddress(visitor, 'en')
    expect(renewed).not.toBe(old)
    expect((await fetchPage(old)).status).toBe(404)
    expect((await fetchPage(renewed)).status).toBe(200)
  })

  it('keeps only the hash of the address', async () => {
    const user = await follower()
    const address = await makeAddress(signedIn(user), 'en')
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(address)![1]!
    const [row] = await sql()<{ hash: string }[]>`select encode(token_hash, 'hex') as hash from personal_calendars where user_id = ${user.id}`
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))
    expect(row!.hash).toBe([...digest].map((b) => b.toString(16).padStart(2, '0')).join(''))
  })

  it('refuses a post from another site', async () => {
    const visitor = signedIn(await follower())
    const res = await visitor.post('/en/my/calendar', {}, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
  })
})

describe('the matches page for a signed-in reader', () => {
  const DAY = '2032-03-14'

  it('puts a followed competition first, in the session’s and one more statement, and is never kept', async () => {
    const tag = unique()
    const own = `myday.${tag}`
    const season = await competition(own, 'league', `Zulu League ${tag}`, `دوري زولو ${tag}`)
    const [pair] = await sql()<{ home: number; away: number; season: number }[]>`
      select m.home_club_id::int as home, m.away_club_id::int as away,
        (select id::int from seasons where competition_id = 'en.1' order by label desc limit 1) as season
      from matches m where not m.demo order by m.id limit 1`
    await match(pair!.season, pair!.home, pair!.away, `${DAY}T14:00:00Z`, 'scheduled')
    await match(season, pair!.home, pair!.away, `${DAY}T12:00:00Z`, 'scheduled')
    const groups = (body: string) => [...body.matchAll(/<h3 class="match-list-title"[^>]*><a href="\/\w\w\/leagues\/([^"?]+)"/g)].map((m) => m[1])

    const guest = groups(await (await fetchPage(unseenPath(`/en/matches?date=${DAY}`))).text())
    expect(guest.indexOf(own)).toBeGreaterThan(guest.indexOf('en.1'))

    const user = await insertUserWithSession()
    await sql()`insert into follows (user_id, type, competition_id) values (${user.id}, 'competition', ${own})`
    const res = await signedIn(user).get(`/en/matches?date=${DAY}`)
    expect(groups(await res.text())[0]).toBe(own)
    expect(res.headers.get('x-db-queries')).toBe('2')
    expect(res.headers.get('x-cache')).toBe('BYPASS')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })
})
