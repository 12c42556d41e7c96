import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { createApp } from '../../src/app.tsx'
import { fetchPage, ORIGIN, postForm } from './helpers.ts'

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

async function fetchFrom(app: ReturnType<typeof createApp>, path: string, init: RequestInit = {}, bindings = env) {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(ORIGIN + path, init), bindings, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

describe('unknown routes', () => {
  it.each([
    ['ar', 'الصفحة غير موجودة: <bdi dir="ltr">/ar/no-such-page</bdi>'],
    ['en', 'Page not found: <bdi dir="ltr">/en/no-such-page</bdi>'],
  ])('answer 404 with "Page not found: {path}" in %s', async (lang, text) => {
    const res = await fetchPage(`/${lang}/no-such-page`)
    expect(res.status).toBe(404)
    const body = await res.text()
    expect(body).toContain(text)
    expect(body).toContain('<meta name="robots" content="noindex"/>')
  })

  it('speak the visitor language outside /ar and /en', async () => {
    const body = await (await fetchPage('/fr/matches', { headers: { cookie: 'lang=en' } })).text()
    expect(body).toContain('<html lang="en" dir="ltr">')
    expect(body).toContain('Page not found: <bdi dir="ltr">/fr/matches</bdi>')
  })

  it('give crawlers a minimal noindex document instead of the error page', async () => {
    const res = await fetchPage('/en/no-such-page', { headers: { 'user-agent': GOOGLEBOT } })
    expect(res.status).toBe(404)
    expect(res.headers.get('x-robots-tag')).toBe('noindex')
    const body = await res.text()
    expect(body).toContain('<meta name="robots" content="noindex">')
    expect(body).not.toContain('site-header')
  })

  it('answer the API envelope under /api', async () => {
    const res = await fetchPage('/api/v1/nothing', { headers: { 'accept-language': 'en' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ status: 404, message: 'Page Not Found' })
  })
})

describe('failures', () => {
  // Each failure must be logged with its request id; the spy also keeps the run quiet.
  let logged: MockInstance<typeof console.error>
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  })

  it('answer 500 "Internal Server Error" without leaking the cause', async () => {
    const app = createApp()
    app.get('/ar/explode', () => {
      throw new Error('secret internals')
    })
    const res = await fetchFrom(app, '/ar/explode')
    expect(res.status).toBe(500)
    const body = await res.text()
    expect(body).toContain('<title>خطأ داخلي في الخادم — هدف</title>')
    expect(body).not.toContain('secret internals')
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/"status":500,"error":"Error: secret internals/))
  })

  it('answer 503 with Retry-After, in both languages, when the database is away', async () => {
    const app = createApp()
    const offline = { ...env, DB: { ...env.DB, connectionString: 'postgres://postgres:postgres@127.0.0.1:1/none' } }
    const cookie = `token=${'A'.repeat(43)}`
    const page = await fetchFrom(app, '/en/profile', { headers: { cookie } }, offline)
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('30')
    expect(await page.text()).toContain('The site cannot reach its data right now.')
    const ar = await fetchFrom(app, '/ar/profile', { headers: { cookie } }, offline)
    expect(await ar.text()).toContain('تعذّر على الموقع الوصول إلى بياناته الآن.')
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/"status":503/))
  })

  it('answer crawlers with their status only', async () => {
    const app = createApp()
    app.get('/en/explode', () => {
      throw new Error('boom')
    })
    const res = await fetchFrom(app, '/en/explode', { headers: { 'user-agent': GOOGLEBOT } })
    expect(res.status).toBe(500)
    expect(await res.text()).not.toContain('site-header')
  })
})

describe('bad input never answers 500', () => {
  it.each([
    ['malformed percent-encoding', '/ar/news/%E0%A4%A'],
    ['a lone percent sign', '/en/club/%'],
    ['a NUL byte', '/en/club/a%00b'],
    ['an encoded NUL in the locale', '/%00ar/matches'],
  ])('%s gets 400', async (_, path) => {
    const res = await fetchPage(path)
    expect(res.status).toBe(400)
  })

  it('an overlong URL gets 414', async () => {
    const res = await fetchPage(`/en/news/${'a'.repeat(3000)}`)
    expect(res.status).toBe(414)
    expect(await res.text()).toContain('URI Too Long')
  })

  it.each(['/ar/../en/matches', '/ar/%2e%2e/%2e%2e/etc/passwd', '/en/./news/../matches'])('dot segments in %s resolve or 404', async (path) => {
    const res = await fetchPage(path)
    expect([200, 404]).toContain(res.status)
  })

  it.each([
    ['cookie', 'token=%%%; lang=%E0; theme=<x>; flash=%'],
    ['cookie', `lang=${'a'.repeat(5000)}`],
    ['accept-language', '*;q=2, ar;q=NaN, en;q=-1, ;;;'],
    ['accept-language', 'ar-'.repeat(2000)],
  ])('a malformed %s header is ignored', async (name, value) => {
    const res = await fetchPage('/ar/news', { headers: { [name]: value } })
    expect(res.status).toBe(200)
  })

  it('an unknown method gets 404, never 500', async () => {
    const res = await fetchPage('/ar/news', { method: 'PATCH' })
    expect(res.status).toBeLessThan(500)
  })

  it('a theme form with a broken body gets 400', async () => {
    const res = await postForm('/theme', '%%%theme=%E0')
    expect(res.status).toBe(400)
  })
})
