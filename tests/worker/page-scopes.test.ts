// Versions per scope (issue 25, decision 114): a change renews only the kept pages that show
// what changed. Each test builds a world of its own (two competitions, clubs, matches, a
// player and a post) so that no other test's writes reach the pages it keeps.
import { describe, expect, it } from 'vitest'
import { kickoffDay } from '../../src/http/page-scopes.ts'
import { callApi } from './api-helpers.ts'
import { sql, unseenPath } from './helpers.ts'
import { editor } from './live-helpers.ts'
import { fetchWith } from './stand-in.ts'

const unique = () => crypto.randomUUID().slice(0, 8)

/** A page as a reader in UTC gets it, after the cache has stored what the answer left to store. */
async function visit(path: string) {
  const res = await fetchWith({}, path, { cf: { timezone: 'UTC' } })
  return { cache: res.headers.get('x-cache'), body: await res.text() }
}

/** Addresses of the test's own (tests share the cache), each visited once so the cache keeps it. */
async function kept(paths: Record<string, string>): Promise<Record<string, string>> {
  const urls = Object.fromEntries(Object.entries(paths).map(([name, path]) => [name, unseenPath(path)]))
  for (const url of Object.values(urls)) expect((await visit(url)).cache, url).toBe('MISS')
  return urls
}

async function cacheOf(urls: Record<string, string>, names: string[]): Promise<Record<string, string | null>> {
  const seen: Record<string, string | null> = {}
  for (const name of names) seen[name] = (await visit(urls[name]!)).cache
  return seen
}

const everyOne = (names: string[], cache: string) => Object.fromEntries(names.map((name) => [name, cache]))

async function newCompetition(): Promise<{ id: string; season: number }> {
  const id = `t.${unique()}`
  const [row] = await sql()<{ season: number }[]>`
    with competition as (
      insert into competitions (id, kind, name, short_name) values (${id}, 'league', ${sql().json({ en: `League ${id}`, ar: `دوري ${id}` })}, ${sql().json({ en: id })})
      returning id)
    insert into seasons (competition_id, label) select id, '2026/27' from competition returning id::int as season`
  return { id, season: row!.season }
}

async function newClub(): Promise<{ id: number; name: string }> {
  const name = `Scope Club ${unique()}`
  const [row] = await sql()<{ id: number }[]>`
    insert into clubs (name, short_name, source_key) values (${sql().json({ en: name, ar: name })}, ${sql().json({ en: name })}, ${`test:scopes:${unique()}`})
    returning id::int`
  return { id: row!.id, name }
}

async function newMatch(season: number, home: number, away: number, status: 'live' | 'scheduled', kickoff: string): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`
    insert into matches (season_id, kickoff, home_club_id, away_club_id, status, minute, ft_home, ft_away, demo, source_key)
    values (${season}, ${kickoff}, ${home}, ${away}, ${status}, ${status === 'live' ? 10 : null}, ${status === 'live' ? 0 : null},
      ${status === 'live' ? 0 : null}, true, ${`test:scopes:${unique()}`})
    returning id::int`
  return row!.id
}

async function newArticle(title: string, kind = 'article'): Promise<string> {
  const slug = `scopes-${unique()}`
  await sql()`
    insert into posts (kind, slug_en, slug_ar, title, summary, body, author, status, published_at, source_key)
    values (${kind}, ${slug}, ${`نطاق-${slug}`}, ${sql().json({ en: title, ar: 'عنوان' })}, ${sql().json({ en: 'S', ar: 'م' })},
      ${sql().json({ en: '<p>B</p>', ar: '<p>ن</p>' })}, ${sql().json({ en: 'Hadaf', ar: 'هدف' })}, 'published', now(), ${`test:scopes:${slug}`})`
  return slug
}

/**
 * Match X in play in one competition, match Y in another between other clubs, a player of
 * Y's home club, and a post about nothing of X's. X kicked off nearly three hours ago, so the
 * home page lists it before the live matches other tests start.
 */
async function world() {
  const [one, two] = [await newCompetition(), await newCompetition()]
  const [a, b, c, d] = [await newClub(), await newClub(), await newClub(), await newClub()]
  const kickoff = new Date(Date.now() - 170 * 60_000).toISOString()
  const x = await newMatch(one.season, a.id, b.id, 'live', kickoff)
  const y = await newMatch(two.season, c.id, d.id, 'scheduled', new Date(Date.now() + 86_400_000).toISOString())
  const [player] = await sql()<{ id: number }[]>`
    insert into players (name, club_id, source_key) values (${sql().json({ en: `Scope Player ${unique()}` })}, ${c.id}, ${`test:scopes:${unique()}`})
    returning id::int`
  const post = await newArticle(`Elsewhere ${unique()}`)
  return { one, two, a, b, c, x, y, player: player!.id, post, day: kickoffDay(kickoff) }
}

/** The pages that do not show X. */
function elsewhere(w: Awaited<ReturnType<typeof world>>) {
  return {
    otherMatch: `/en/matches/${w.y}`,
    otherClub: `/en/club/${w.c.id}`,
    post: `/en/articles/${w.post}`,
    player: `/en/player/${w.player}`,
    otherCompetition: `/en/leagues/${w.two.id}`,
  }
}

/** The pages that show X's score while it is in play. */
function aboutX(w: Awaited<ReturnType<typeof world>>) {
  return {
    league: `/en/leagues/${w.one.id}`,
    homeClub: `/en/club/${w.a.id}`,
    awayClub: `/en/club/${w.b.id}`,
    day: `/en/matches?date=${w.day}`,
    home: '/en',
  }
}

describe('a change renews only the pages that show it', () => {
  it('live text in a match renews its page and leaves a match, club, post, player and competition elsewhere kept', async () => {
    const w = await world()
    const others = Object.keys(elsewhere(w))
    const listing = Object.keys(aboutX(w))
    const urls = await kept({ match: `/en/matches/${w.x}`, ...elsewhere(w), ...aboutX(w) })
    const { token } = await editor()

    const text = `Corner swung in ${unique()}`
    const added = await callApi(`matches/${w.x}/commentary`, { method: 'POST', bearer: token, body: { minute: 12, text: { en: text } } })
    expect(added.status).toBe(201)

    const match = await visit(urls.match!)
    expect(match.cache).toBe('MISS')
    expect(match.body).toContain(text)
    // The text shows on the match's page alone: the pages listing its score have nothing new to
    // show. (Asked first: the league page, with a match in play, is kept 5 seconds.)
    expect(await cacheOf(urls, listing)).toEqual(everyOne(listing, 'HIT'))
    expect(await cacheOf(urls, others)).toEqual(everyOne(others, 'HIT'))
  })

  it('a booking while the clock runs renews its match page alone: the lists draw that clock themselves', async () => {
    const w = await world()
    await sql()`update matches set phase = 'first_half', period_started_at = date_trunc('second', now()) - interval '14 minutes' where id = ${w.x}`
    const listing = Object.keys(aboutX(w))
    const urls = await kept({ match: `/en/matches/${w.x}`, ...aboutX(w) })
    const { token } = await editor()
    const booked = await callApi(`matches/${w.x}/events`, { method: 'POST', bearer: token, body: { kind: 'yellow_card', minute: 15, side: 'away', player_name: `Booked ${unique()}` } })
    expect(booked.status).toBe(200)
    expect((await visit(urls.match!)).cache).toBe('MISS')
    expect(await cacheOf(urls, listing)).toEqual(everyOne(listing, 'HIT'))
  })

  it('a new score renews its league table and round, its clubs, its day and the home page, and nothing elsewhere', async () => {
    const w = await world()
    const others = Object.keys(elsewhere(w))
    const urls = await kept({ ...elsewhere(w), ...aboutX(w) })
    const { token } = await editor()

    expect((await callApi(`matches/${w.x}`, { method: 'PATCH', bearer: token, body: { ft: [7, 3] } })).status).toBe(200)

    for (const name of Object.keys(aboutX(w))) {
      const page = await visit(urls[name]!)
      expect(page.cache, name).toBe('MISS')
      expect(page.body, name).toContain(w.a.name)
      expect(page.body, name).toMatch(/<span class="score-home">7<\/span>/)
      // The league's table counts the match as it stands: seven goals for its home club.
      if (name === 'league') expect(page.body).toContain('<td class="standings-wide">7</td>')
    }
    expect(await cacheOf(urls, others)).toEqual(everyOne(others, 'HIT'))
  })

  it('a publish renews the lists of posts and the home page, not a match page', async () => {
    const w = await world()
    const urls = await kept({ news: '/en/news', home: '/en', match: `/en/matches/${w.x}`, otherMatch: `/en/matches/${w.y}` })
    const headline = `Published ${unique()}`
    await newArticle(headline, 'news')
    for (const name of ['news', 'home']) {
      const page = await visit(urls[name]!)
      expect(page.cache, name).toBe('MISS')
      expect(page.body, name).toContain(headline)
    }
    expect(await cacheOf(urls, ['match', 'otherMatch'])).toEqual({ match: 'HIT', otherMatch: 'HIT' })
  })

  it('a post tagged with a club renews that club’s matches and page, where its related posts show', async () => {
    const w = await world()
    const urls = await kept({ club: `/en/club/${w.a.id}`, match: `/en/matches/${w.x}`, otherMatch: `/en/matches/${w.y}` })
    const headline = `About the club ${unique()}`
    const slug = await newArticle(headline)
    await sql()`insert into post_tags (post_id, club_id) select id, ${w.a.id} from posts where slug_en = ${slug}`
    for (const name of ['club', 'match']) {
      const page = await visit(urls[name]!)
      expect(page.cache, name).toBe('MISS')
      expect(page.body, name).toContain(headline)
    }
    expect((await visit(urls.otherMatch!)).cache).toBe('HIT')
  })

  it('a reader’s rating renews nothing (decision 071)', async () => {
    const w = await world()
    const urls = await kept({ post: `/en/articles/${w.post}`, player: `/en/player/${w.player}` })
    await sql()`update posts set rating_count = rating_count + 1, rating_sum = rating_sum + 4 where slug_en = ${w.post}`
    await sql()`update players set rating_count = rating_count + 1, rating_sum = rating_sum + 4 where id = ${w.player}`
    expect(await cacheOf(urls, ['post', 'player'])).toEqual({ post: 'HIT', player: 'HIT' })
  })

  it('a renamed club renews every page that shows it, through site', async () => {
    const w = await world()
    const urls = await kept({ match: `/en/matches/${w.x}`, otherMatch: `/en/matches/${w.y}` })
    const name = `Renamed ${unique()}`
    await sql()`update clubs set name = ${sql().json({ en: name, ar: name })} where id = ${w.a.id}`
    const match = await visit(urls.match!)
    expect(match.cache).toBe('MISS')
    expect(match.body).toContain(name)
    expect((await visit(urls.otherMatch!)).cache).toBe('MISS')
  })
})
