// The edge cache (decisions 071 and 114): public pages are kept at the edge while the versions
// of what they show stand, never for a signed-in visitor, and a kept page carries nothing of
// whoever filled it. Which change renews which page: page-scopes.test.ts.
import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { database } from '../../src/middleware/database.ts'
import { edgeCache, showsScopes } from '../../src/middleware/edge-cache.ts'
import type { AppEnv } from '../../src/types.ts'
import { FIXTURE, fixtureId } from './fixtures.ts'
import { callApi } from './api-helpers.ts'
import { insertUserWithSession, sql, unseenPath } from './helpers.ts'
import { fetchWith, openSharedDatabase } from './stand-in.ts'

/**
 * A page as a visitor gets it, after the cache has stored whatever the answer left to store.
 * Each test asks for an address of its own (unseenPath): tests share the cache.
 */
async function visit(path: string, init: RequestInit & { cf?: Record<string, unknown> } = {}, settings: Partial<Env> = {}) {
  const res = await fetchWith(settings, path, init)
  return { res, body: await res.text(), cache: res.headers.get('x-cache') }
}

/** A published article of the test's own, on top of the articles list. */
async function newArticle(title: string): Promise<string> {
  const slug = `cache-test-${crypto.randomUUID().slice(0, 8)}`
  await sql()`
    insert into posts (kind, slug_en, slug_ar, title, summary, body, author, status, published_at, source_key)
    values ('article', ${slug}, ${`مخبأ-${slug}`}, ${sql().json({ en: title, ar: 'عنوان' })},
      ${sql().json({ en: 'S', ar: 'م' })}, ${sql().json({ en: '<p>B</p>', ar: '<p>ن</p>' })},
      ${sql().json({ en: 'Hadaf', ar: 'هدف' })}, 'published', now(), ${`test:cache:${slug}`})`
  return slug
}

const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]

describe('the edge cache', () => {
  it.each(['/ar', '/en/news', '/en/leagues/en.1', '/ar/privacy-policy', '/en/search?q=hilal'])(
    'answers a second anonymous request for %s from the cache, without the database',
    async (path) => {
      const url = unseenPath(path)
      const first = await visit(url)
      expect(first.cache).toBe('MISS')
      expect(first.res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60')
      const second = await visit(url)
      expect(second.cache).toBe('HIT')
      expect(second.res.headers.get('x-db-queries')).toBe('0')
      expect(second.res.headers.get('cache-control')).toBe(first.res.headers.get('cache-control'))
      expect(second.res.headers.get('vary')).toBe('Cookie')
      expect(second.body.replace(/nonce="[^"]*"/g, '')).toBe(first.body.replace(/nonce="[^"]*"/g, ''))
    },
  )

  it('never serves nor keeps a page for a signed-in visitor, and tells other caches so', async () => {
    const { cookie } = await insertUserWithSession()
    const url = unseenPath('/en/news')
    for (let i = 0; i < 2; i++) {
      const { res, cache } = await visit(url, { headers: { cookie } })
      expect(cache).toBe('BYPASS')
      expect(res.headers.get('cache-control')).toBe('private, no-store')
    }
    // Nor did those visits fill the cache for anybody else.
    expect((await visit(url)).cache).toBe('MISS')
  })

  it.each(['flash=success.ratingSaved', 'pending=x', 'email_step=x'])('never shares a page asked for with the cookie %s', async (cookie) => {
    const url = unseenPath('/en/news')
    expect((await visit(url)).cache).toBe('MISS')
    const { cache, res } = await visit(url, { headers: { cookie } })
    expect(cache).toBe('BYPASS')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('leaves the sign-in pages, the profile and the contact form (a captcha per visit) alone', async () => {
    for (const path of ['/en/login', '/ar/sign-up', '/en/rest-password', '/en/contact-us']) {
      const url = unseenPath(path)
      await visit(url)
      const { res } = await visit(url)
      expect(res.headers.get('x-cache'), path).toBeNull()
      expect(res.headers.get('cache-control') ?? '', path).not.toContain('public')
    }
  })

  it('keeps a live match a few seconds at most', async () => {
    const id = await fixtureId(sql(), 'matches', FIXTURE.matchSourceKey)
    const [live] = await sql()<{ id: string }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, minute, demo, source_key)
      select season_id, now() - interval '30 minutes', home_club_id, away_club_id, 'live', 30, true, ${`test:cache:${crypto.randomUUID()}`}
      from matches where id = ${id} returning id::text`
    const { res, cache } = await visit(unseenPath(`/en/matches/${live!.id}`))
    expect(cache).toBe('MISS')
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5')
  })
})

describe('a kept page', () => {
  it('carries this visitor’s own CSP nonce, never the one it was rendered with', async () => {
    const url = unseenPath('/en/news')
    const first = await visit(url)
    const second = await visit(url)
    expect(second.cache).toBe('HIT')
    const [before, after] = [nonceOf(first.res), nonceOf(second.res)]
    expect(before).toBeTruthy()
    expect(after).toBeTruthy()
    expect(after).not.toBe(before)
    const nonces = new Set([...second.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))
    expect([...nonces]).toEqual([after])
  })

  it('keeps each theme apart and never hands a visitor another’s choice', async () => {
    const url = unseenPath('/ar/news')
    const dark = await visit(url, { headers: { cookie: 'theme=dark' } })
    expect(dark.cache).toBe('MISS')
    expect(dark.body).toContain('data-theme="dark"')
    const plain = await visit(url)
    expect(plain.cache).toBe('MISS')
    expect(plain.body).not.toContain('data-theme=')
    expect((await visit(url, { headers: { cookie: 'theme=dark' } })).cache).toBe('HIT')
  })

  it('shows kick-off times in the site’s zone, whatever the zone of the visitor who filled it', async () => {
    const id = await fixtureId(sql(), 'matches', FIXTURE.matchSourceKey)
    const url = unseenPath(`/en/matches/${id}`)
    const filled = await visit(url, { cf: { timezone: 'America/Los_Angeles' } })
    expect(filled.cache).toBe('MISS')
    expect(filled.body).not.toMatch(/GMT-[78]/)
    expect(filled.body).toMatch(/GMT\+3/)
    const kept = await visit(url, { cf: { timezone: 'Asia/Tokyo' } })
    expect(kept.cache).toBe('HIT')
    expect(kept.body).toMatch(/GMT\+3/)
  })

  it('keeps the matches of "today" per zone, since where a day starts decides which matches it holds', async () => {
    const url = unseenPath('/en/matches')
    const first = await visit(url, { cf: { timezone: 'America/Los_Angeles' } })
    expect(first.cache).toBe('MISS')
    // No cache downstream knows the zone: for them the answer is the reader's own.
    expect(first.res.headers.get('cache-control')).toBe('private, max-age=0')
    expect((await visit(url, { cf: { timezone: 'Asia/Tokyo' } })).cache).toBe('MISS')
    expect((await visit(url, { cf: { timezone: 'America/Los_Angeles' } })).cache).toBe('HIT')
  })
})

describe('a change', () => {
  it('a publish: the next request shows the new headline', async () => {
    const url = unseenPath('/en/articles')
    await visit(url)
    expect((await visit(url)).cache).toBe('HIT')
    const headline = `Breaking ${crypto.randomUUID()}`
    await newArticle(headline)
    const after = await visit(url)
    expect(after.cache).toBe('MISS')
    expect(after.body).toContain(headline)
  })

  it('a live event from the editor API: the match page shows the goal on the next request', async () => {
    const id = await fixtureId(sql(), 'matches', FIXTURE.matchSourceKey)
    const [match] = await sql()<{ id: string }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, demo, source_key)
      select season_id, now(), home_club_id, away_club_id, 'scheduled', true, ${`test:cache:${crypto.randomUUID()}`}
      from matches where id = ${id} returning id::text`
    const editor = await insertUserWithSession({ name: 'Cache Editor' })
    await sql()`update users set role = 'editor' where id = ${editor.id}`
    const url = unseenPath(`/en/matches/${match!.id}`)
    await visit(url)
    expect((await visit(url)).cache).toBe('HIT')
    const scorer = `Scorer ${crypto.randomUUID().slice(0, 8)}`
    expect((await callApi(`matches/${match!.id}`, { method: 'PATCH', bearer: editor.token, body: { status: 'live', minute: 1 } })).status).toBe(200)
    expect((await callApi(`matches/${match!.id}/events`, { method: 'POST', bearer: editor.token, body: { kind: 'goal', minute: 9, side: 'home', player_name: scorer } })).status).toBe(200)
    const after = await visit(url)
    expect(after.cache).toBe('MISS')
    expect(after.body).toContain(scorer)
  })

  it('an import: a match whose score the importer rewrites shows the new score on the next request', async () => {
    const id = await fixtureId(sql(), 'matches', FIXTURE.matchSourceKey)
    const [match] = await sql()<{ id: string; source_key: string }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, demo, source_key)
      select season_id, now() - interval '3 days', home_club_id, away_club_id, 'finished', 1, 0, true, ${`test:cache:${crypto.randomUUID()}`}
      from matches where id = ${id} returning id::text, source_key`
    const url = unseenPath(`/en/matches/${match!.id}`)
    expect((await visit(url)).body).toContain('1–0')
    expect((await visit(url)).cache).toBe('HIT')
    // The importer's upsert of a corrected result (scripts/import/write.ts) is such a statement.
    await sql()`update matches set ft_home = 4, ft_away = 3 where source_key = ${match!.source_key}`
    const after = await visit(url)
    expect(after.cache).toBe('MISS')
    expect(after.body).toContain('4–3')
  })

  it('reaches a location only once it reads the version again, at most EDGE_CACHE_RECHECK_SECONDS later', async () => {
    const slug = await newArticle(`Early ${crypto.randomUUID()}`)
    const url = unseenPath(`/en/articles/${slug}`)
    const slow = { EDGE_CACHE_RECHECK_SECONDS: '10' }
    await visit(url, {}, slow)
    const headline = `Later ${crypto.randomUUID()}`
    await sql()`update posts set title = jsonb_set(title, '{en}', to_jsonb(${headline}::text)) where slug_en = ${slug}`
    // Within the window this location still trusts the version it read: the old page.
    const stale = await visit(url, {}, slow)
    expect(stale.cache).toBe('HIT')
    expect(stale.body).not.toContain(headline)
    // Past it (here: at once), it reads the new version and renders afresh.
    const current = await visit(url)
    expect(current.cache).toBe('MISS')
    expect(current.body).toContain(headline)
  })
})

describe('a page the isolate is rendering again', () => {
  it('is answered from the copy it replaces, STALE, while the render runs, and fresh after it', async () => {
    const shown = `test:rendering:${crypto.randomUUID()}`
    let release = () => {}
    let renders = 0
    const app = new Hono<AppEnv>()
      .use(database(openSharedDatabase))
      .use(edgeCache())
      .get('/kept', async (c) => {
        renders += 1
        if (renders === 2) await new Promise<void>((resolve) => (release = resolve))
        showsScopes(c, shown)
        return c.html(`<p>render ${renders}</p>`)
      })
    const visit = async () => {
      const ctx = createExecutionContext()
      const res = await app.fetch(new Request('https://hadaf.test/kept'), { ...env, EDGE_CACHE_RECHECK_SECONDS: '0' }, ctx)
      const seen = { cache: res.headers.get('x-cache'), body: await res.text() }
      await waitOnExecutionContext(ctx)
      return seen
    }
    expect(await visit()).toEqual({ cache: 'MISS', body: '<p>render 1</p>' })
    await sql()`select touch_page_scopes(array[${shown}])`
    const slow = visit()
    await vi.waitFor(() => expect(renders).toBe(2))
    // Meanwhile every reader gets the copy being replaced, without a render of their own.
    expect(await visit()).toEqual({ cache: 'STALE', body: '<p>render 1</p>' })
    expect(await visit()).toEqual({ cache: 'STALE', body: '<p>render 1</p>' })
    release()
    expect(await slow).toEqual({ cache: 'MISS', body: '<p>render 2</p>' })
    expect(await visit()).toEqual({ cache: 'HIT', body: '<p>render 2</p>' })
    expect(renders).toBe(2)
  })
})
