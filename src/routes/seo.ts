// What search engines read besides the pages: robots.txt, and a sitemap index pointing at
// one sitemap per kind of page, each URL with its hreflang alternates.
import { type Context, Hono } from 'hono'
import type postgres from 'postgres'
import { href, POST_KINDS, postHref } from '../../lib/links.ts'
import { type Locale, LOCALES } from '../../lib/locales.ts'
import { countSitemapEntries, ENTITY_TABLES, type EntityTable, loadSitemapIds, loadSitemapPosts } from '../db/sitemaps.ts'
import { pathsIn } from '../seo/alternates.ts'
import { ENTRIES_PER_SITEMAP, type SitemapEntry, sitemapIndex, urlset } from '../seo/sitemap.ts'
import type { AppEnv } from '../types.ts'

export const seo = new Hono<AppEnv>()

const SITEMAP_TYPES = ['pages', 'posts', ...ENTITY_TABLES] as const
type SitemapType = (typeof SITEMAP_TYPES)[number]

/** The site's fixed pages worth finding: home, the lists and the site's own pages. */
const FIXED_PAGES: ((lang: Locale) => string)[] = [
  (lang) => href(lang, 'home'),
  ...POST_KINDS.map((section) => (lang: Locale) => href(lang, 'posts', { section })),
  (lang) => href(lang, 'leagues'),
  (lang) => href(lang, 'matches'),
  (lang) => href(lang, 'contact'),
  (lang) => href(lang, 'privacy'),
  (lang) => href(lang, 'terms'),
]

const ENTITY_PAGE: Record<EntityTable, (lang: Locale, id: string) => string> = {
  competitions: (lang, id) => href(lang, 'league', { id }),
  clubs: (lang, id) => href(lang, 'club', { id }),
  players: (lang, id) => href(lang, 'player', { id }),
  matches: (lang, id) => href(lang, 'match', { id }),
}

// Personal pages and endpoints that only make sense to a visitor's own browser.
const PRIVATE_ROUTES = ['profile', 'my', 'login', 'signUp', 'restPassword'] as const
const DISALLOWED = ['/api/', '/lang/', '/theme', ...LOCALES.flatMap((lang) => PRIVATE_ROUTES.map((route) => href(lang, route)))]

// Crawlers fetch these often; an hour of caching spares the database.
const CACHE = { 'Cache-Control': 'public, max-age=3600' }
const XML = { ...CACHE, 'Content-Type': 'application/xml; charset=utf-8' }

const origin = (c: Context) => new URL(c.req.url).origin

seo.get('/robots.txt', (c) => {
  const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin(c)}/sitemap.xml`]
  return c.text(`${lines.join('\n')}\n`, 200, CACHE)
})

/** Page 1 is `/sitemaps/posts.xml`; later pages are `/sitemaps/posts-2.xml` and on. */
function sitemapPath(type: SitemapType, page: number): string {
  return page === 1 ? `/sitemaps/${type}.xml` : `/sitemaps/${type}-${page}.xml`
}

seo.get('/sitemap.xml', async (c) => {
  const counts = await countSitemapEntries(c.var.db.sql)
  const locations = SITEMAP_TYPES.flatMap((type) => {
    const entries = type === 'pages' ? FIXED_PAGES.length : counts[type]
    // An empty type keeps its one (empty) file, so the index always names all six.
    const files = Math.max(1, Math.ceil(entries / ENTRIES_PER_SITEMAP))
    return Array.from({ length: files }, (_, i) => origin(c) + sitemapPath(type, i + 1))
  })
  return c.body(sitemapIndex(locations), 200, XML)
})

async function sitemapEntries(sql: postgres.Sql, type: SitemapType, page: number): Promise<SitemapEntry[]> {
  const offset = (page - 1) * ENTRIES_PER_SITEMAP
  if (type === 'pages') return page === 1 ? FIXED_PAGES.map((build) => ({ paths: pathsIn(build) })) : []
  if (type === 'posts') {
    const posts = await loadSitemapPosts(sql, ENTRIES_PER_SITEMAP, offset)
    return posts.map((post) => ({ paths: pathsIn((lang) => postHref(lang, post)), lastmod: post.publishedAt }))
  }
  const ids = await loadSitemapIds(sql, type, ENTRIES_PER_SITEMAP, offset)
  return ids.map((id) => ({ paths: pathsIn((lang) => ENTITY_PAGE[type](lang, id)) }))
}

const SITEMAP_FILE = new RegExp(`^(${SITEMAP_TYPES.join('|')})(?:-([2-9]|[1-9]\\d{1,5}))?\\.xml$`)

seo.get('/sitemaps/:file', async (c) => {
  const match = SITEMAP_FILE.exec(c.req.param('file'))
  if (!match) return c.notFound()
  const type = match[1] as SitemapType
  const page = Number(match[2] ?? 1)
  const entries = await sitemapEntries(c.var.db.sql, type, page)
  // Past the last file there is nothing to list; the first file exists even when empty.
  if (page > 1 && entries.length === 0) return c.notFound()
  return c.body(urlset(origin(c), entries), 200, XML)
})
