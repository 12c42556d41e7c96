// The sign-in pages in front of an external sign-in API (AUTH_API_BASE): a small local
// upstream that speaks docs/auth-api.md answers the calls the routes forward, and the
// browser still only ever sees HttpOnly cookies.
import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { fetchWith, standIn } from './stand-in.ts'
import { setCookies, Visitor } from './visitor.ts'

const UPSTREAM = 'https://auth.upstream.test'
const BASE = `${UPSTREAM}/api/v1`

// Tokens have the built-in API's shape: 43 base64url characters.
const SESSION = 'S'.repeat(43)
const SECOND_SESSION = 's'.repeat(43)
const PENDING = 'P'.repeat(43)
const CODE = '4321'
const PASSWORD = 'the upstream passphrase'

const USER = { id: 'u-1', name: 'Layla', email: 'layla@upstream.test', image: null, theme: 'dark', mobile: null, lang: 'en', role: 'reader' }

/** What the upstream was asked, for the tests to check. */
interface Seen {
  path: string
  body: Record<string, unknown> | undefined
  authorization: string | undefined
  language: string | undefined
  forwardedFor: string | undefined
}

function upstream() {
  const seen: Seen[] = []
  const app = new Hono().basePath('/api/v1/authentication')
  app.use(async (c, next) => {
    const text = c.req.method === 'POST' ? await c.req.text() : ''
    seen.push({
      path: c.req.path.replace('/api/v1/authentication/', ''),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
      authorization: c.req.header('authorization'),
      language: c.req.header('accept-language'),
      forwardedFor: c.req.header('x-forwarded-for'),
    })
    await next()
  })
  const bearer = (c: { req: { header(name: string): string | undefined } }) => c.req.header('authorization')?.replace('Bearer ', '')
  app.post('/login-2', async (c) => {
    const body = (await c.req.json()) as { email?: string; password?: string }
    if (!body.password) return c.json({ status: 200, message: 'Code sent upstream.', data: { access_token: PENDING, otp_sent: true, otp_length: 4, resend_after: 30 } })
    if (body.email === USER.email && body.password === PASSWORD) return c.json({ status: 200, message: 'Welcome upstream.', data: { access_token: SESSION, ...USER } })
    return c.json({ status: 401, message: 'Upstream says: Invalid credentials' }, 401)
  })
  app.post('/check-otp', async (c) => {
    if (bearer(c) !== PENDING) return c.json({ status: 401, message: 'Upstream step expired.' }, 401)
    const { code } = (await c.req.json()) as { code: string }
    if (code !== CODE) return c.json({ status: 422, message: 'Wrong.', errors: { code: 'Upstream: the code is incorrect.' } }, 422)
    return c.json({ status: 200, message: 'Welcome upstream.', data: { token: SECOND_SESSION, ...USER } })
  })
  app.post('/resend-otp', (c) => c.json({ status: 200, message: 'Another code upstream.', data: { otp_sent: true, otp_length: 4, resend_after: 30 } }))
  app.get('/me', (c) =>
    [SESSION, SECOND_SESSION].includes(bearer(c) ?? '') ? c.json({ status: 200, message: 'OK', data: USER }) : c.json({ status: 401, message: 'Please sign in.' }, 401),
  )
  app.post('/logout', (c) => c.json({ status: 200, message: 'Signed out upstream.' }))
  return { app, seen }
}

/** The upstream answers every request the worker sends it; what it was asked comes back. */
function runUpstream(): Seen[] {
  const { app, seen } = upstream()
  standIn(UPSTREAM, app)
  return seen
}

/** A browser in front of the worker set up for the upstream, signed in with `session` if given. */
function visitor(session?: string): Visitor {
  const browser = new Visitor((path, init) => fetchWith({ AUTH_API_BASE: BASE }, path, init))
  if (session) browser.cookies.set('token', session)
  return browser
}

describe('sign-in through an external API', () => {
  it('forwards the form as the contract says and keeps the upstream token in the HttpOnly cookie only', async () => {
    const seen = runUpstream()
    const browser = visitor()
    const res = await browser.post('/en/login', { identifier: USER.email, password: PASSWORD, intent: 'password', captcha: 'widget-answer' }, { json: true })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ status: 200, message: 'Welcome upstream.', redirect: '/en' })
    expect(text).not.toContain(SESSION)
    expect(seen).toEqual([
      { path: 'login-2', body: { email: USER.email, password: PASSWORD, captcha: 'widget-answer' }, authorization: undefined, language: 'en', forwardedFor: browser.ip },
    ])
    const cookies = setCookies(res)
    expect(cookies.get('token')).toEqual({ value: SESSION, attributes: 'Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax' })
    expect(cookies.get('theme')?.value).toBe('dark')
  })

  it("shows the upstream's own message when it refuses", async () => {
    runUpstream()
    const res = await visitor().post('/ar/login', { identifier: USER.email, password: 'wrong', intent: 'password', captcha: 'x' })
    expect(res.status).toBe(401)
    expect(await res.text()).toContain('<p class="form-errors" role="alert">Upstream says: Invalid credentials</p>')
  })

  it("runs the code step with the upstream's code length and resend wait", async () => {
    const seen = runUpstream()
    const browser = visitor()
    const started = await browser.post('/en/login', { identifier: USER.email, intent: 'code', captcha: 'x' })
    expect(started.headers.get('location')).toBe('/en/login/code')
    const page = await (await browser.get('/en/login/code')).text()
    expect(page).toMatch(/<input id="auth-code"[^>]*maxLength="4"/)
    expect(page).toMatch(/data-island="auth-resend" data-props="\{&quot;action&quot;:&quot;\/en\/login\/code\/resend&quot;,&quot;wait&quot;:(29|30)\}"/)
    expect(page).not.toContain(PENDING)

    const wrong = await browser.post('/en/login/code', { code: '1111' }, { json: true })
    expect(await wrong.json()).toEqual({ status: 422, message: 'Wrong.', errors: { code: 'Upstream: the code is incorrect.' } })

    const resent = await browser.post('/en/login/code/resend', {}, { json: true })
    expect(await resent.json()).toEqual({ status: 200, message: 'Another code upstream.', resendAfter: 30 })

    const done = await browser.post('/en/login/code', { code: CODE })
    expect(done.headers.get('location')).toBe('/en')
    expect(browser.cookies.get('token')).toBe(SECOND_SESSION)
    expect(seen.filter((call) => call.path !== 'login-2').map((call) => [call.path, call.authorization])).toEqual([
      ['check-otp', `Bearer ${PENDING}`],
      ['resend-otp', `Bearer ${PENDING}`],
      ['check-otp', `Bearer ${PENDING}`],
    ])
  })
})

describe('the current user from an external API', () => {
  it("is the upstream's me for a live session", async () => {
    const seen = runUpstream()
    const browser = visitor(SESSION)
    const res = await browser.get('/en/login')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/en')
    expect(seen).toMatchObject([{ path: 'me', authorization: `Bearer ${SESSION}` }])
  })

  it('signs the visitor out when me answers 401, and the profile sends them to the login page', async () => {
    runUpstream()
    const browser = visitor('X'.repeat(43))
    const res = await browser.get('/en/profile')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/en/login?next=%2Fen%2Fprofile')
    expect(setCookies(res).get('token')?.attributes).toMatch(/^Max-Age=0/)
  })

  it('signs out through the upstream', async () => {
    const seen = runUpstream()
    const browser = visitor(SESSION)
    const res = await browser.post('/en/logout')
    expect(res.headers.get('location')).toBe('/en/login')
    expect(browser.cookies.has('token')).toBe(false)
    expect(seen).toMatchObject([{ path: 'logout', authorization: `Bearer ${SESSION}` }])
  })
})

describe('an external API that is down', () => {
  it('answers a clear 503 with Retry-After, as a page and as JSON', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Network connection lost.'))
    const page = await visitor().post('/en/login', { identifier: USER.email, password: PASSWORD, intent: 'password', captcha: 'x' })
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('30')
    expect(await page.text()).toContain('<p class="form-errors" role="alert">The sign-in service is unavailable. Please try again in a minute.</p>')
    const json = await visitor().post('/en/sign-up', { name: 'Layla', email: USER.email, password: PASSWORD, captcha: 'x' }, { json: true })
    expect(json.status).toBe(503)
    expect(await json.json()).toEqual({ status: 503, message: 'The sign-in service is unavailable. Please try again in a minute.', retryAfter: 30 })
  })

  it('answers an upstream that breaks the contract the same way', async () => {
    standIn(UPSTREAM, { fetch: () => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }) })
    const res = await visitor().post('/en/rest-password', { email: USER.email, captcha: 'x' }, { json: true })
    expect(res.status).toBe(503)
  })

  it('cannot tell who is signed in, and says so rather than signing them out', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Network connection lost.'))
    const browser = visitor(SESSION)
    const res = await browser.get('/en/profile')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('30')
    expect(browser.cookies.get('token')).toBe(SESSION)
  })
})
