// Sitemap XML (sitemaps.org, with Google's xhtml:link extension for hreflang).
import { hreflangAlternates, type LocalePaths } from './alternates.ts'
import { LOCALES } from '../../lib/locales.ts'

/** The protocol's limit per file; a type with more URLs is split into numbered files. */
export const URLS_PER_SITEMAP = 50_000

/** Every entry is listed once per language, so a file holds this many entries. */
export const ENTRIES_PER_SITEMAP = URLS_PER_SITEMAP / LOCALES.length

export interface SitemapEntry {
  paths: LocalePaths
  lastmod?: Date
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!)
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'

/** One <url> per language version, each naming all of them (Google's rule for hreflang). */
export function urlset(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const alternates = hreflangAlternates(origin, entry.paths)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`)
      .join('')
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ''
    return LOCALES.map((lang) => `<url><loc>${xml(origin + entry.paths[lang])}</loc>${lastmod}${alternates}</url>`)
  })
  return `${DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

export function sitemapIndex(locations: string[]): string {
  const sitemaps = locations.map((loc) => `<sitemap><loc>${xml(loc)}</loc></sitemap>`)
  return `${DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join('\n')}\n</sitemapindex>\n`
}
