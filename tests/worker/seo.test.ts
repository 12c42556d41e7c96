import { describe, expect, it } from 'vitest'
import { FIXTURE, fixtureId } from './fixtures.ts'
import { fetchPage, sql } from './helpers.ts'

const enc = encodeURIComponent

/** Each <url> of a sitemap: its loc, lastmod and hreflang alternates. */
function urls(xml: string) {
  return [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, url]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(url!)![1]!,
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(url!)?.[1],
    alternates: Object.fromEntries([...url!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]])),
  }))
}

async function xml(path: string) {
  const res = await fetchPage(path)
  expect(res.status, path).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  return { res, body: await res.text() }
}

describe('robots.txt', () => {
  it('lets crawlers in everywhere but the private and preference endpoints, and names the sitemap', async () => {
    const res = await fetchPage('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const lines = (await res.text()).trim().split('\n')
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /'])
    for (const path of ['/api/', '/lang/', '/theme']) expect(lines).toContain(`Disallow: ${path}`)
    for (const lang of ['ar', 'en']) {
      for (const page of ['profile', 'login', 'sign-up', 'rest-password']) expect(lines).toContain(`Disallow: /${lang}/${page}`)
    }
    expect(lines.at(-1)).toBe('Sitemap: http://localhost/sitemap.xml')
  })
})

describe('the sitemap index', () => {
  it('points at one sitemap per kind of page, in one query', async () => {
    const { res, body } = await xml('/sitemap.xml')
    expect(res.headers.get('x-db-queries')).toBe('1')
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    for (const type of ['pages', 'posts', 'competitions', 'clubs', 'players', 'matches']) {
      expect(locations).toContain(`http://localhost/sitemaps/${type}.xml`)
    }
    for (const loc of locations) expect(loc).toMatch(/^http:\/\/localhost\/sitemaps\/[a-z]+(-\d+)?\.xml$/)
  })
})

describe('the sitemaps', () => {
  it('list the fixed pages in both languages without touching the database', async () => {
    const { res, body } = await xml('/sitemaps/pages.xml')
    expect(res.headers.get('x-db-queries')).toBe('0')
    const locs = urls(body).map((u) => u.loc)
    for (const path of ['', '/news', '/articles', '/analytics', '/caricatures', '/leagues', '/matches', '/contact-us', '/privacy-policy', '/terms-conditions']) {
      expect(locs).toContain(`http://localhost/ar${path}`)
      expect(locs).toContain(`http://localhost/en${path}`)
    }
  })

  it('give every URL its alternates in ar, en and x-default', async () => {
    const { body } = await xml('/sitemaps/pages.xml')
    const news = urls(body).find((u) => u.loc === 'http://localhost/ar/news')!
    expect(news.alternates).toEqual({ ar: 'http://localhost/ar/news', en: 'http://localhost/en/news', 'x-default': 'http://localhost/' })
  })

  it('list each published post under both slugs, with its date, in one query', async () => {
    const { res, body } = await xml('/sitemaps/posts.xml')
    expect(res.headers.get('x-db-queries')).toBe('1')
    const list = urls(body)
    const ar = `http://localhost/ar/news/${enc(FIXTURE.taggedNews.ar)}`
    const en = 'http://localhost/en/news/fixture-news-02'
    for (const loc of [ar, en]) {
      const url = list.find((u) => u.loc === loc)!
      expect(url.lastmod).toBe('2025-06-19T12:00:00.000Z')
      expect(url.alternates).toEqual({ ar, en, 'x-default': 'http://localhost/' })
    }
    expect(body).toContain(`http://localhost/en/caricatures/${FIXTURE.caricature.en}`)
    expect(body).not.toContain(FIXTURE.draft.en)
    const [row] = await sql()<{ n: number }[]>`select count(*)::int as n from posts where status = 'published'`
    expect(list).toHaveLength(row!.n * 2)
  })

  it.each([
    ['competitions', () => Promise.resolve(FIXTURE.competition), (id: string) => `/leagues/${id}`],
    ['clubs', () => fixtureId(sql(), 'clubs', FIXTURE.clubSourceKey), (id: string) => `/club/${id}`],
    ['players', () => fixtureId(sql(), 'players', FIXTURE.playerSourceKey), (id: string) => `/player/${id}`],
    ['matches', () => fixtureId(sql(), 'matches', FIXTURE.matchSourceKey), (id: string) => `/matches/${id}`],
  ])('list the %s', async (type, id, path) => {
    const { res, body } = await xml(`/sitemaps/${type}.xml`)
    expect(res.headers.get('x-db-queries')).toBe('1')
    const locs = urls(body).map((u) => u.loc)
    const target = path(await id())
    expect(locs).toContain(`http://localhost/ar${target}`)
    expect(locs).toContain(`http://localhost/en${target}`)
  })

  it('leave out the demo fixtures invented around today', async () => {
    const db = sql()
    const [season] = await db<{ id: string }[]>`select id::text as id from seasons where competition_id = ${FIXTURE.competition}`
    // Dated far from today, so no other test's page of today's matches sees it.
    const [demo] = await db<{ id: string }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, demo, source_key)
      select ${season!.id}, '2001-01-01T12:00:00Z', home_club_id, away_club_id, 'scheduled', true, 'fixture:match:demo' from matches
      where source_key = ${FIXTURE.matchSourceKey}
      returning id::text as id`
    try {
      const { body } = await xml('/sitemaps/matches.xml')
      expect(body).toContain(`/matches/${await fixtureId(db, 'matches', FIXTURE.matchSourceKey)}<`)
      expect(body).not.toContain(`/matches/${demo!.id}<`)
    } finally {
      await db`delete from matches where id = ${demo!.id}`
    }
  })

  it('split a kind into numbered files past 50,000 URLs (25,000 pages in two languages)', { timeout: 60_000 }, async () => {
    const db = sql()
    const count = async () => (await db<{ n: number }[]>`select count(*)::int as n from players`)[0]!.n
    await db`
      insert into players (name, source_key)
      select jsonb_build_object('en', 'Bulk ' || n), 'fixture:bulk:' || n from generate_series(1, ${Math.max(0, 25_001 - (await count()))}) n`
    try {
      const files = Math.ceil((await count()) / 25_000)
      const index = (await xml('/sitemap.xml')).body
      expect(index).toContain('<loc>http://localhost/sitemaps/players.xml</loc>')
      expect(index).toContain(`<loc>http://localhost/sitemaps/players-${files}.xml</loc>`)
      expect(index).not.toContain(`players-${files + 1}.xml`)
      expect(urls((await xml('/sitemaps/players.xml')).body)).toHaveLength(50_000)
      expect(urls((await xml(`/sitemaps/players-${files}.xml`)).body).length).toBeGreaterThanOrEqual(2)
      expect((await fetchPage(`/sitemaps/players-${files + 1}.xml`)).status).toBe(404)
    } finally {
      await db`delete from players where source_key like 'fixture:bulk:%'`
    }
  })

  it.each(['/sitemaps/posts-1.xml', '/sitemaps/posts-2.xml', '/sitemaps/pages-2.xml', '/sitemaps/users.xml', '/sitemaps/posts.json', '/sitemaps/posts-0.xml', '/sitemaps/posts-99999999.xml'])(
    'answers 404 to %s',
    async (path) => {
      expect((await fetchPage(path)).status).toBe(404)
    },
  )
})
