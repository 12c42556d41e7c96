import { beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE, fixtureId, HOSTILE_TITLE } from './fixtures.ts'
import { fetchPage, sql, unseenPath } from './helpers.ts'

const enc = encodeURIComponent

/** Published news posts, counted the way the list counts them. */
async function publishedNews(): Promise<number> {
  const [row] = await sql()<{ n: number }[]>`select count(*)::int as n from posts where kind = 'news' and status = 'published'`
  return row!.n
}

async function page(path: string) {
  const res = await fetchPage(path)
  return { res, body: await res.text() }
}

const cards = (body: string) => body.match(/<article class="post-card">/g)?.length ?? 0

let club: string
let player: string
let match: string

beforeAll(async () => {
  club = await fixtureId(sql(), 'clubs', FIXTURE.clubSourceKey)
  player = await fixtureId(sql(), 'players', FIXTURE.playerSourceKey)
  match = await fixtureId(sql(), 'matches', FIXTURE.matchSourceKey)
})

// Other fixtures (the real content) may share the lists, so tests that look at particular
// posts narrow the list to the fixture club, which only these fixtures are about.
describe('a section list', () => {
  it('shows twelve cards a page, newest first, in one query', async () => {
    const { res, body } = await page('/ar/news')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-db-queries')).toBe('1')
    expect(cards(body)).toBe(Math.min(12, await publishedNews()))
    const fixtures = (await page(`/ar/news?club=${club}`)).body
    const newest = fixtures.indexOf(`href="/ar/news/${enc(FIXTURE.newestNews.ar)}"`)
    const older = fixtures.indexOf(`href="/ar/news/${enc(FIXTURE.taggedNews.ar)}"`)
    expect(newest).toBeGreaterThan(-1)
    expect(older).toBeGreaterThan(newest)
  })

  it('gives every card a title, summary, date and a sized cover, lazy below the first row', async () => {
    const { body } = await page(`/en/news?club=${club}`)
    const first = /<article class="post-card">.*?<\/article>/s.exec(body)![0]
    expect(first).toContain('<a href="/en/news/fixture-news-01">Fixture news 01</a>')
    expect(first).toContain('Summary of Fixture news 01')
    expect(first).toContain('<time dateTime="2025-06-20T12:00:00+00:00">20-06-2025</time>')
    // The newest fixture has no cover: the section's placeholder stands in, sized.
    expect(first).toMatch(/<img src="\/images\/placeholders\/generic.svg" alt="" width="320" height="180"[^>]*loading="eager"/)
    const images = body.match(/<img [^>]*class="post-card-cover"[^>]*>/g) ?? []
    expect(images.length).toBeGreaterThan(3)
    for (const img of images) expect(img).toMatch(/width="\d+" height="\d+"/)
    expect(images.slice(0, 3).every((img) => img.includes('loading="eager"'))).toBe(true)
    expect(images.slice(3).every((img) => img.includes('loading="lazy"'))).toBe(true)
  })

  it('uses the analytics placeholder for an analytics piece without a cover', async () => {
    const { body } = await page(`/ar/analytics?competition=${FIXTURE.competition}`)
    expect(body).toContain('src="/images/placeholders/analytics.svg"')
  })

  it('pages through the rest, with links both ways and its own canonical address', async () => {
    const total = await publishedNews()
    const last = Math.ceil(total / 12)
    const first = await page('/en/news')
    expect(first.body).toContain('href="/en/news?page=2" rel="next"')
    expect(first.body).not.toContain('rel="prev"')
    const { res, body } = await page(`/en/news?page=${last}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-db-queries')).toBe('1')
    expect(cards(body)).toBe(total - (last - 1) * 12)
    expect(body).toContain(`<title>News, page ${last} — Hadaf</title>`)
    expect(body).toContain(`<link rel="canonical" href="http://localhost/en/news?page=${last}"/>`)
    expect(body).toContain(`<link rel="alternate" hrefLang="ar" href="http://localhost/ar/news?page=${last}"/>`)
    expect(body).toContain(`rel="prev"`)
    expect(body).not.toContain('rel="next"')
    expect(body).toContain(`Page ${last} of ${last}`)
  })

  it('answers 404 to a page past the last', async () => {
    const last = Math.ceil((await publishedNews()) / 12)
    expect((await fetchPage(`/en/news?page=${last + 1}`)).status).toBe(404)
    expect((await fetchPage(`/en/caricatures?club=${club}&page=2`)).status).toBe(404)
  })

  it.each([
    ['zero', '0'],
    ['a negative number', '-1'],
    ['a fraction', '1.5'],
    ['a word', 'abc'],
    ['nothing', ''],
    ['an exponent', '1e3'],
    ['a leading space', '%201'],
    ['a leading zero', '01'],
    ['an overflowing number', '99999999999999999999'],
    ['a long value', 'x'.repeat(1500)],
    ['broken percent-encoding', '%E0%A4%A'],
  ])('answers 404 to a page that is %s, without touching the database', async (_, value) => {
    const res = await fetchPage(`/en/news?page=${value}`)
    expect(res.status).toBe(404)
    expect(res.headers.get('x-db-queries')).toBe('0')
  })

  it('reads the first of repeated page numbers', async () => {
    const { body } = await page('/en/news?page=2&page=1')
    expect(body).toContain('<link rel="canonical" href="http://localhost/en/news?page=2"/>')
  })

  it('ignores query parameters it does not know', async () => {
    const res = await fetchPage('/ar/news?utm_source=newsletter&x=%E0')
    expect(res.status).toBe(200)
  })

  it('keeps a huge query string from reaching the handler', async () => {
    expect((await fetchPage(`/ar/news?club=${'1'.repeat(3000)}`)).status).toBe(414)
  })
})

describe('a list narrowed by a tag', () => {
  it('shows only posts about a club, names the club, and offers the whole list', async () => {
    const { res, body } = await page(unseenPath(`/ar/news?club=${club}`))
    expect(res.status).toBe(200)
    expect(res.headers.get('x-db-queries')).toBe('1')
    expect(body).toContain(`href="/ar/club/${club}"><bdi>الهلال</bdi></a>`)
    expect(body).toContain('href="/ar/news">')
    expect(body).toContain(`href="/ar/news?club=${club}&amp;page=2" rel="next"`)
    expect(body).toContain(`<link rel="canonical" href="http://localhost/ar/news?club=${club}"/>`)
  })

  it.each([
    ['player', () => player],
    ['competition', () => FIXTURE.competition],
  ])('narrows news to the one post about a %s', async (type, value) => {
    const { res, body } = await page(`/en/news?${type}=${value()}`)
    expect(res.status).toBe(200)
    expect(cards(body)).toBe(1)
    expect(body).toContain('href="/en/news/fixture-news-02"')
  })

  it('combines tags', async () => {
    const { body } = await page(`/en/news?club=${club}&player=${player}`)
    expect(cards(body)).toBe(1)
    expect(body).toContain('<title>News about Al Hilal and Salem Al-Dawsari — Hadaf</title>')
  })

  it('shows an empty list for a real tag without posts in the section', async () => {
    const { res, body } = await page(`/en/caricatures?club=${club}`)
    expect(res.status).toBe(200)
    expect(cards(body)).toBe(0)
    expect(body).toContain('class="empty-state"')
  })

  it.each(['club=999999999', 'player=999999999', 'competition=zz.none'])('answers 404 when %s names nothing', async (query) => {
    const res = await fetchPage(`/en/news?${query}`)
    expect(res.status).toBe(404)
    expect(res.headers.get('x-db-queries')).toBe('1')
  })

  it.each(['club=abc', 'club=0', 'club=-3', 'club=99999999999999999999', 'player=1.5', 'competition=EN.1', 'competition=a', "competition=x'--"])(
    'answers 404 to %s without touching the database',
    async (query) => {
      const res = await fetchPage(`/en/news?${query}`)
      expect(res.status).toBe(404)
      expect(res.headers.get('x-db-queries')).toBe('0')
    },
  )
})

describe('a post page', () => {
  const arPath = `/ar/news/${enc(FIXTURE.taggedNews.ar)}`

  it('renders title, cover, author, date, body and tags in one query', async () => {
    const { res, body } = await page(arPath)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-db-queries')).toBe('1')
    expect(body).toContain('<title>خبر تجريبي 02 — هدف</title>')
    expect(body).toContain('<h1 class="page-title">خبر تجريبي 02</h1>')
    expect(body).toMatch(/<img class="post-cover" src="\/media\/posts\/news-01.svg" alt="ملعب تحت الأضواء" width="1200" height="675"/)
    expect(body).toContain('<bdi>فريق هدف</bdi>')
    expect(body).toContain('<time dateTime="2025-06-19T12:00:00+00:00">19-06-2025</time>')
    expect(body).toMatch(/<article class="post">.*<div class="post-body"><p>نص خبر-تجريبي-02.<\/p><h2>تفاصيل<\/h2><\/div>.*<\/article>/s)
  })

  it('links each tag to its page', async () => {
    const { body } = await page(arPath)
    expect(body).toContain(`<a href="/ar/leagues/fx.league"><bdi>دوري الاختبار</bdi></a>`)
    expect(body).toContain(`<a href="/ar/club/${club}"><bdi>الهلال</bdi></a>`)
    expect(body).toContain(`<a href="/ar/player/${player}"><bdi>سالم الدوسري</bdi></a>`)
    expect(body).toContain(`<a href="/ar/matches/${match}"><bdi>الهلال</bdi> – <bdi>الاتحاد</bdi></a>`)
  })

  it('lists up to four related posts sharing a tag, newest first, never itself', async () => {
    const { body } = await page('/en/news/fixture-news-02')
    const related = /<section class="related-posts".*?<\/section>/s.exec(body)![0]
    const links = [...related.matchAll(/href="([^"]+)"/g)].map((m) => m[1])
    expect(links).toEqual(['/en/news/fixture-news-01', '/en/news/fixture-news-03', '/en/news/fixture-news-04', '/en/news/fixture-news-05'])
  })

  it('carries the rating and share widgets (tests/worker/ratings.test.ts tests them through)', async () => {
    const { body } = await page(arPath)
    expect(body).toContain('data-island="rating"')
    expect(body).toContain('data-island="share"')
  })

  it('plays media with the browser player, with captions, inside the player island', async () => {
    const { body } = await page(`/en/articles/${FIXTURE.mediaArticle.en}`)
    expect(body).toContain('data-island="media-player"')
    expect(body).toMatch(/<video [^>]*poster="\/media\/posts\/news-01.svg"/)
    expect(body).toContain('<source src="/media/posts/fixture.mp4" type="video/mp4"/>')
    expect(body).toContain('<track kind="captions" src="/media/posts/fixture.en.vtt" srcLang="en" label="English" default=""/>')
    expect(body).toContain('<track kind="captions" src="/media/posts/fixture.ar.vtt" srcLang="ar" label="العربية"/>')
    expect(body).toMatch(/<audio [^>]*controls=""/)
    expect(body).toContain('<figcaption>The winning goal</figcaption>')
  })

  it('sends the other language slug to the canonical address for good', async () => {
    const res = await fetchPage('/ar/news/fixture-news-02')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe(arPath)
    const en = await fetchPage(`/en/news/${enc(FIXTURE.taggedNews.ar)}`)
    expect(en.status).toBe(301)
    expect(en.headers.get('location')).toBe('/en/news/fixture-news-02')
  })

  it('sends a post asked for under another section to its own', async () => {
    const res = await fetchPage('/en/articles/fixture-news-02')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/en/news/fixture-news-02')
  })

  it('finds an Arabic slug spelt decomposed (NFD) and redirects to the stored spelling', async () => {
    const decomposed = FIXTURE.caricature.ar.normalize('NFD')
    expect(decomposed).not.toBe(FIXTURE.caricature.ar)
    const res = await fetchPage(`/ar/caricatures/${enc(decomposed)}`)
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe(`/ar/caricatures/${enc(FIXTURE.caricature.ar)}`)
  })

  it.each([
    ['an unknown slug', '/en/news/no-such-post'],
    ['a draft', `/en/news/${FIXTURE.draft.en}`],
    ['an unknown Arabic slug', `/ar/news/${enc('لا-يوجد')}`],
  ])('answers 404 to %s', async (_, path) => {
    expect((await fetchPage(path)).status).toBe(404)
  })

  it('answers 404 to a slug longer than any post has, without a query', async () => {
    const res = await fetchPage(`/ar/news/${enc('ب'.repeat(201))}`)
    expect(res.status).toBe(404)
    expect(res.headers.get('x-db-queries')).toBe('0')
  })

  it.each(['%D8%A', '%', '%ZZ', '%C0%AF'])('answers 400 to the broken encoding %s', async (slug) => {
    expect((await fetchPage(`/ar/news/${slug}`)).status).toBe(400)
  })

  it('keeps the drafts out of the list', async () => {
    const { body } = await page(`/en/news?club=${club}`)
    expect(body).not.toContain(FIXTURE.draft.en)
  })
})

describe('search metadata of a post', () => {
  it('announces both language versions and the social card', async () => {
    const { body } = await page('/en/news/fixture-news-02')
    expect(body).toContain('<link rel="canonical" href="http://localhost/en/news/fixture-news-02"/>')
    expect(body).toContain(`<link rel="alternate" hrefLang="ar" href="http://localhost/ar/news/${enc(FIXTURE.taggedNews.ar)}"/>`)
    expect(body).toContain('<link rel="alternate" hrefLang="x-default" href="http://localhost/"/>')
    expect(body).toContain('<meta property="og:type" content="article"/>')
    expect(body).toContain('<meta property="og:title" content="Fixture news 02"/>')
    expect(body).toContain('<meta property="og:description" content="Summary of Fixture news 02"/>')
    expect(body).toContain('<meta property="og:url" content="http://localhost/en/news/fixture-news-02"/>')
    expect(body).toContain('<meta property="og:image" content="http://localhost/media/posts/news-01.svg"/>')
    expect(body).toContain('<meta property="og:image:width" content="1200"/>')
    expect(body).toContain('<meta property="og:locale" content="en_US"/>')
    expect(body).toContain('<meta property="og:locale:alternate" content="ar_EG"/>')
    expect(body).toContain('<meta property="article:published_time" content="2025-06-19T12:00:00+00:00"/>')
    expect(body).toContain('<meta name="twitter:card" content="summary_large_image"/>')
  })

  it('describes the post as a NewsArticle with its breadcrumbs, under the page nonce', async () => {
    const res = await fetchPage('/en/news/fixture-news-02')
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')![1]
    const body = await res.text()
    const blocks = [...body.matchAll(/<script type="application\/ld\+json" nonce="([^"]+)">(.*?)<\/script>/g)]
    expect(blocks).toHaveLength(2)
    expect(blocks.every((b) => b[1] === nonce)).toBe(true)
    const [article, crumbs] = blocks.map((b) => JSON.parse(b[2]!))
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Fixture news 02',
      url: 'http://localhost/en/news/fixture-news-02',
      datePublished: '2025-06-19T12:00:00+00:00',
      inLanguage: 'en',
      author: [{ '@type': 'Organization', name: 'Hadaf Newsroom' }],
      publisher: { name: 'Hadaf' },
      image: [{ url: 'http://localhost/media/posts/news-01.svg', width: 1200, height: 675 }],
    })
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost/en' },
      { '@type': 'ListItem', position: 2, name: 'News', item: 'http://localhost/en/news' },
      { '@type': 'ListItem', position: 3, name: 'Fixture news 02' },
    ])
  })

  it('never lets a title close the JSON-LD script', async () => {
    const { body } = await page(`/en/caricatures/${FIXTURE.caricature.en}`)
    const script = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(body)![1]!
    expect(script).not.toMatch(/[<>]/)
    expect(script).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(script).headline).toBe(HOSTILE_TITLE)
    expect(body).not.toContain('<script>alert(1)')
  })

  it('falls back to the logo as the social image of a page without one', async () => {
    const { body } = await page('/ar/news')
    expect(body).toContain('<meta property="og:type" content="website"/>')
    expect(body).toContain('<meta property="og:image" content="http://localhost/logo.svg"/>')
    expect(body).toContain('<meta name="twitter:card" content="summary"/>')
    expect(body).toContain('<meta property="og:locale" content="ar_EG"/>')
    expect(body).toContain('<meta property="og:locale:alternate" content="en_US"/>')
  })
})
