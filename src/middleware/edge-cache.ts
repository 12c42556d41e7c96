// The edge cache of the architecture page (issues 14 and 25, decisions 071 and 114): anonymous
// GETs of public pages are kept by the Workers Cache API at each edge location, under a key
// made of the URL and the few things a page may differ by (the theme; for the day of matches
// the reader's zone; for a page that shows broadcasts the reader's country). A route names the
// scopes its page shows (showsScopes, with the names of src/http/page-scopes.ts); a change to
// anything a page shows raises those scopes' versions in Postgres
// (supabase/migrations/…_page_scopes.sql). Each isolate reads the versions that moved at most
// every EDGE_CACHE_RECHECK_SECONDS, and a kept copy is served
// only while none of the scopes it shows has moved past the version it was rendered at;
// otherwise the page is rendered again and the copy replaced. Nothing has to be deleted
// location by location, and a change renews only the pages that show it.
//
// A stored page carries nothing of the visitor who filled it: requests with a personal
// cookie never reach the cache, kick-off times render in the site's zone (client/local-time.ts
// moves them to the reader's), and the CSP nonce is replaced with this request's on the way out.
// A page whose content depends on the reader's country (where to watch: decision 122) says so
// with showsCountry; it is kept per country, and a small marker under its plain key sends the
// next reader's lookup to their country's copy. Pages that never say so are kept once for all.
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { DEFAULT_TIME_ZONE } from '../../lib/format.ts'
import { readScopeVersions } from '../db/page-scopes.ts'
import { readThemeCookie } from '../http/cookies.ts'
import { isCurrent, knownAfter, type KnownVersions, stampOf } from '../http/page-scopes.ts'
import { readerCountry, requestCountry } from '../http/reader-country.ts'
import { cfTimeZone } from '../http/time-zone.ts'
import { settings } from '../settings.ts'
import type { CountryCode } from '../../lib/countries.ts'
import type { MediaEmbed } from '../../lib/media-sources.ts'
import type { AppEnv } from '../types.ts'

/** Cookies that make a request one visitor's own: a session, a flash message, a code step. */
const PERSONAL_COOKIES = ['token', 'flash', 'pending', 'email_step']

/** How long a page about something in play may be kept: the score can change any second. */
const LIVE_PAGE_SECONDS = 5

// What a stored copy keeps besides its body, in headers of our own that never leave.
const STORED_AT = 'x-hadaf-stored-at'
const STORED_EMBEDS = 'x-hadaf-embeds'
const STORED_SECONDS = 'x-hadaf-seconds'
const STORED_SCOPES = 'x-hadaf-scopes'
/** On the marker kept under a page's plain key: the page is kept per reader's country. */
const VARIES_BY_COUNTRY = 'x-hadaf-varies-by-country'

/** The country key of a reader whose country nothing says. */
const NO_COUNTRY = 'none'

/**
 * How long after a change an isolate must still know of it: a copy rendered before the change
 * was rendered at most EDGE_CACHE_RECHECK_SECONDS after it (the renderer had not read it yet)
 * and is kept EDGE_CACHE_SECONDS; the margin covers the rendering itself.
 */
const MARGIN_SECONDS = 10

/** The versions this isolate last read, and when: read again after EDGE_CACHE_RECHECK_SECONDS. */
let known: KnownVersions | undefined

/** This isolate's versions, read again when they are older than `recheckSeconds`: one statement, the cache's own. */
async function knownVersions(c: Context<AppEnv>, seconds: number, recheckSeconds: number): Promise<KnownVersions> {
  const now = Date.now()
  if (known && now - known.readAt < recheckSeconds * 1000) return known
  const windowSeconds = seconds + recheckSeconds + MARGIN_SECONDS
  const before = c.var.db.queryCount
  const read = await readScopeVersions(c.var.db.sql, known ? { after: known.max } : { withinSeconds: windowSeconds })
  c.set('cacheStatements', c.var.db.queryCount - before)
  known = knownAfter(known, read, now, windowSeconds * 1000)
  return known
}

/** Whether this request may be answered with, and fill, a copy shared by everyone. */
function isShared(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false
  if (c.req.header('authorization')) return false
  return PERSONAL_COOKIES.every((name) => getCookie(c, name) === undefined)
}

/** The build that renders: a new deploy starts its own copies rather than serve the last one's for EDGE_CACHE_SECONDS. */
const BUILD: string | undefined = import.meta.env.HADAF_BUILD

function cacheKey(c: Context<AppEnv>, zone: string | undefined, country?: string): Request {
  const url = new URL(c.req.url)
  if (BUILD) url.searchParams.set('_build', BUILD)
  url.searchParams.set('_theme', readThemeCookie(c) ?? 'system')
  if (zone) url.searchParams.set('_zone', zone)
  if (country) url.searchParams.set('_country', country)
  return new Request(url, { method: 'GET' })
}

/** The longest a shared cache downstream may keep a page: it cannot read the scopes' versions, so it keeps to decision 071's minute. */
const DOWNSTREAM_SECONDS = 60

/**
 * What the browser and any shared cache downstream are told: browsers revalidate every time,
 * shared caches keep it `seconds`, at most DOWNSTREAM_SECONDS. A copy kept per zone or per
 * country is private downstream: no other cache knows the reader's zone, nor where Cloudflare
 * placed them.
 */
function downstreamCacheControl(kept: number, perReader: boolean): string {
  const seconds = Math.min(kept, DOWNSTREAM_SECONDS)
  return perReader ? 'private, max-age=0' : `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`
}

/** What stays under a page's plain key while its copies are kept per country: no page, only where to look. */
function countryMarker(seconds: number): Response {
  return new Response('', { status: 200, headers: { 'Cache-Control': `max-age=${seconds}`, [VARIES_BY_COUNTRY]: '1' } })
}

/** The theme is in our key; a cache downstream keys on the cookie header instead. */
const VARY = 'Cookie'

/** The copy the Cache API keeps: the body, its type, and our notes; nothing of this request's. */
function storedCopy(body: ReadableStream, contentType: string, seconds: number, stamp: string, embeds: MediaEmbed[] | undefined): Response {
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': `max-age=${seconds}`,
    [STORED_AT]: String(Date.now()),
    [STORED_SECONDS]: String(seconds),
    [STORED_SCOPES]: stamp,
  })
  if (embeds?.length) headers.set(STORED_EMBEDS, embeds.join(' '))
  return new Response(body, { status: 200, headers })
}

/**
 * A stored copy as this visitor gets it: their own nonce, the page's embeds for the CSP, and its
 * age. STALE: a copy whose new version this isolate is rendering right now (see `rendering`).
 */
function servedCopy(c: Context<AppEnv>, stored: Response, perReader: boolean, status: 'HIT' | 'STALE' = 'HIT'): Response {
  const embeds = stored.headers.get(STORED_EMBEDS)
  if (embeds) c.set('mediaEmbeds', embeds.split(' ') as MediaEmbed[])
  const seconds = Number(stored.headers.get(STORED_SECONDS))
  const age = Math.max(0, Math.floor((Date.now() - Number(stored.headers.get(STORED_AT))) / 1000))
  const nonce = c.var.secureHeadersNonce
  // Only a page has nonces to replace; a calendar feed goes out as it was kept.
  const html = stored.headers.get('Content-Type')?.startsWith('text/html')
  const rewritten = !html ? stored : new HTMLRewriter()
    .on('[nonce]', {
      element(element) {
        if (nonce) element.setAttribute('nonce', nonce)
        else element.removeAttribute('nonce')
      },
    })
    .transform(stored)
  return new Response(rewritten.body, {
    status: 200,
    headers: {
      'Content-Type': stored.headers.get('Content-Type') ?? 'text/html; charset=utf-8',
      'Cache-Control': downstreamCacheControl(seconds, perReader),
      Vary: VARY,
      Age: String(age),
      'X-Cache': status,
    },
  })
}

/**
 * The copies this isolate is rendering again, by key, with when each render began. A reader who
 * asks while one runs gets the copy it replaces instead of a render of their own: a change to a
 * page a crowd is reading costs one render per isolate, not one per reader who came meanwhile,
 * and no reader sees an old copy for longer than a render takes (at most RENDERING_MS).
 */
const rendering = new Map<string, number>()
const RENDERING_MS = 5000

/** What is kept: pages, and the calendar feeds of clubs and competitions (decision 125). */
const STORABLE_TYPES = ['text/html', 'text/calendar']

/** Whether the page the route answered may be shared: a full page for everyone, setting nothing. */
function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    !response.headers.has('Set-Cookie') &&
    !/private|no-store/.test(response.headers.get('Cache-Control') ?? '') &&
    STORABLE_TYPES.some((type) => (response.headers.get('Content-Type') ?? '').startsWith(type))
  )
}

/**
 * The cache for one group of public pages. `byZone`: the page's content, not only its times,
 * depends on the reader's zone (the matches of "today"), so each zone gets its own copy.
 */
export function edgeCache(options: { byZone?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // `/news` and `/news/*` both match /news: the first cache on the way decides.
    if (c.var.edgeCache) return next()
    c.set('edgeCache', true)
    const { seconds, recheckSeconds } = settings(c.env).edgeCache
    if (!isShared(c)) {
      await next()
      // One visitor's answer (security.md): no cache downstream may keep it either.
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store')
      c.header('X-Cache', 'BYPASS')
      return
    }
    if (seconds === 0) {
      await next()
      c.header('X-Cache', 'BYPASS')
      return
    }
    const zone = options.byZone ? cfTimeZone(c) : undefined
    c.set('timeZone', zone ?? DEFAULT_TIME_ZONE)
    // Read before the page's data: a page rendered now holds at least these versions.
    const versions = await knownVersions(c, seconds, recheckSeconds)
    const key = cacheKey(c, zone)
    const cache = await caches.open('pages')
    let stored = await cache.match(key)
    // A shared request has no session, so the request alone says the reader's country.
    const lookedUpCountry = stored?.headers.has(VARIES_BY_COUNTRY) ? (requestCountry(c) ?? NO_COUNTRY) : undefined
    const copyKey = lookedUpCountry ? cacheKey(c, zone, lookedUpCountry) : key
    if (lookedUpCountry) stored = await cache.match(copyKey)
    const perReader = zone !== undefined || lookedUpCountry !== undefined
    if (stored && isCurrent(stored.headers.get(STORED_SCOPES), versions)) return servedCopy(c, stored, perReader)
    const began = rendering.get(copyKey.url)
    if (stored && began !== undefined && Date.now() - began < RENDERING_MS) return servedCopy(c, stored, perReader, 'STALE')

    rendering.set(copyKey.url, Date.now())
    const rendered = () => rendering.delete(copyKey.url)
    await next()
    if (!isStorable(c.res)) {
      rendered()
      c.header('X-Cache', 'BYPASS')
      return
    }
    const kept = Math.min(seconds, c.var.edgeSeconds ?? seconds)
    const [outgoing, toStore] = c.res.body!.tee()
    const contentType = c.res.headers.get('Content-Type')!
    const stamp = stampOf(c.var.pageScopes, versions)
    const copy = storedCopy(toStore, contentType, kept, stamp, c.var.mediaEmbeds)
    const country = c.var.shownCountry === undefined ? undefined : (c.var.shownCountry ?? NO_COUNTRY)
    const puts = country ? [cache.put(cacheKey(c, zone, country), copy), cache.put(key, countryMarker(kept))] : [cache.put(key, copy)]
    c.executionCtx.waitUntil(Promise.all(puts).finally(rendered))
    c.res = new Response(outgoing, c.res)
    c.header('Cache-Control', downstreamCacheControl(kept, zone !== undefined || country !== undefined))
    c.header('Vary', VARY)
    c.header('X-Cache', 'MISS')
  })
}

/**
 * Names what this page shows (the builders of src/http/page-scopes.ts): its kept copy is
 * renewed when one of them changes, and when anything under `site` does. A page that names
 * nothing is renewed by every change.
 */
export function showsScopes(c: Context<AppEnv>, ...scopes: string[]): void {
  c.set('pageScopes', [...(c.var.pageScopes ?? []), ...scopes])
}

/**
 * The reader's country (src/http/reader-country.ts), for a page whose content depends on it
 * (where to watch): the edge cache keeps such a page per country (decision 122). A page that
 * never asks is kept once for every reader.
 */
export async function showsCountry(c: Context<AppEnv>): Promise<CountryCode | undefined> {
  const country = await readerCountry(c)
  c.set('shownCountry', country ?? null)
  return country
}

/** Keeps this page at the edge for at most `seconds`: a match in play, a table that is moving. */
export function keepBriefly(c: Context<AppEnv>, seconds = LIVE_PAGE_SECONDS): void {
  c.set('edgeSeconds', Math.min(seconds, c.var.edgeSeconds ?? seconds))
}
