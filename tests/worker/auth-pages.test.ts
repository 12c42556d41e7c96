// The sign-in pages and the routes their forms post to, as a browser uses them: without
// JavaScript (form posts, 303s, the page again with its errors) and as the islands do
// (the same posts asking for JSON). Codes come from the dev outbox.
import { describe, expect, it } from 'vitest'
import { PASSWORD, signedUpUser, uniqueEmail } from './api-helpers.ts'
import type { FormAnswerBody as FormJson } from '../../lib/form-answer.ts'
import { issueAltchaChallenge } from '../../src/captcha/altcha.ts'
import { answeredQuestion, solve, solvedCaptcha } from './captcha-helpers.ts'
import { attemptsUntilLimited, fetchPage, sql } from './helpers.ts'
import { fetchWith } from './stand-in.ts'
import { codeFor, outbox, setCookies, Visitor } from './visitor.ts'

type Lang = 'ar' | 'en'

/** An input as rendered, and the text of the error it points to. */
function field(body: string, name: string) {
  const control = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(body)?.[0] ?? ''
  const describedBy = /aria-describedby="([^"]+)"/.exec(control)?.[1] ?? ''
  const errorId = describedBy.split(' ').find((id) => id.startsWith('error-'))
  const error = errorId ? new RegExp(`<p id="${errorId}" class="field-error">([^<]*)</p>`).exec(body)?.[1] : undefined
  return { control, error }
}

/** The alert above a form's fields. */
function alertOf(body: string): string | undefined {
  return /<p class="form-errors" role="alert">([^<]*)<\/p>/.exec(body)?.[1]
}

/** The props of an island on the page, as the browser will read them. */
function islandProps(body: string, name: string): Record<string, unknown> {
  const raw = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(body)?.[1]
  expect(raw, `island ${name}`).toBeDefined()
  return JSON.parse(raw!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Record<string, unknown>
}

/** Neither a session nor a pending token may ever reach a page or a script (security.md, Cookies). */
function expectNoToken(body: string, visitor: Visitor) {
  for (const name of ['token', 'pending']) {
    const value = visitor.cookies.get(name)
    if (!value) continue
    const token = name === 'pending' ? (JSON.parse(value) as { token: string }).token : value
    expect(body).not.toContain(token)
  }
}

async function signUp(visitor: Visitor, lang: Lang, fields: Record<string, string> = {}, opts: { json?: boolean } = {}) {
  const email = fields.email ?? uniqueEmail()
  const res = await visitor.post(`/${lang}/sign-up`, { name: 'Sami', email, password: PASSWORD, mobile: '', captcha: await solvedCaptcha(), ...fields }, opts)
  return { res, email }
}

async function login(visitor: Visitor, lang: Lang, fields: Record<string, string>, opts: { json?: boolean } = {}) {
  return visitor.post(`/${lang}/login`, { intent: 'password', captcha: await solvedCaptcha(), ...fields }, opts)
}

/** The session the visitor's cookie belongs to, if any. */
async function signedIn(visitor: Visitor): Promise<boolean> {
  const res = await visitor.get('/en/login')
  return res.status === 302 && res.headers.get('location') === '/en'
}

describe('the sign-in pages', () => {
  it.each([
    ['/ar/login', 'تسجيل الدخول — هدف', ['identifier', 'password']],
    ['/en/login', 'Sign in — Hadaf', ['identifier', 'password']],
    ['/ar/sign-up', 'إنشاء حساب — هدف', ['name', 'email', 'password', 'mobile']],
    ['/en/sign-up', 'Create an account — Hadaf', ['name', 'email', 'password', 'mobile']],
    ['/ar/rest-password', 'إعادة تعيين كلمة المرور — هدف', ['email']],
    ['/en/rest-password', 'Reset your password — Hadaf', ['email']],
  ])('%s is a form that posts to itself, labelled, protected by the captcha and kept out of search engines', async (path, title, names) => {
    const res = await fetchPage(path)
    expect(res.status).toBe(200)
    const body = await res.text()
    expect(body).toContain(`<title>${title}</title>`)
    expect(body).toContain('<meta name="robots" content="noindex"/>')
    expect(body).toMatch(new RegExp(`<form class="auth-form"[^>]*action="${path}" method="post">`))
    for (const name of names) {
      expect(body).toContain(`<label for="auth-${name}">`)
      expect(field(body, name).control).toContain(`id="auth-${name}"`)
    }
    expect(body).toContain('data-island="auth-form"')
    expect(body).toContain('data-island="captcha"')
    expect(body).toContain('data-island="toaster"')
    // Without JavaScript the question stands in for the widget.
    expect(() => answeredQuestion(body)).not.toThrow()
  })

  it('gives every field the keyboard and autofill it needs, addresses left to right', async () => {
    const body = await (await fetchPage('/ar/sign-up')).text()
    expect(field(body, 'name').control).toContain('autoComplete="name"')
    expect(field(body, 'email').control).toMatch(/dir="ltr".*type="email".*inputMode="email".*autoComplete="email"/)
    expect(field(body, 'password').control).toMatch(/type="password".*autoComplete="new-password"/)
    expect(field(body, 'mobile').control).toMatch(/dir="ltr".*type="tel".*autoComplete="tel"/)
    expect(field(body, 'mobile').control).not.toContain('required')
    const loginPage = await (await fetchPage('/en/login')).text()
    expect(field(loginPage, 'password').control).toContain('autoComplete="current-password"')
  })

  it('offers a code by email instead of the password, and the way to a reset and to sign-up', async () => {
    const body = await (await fetchPage('/en/login?next=%2Fen%2Fprofile')).text()
    expect(body).toContain('<button class="button" type="submit" value="password" name="intent">Sign in</button>')
    expect(body).toContain('name="intent">Email me a sign-in code instead</button>')
    expect(body).toContain('<input type="hidden" name="next" value="/en/profile"/>')
    expect(body).toContain('<a href="/en/rest-password">')
    expect(body).toContain('<a href="/en/sign-up?next=%2Fen%2Fprofile">')
  })

  it.each(['/en/login/code', '/ar/rest-password/code'])('sends a visitor with no code step from %s back to its start', async (path) => {
    const res = await fetchPage(path)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(path.replace('/code', ''))
    expect(setCookies(res).get('flash')?.value).toBe('error.stepExpired')
  })
})

describe('sign-up without JavaScript', () => {
  it('creates the account, shows the code step and signs in with the mailed code', async () => {
    const visitor = new Visitor()
    const { res, email } = await signUp(visitor, 'ar')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/ar/login/code')
    const cookies = setCookies(res)
    expect(cookies.get('flash')?.value).toBe('success.codeSent')
    // The pending token lives in its own HttpOnly cookie for the pending token's 30 minutes.
    expect(cookies.get('pending')?.attributes).toBe('Max-Age=1800; Path=/; HttpOnly; SameSite=Lax')
    expect(await res.text()).toBe('')

    const step = await visitor.get('/ar/login/code')
    expect(step.status).toBe(200)
    const page = await step.text()
    expect(page).toMatch(/<h1 id="auth-title">[^<]+<\/h1>/)
    expect(page).toContain(`<bdi dir="ltr">${email}</bdi>`)
    expect(field(page, 'code').control).toMatch(/dir="ltr".*inputMode="numeric".*autoComplete="one-time-code".*maxLength="6"/)
    expect(islandProps(page, 'auth-resend')).toEqual({ action: '/ar/login/code/resend', wait: expect.any(Number) })
    expect(islandProps(page, 'auth-resend').wait).toBeGreaterThan(55)
    expectNoToken(page, visitor)

    const done = await visitor.post('/ar/login/code', { code: await codeFor(email) })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/ar')
    const session = setCookies(done)
    expect(session.get('token')?.attributes).toBe('Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax')
    expect(session.get('pending')?.attributes).toMatch(/^Max-Age=0/)
    expect(session.get('flash')?.value).toBe('success.signedIn')
    expect(await done.text()).toBe('')
    expect(await signedIn(visitor)).toBe(true)
  })

  it('shows each problem beside its field, in Arabic, keeps what was typed but the password', async () => {
    const visitor = new Visitor()
    const res = await visitor.post('/ar/sign-up', { name: ' ', email: 'not-an-address', password: 'short', mobile: '12', captcha: await solvedCaptcha() })
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(alertOf(body)).toBeTruthy()
    const name = field(body, 'name')
    expect(name.control).toContain('aria-invalid="true"')
    expect(name.error).toBe('يرجى ملء هذا الحقل.')
    expect(field(body, 'email').control).toContain('value="not-an-address"')
    expect(field(body, 'email').error).toBeTruthy()
    expect(field(body, 'password').error).toBeTruthy()
    expect(field(body, 'password').control).not.toContain('value=')
    expect(body).not.toContain('short')
    expect(field(body, 'mobile').error).toBeTruthy()
    expect(field(body, 'mobile').control).toContain('value="12"')
  })

  it('refuses a missing or wrong captcha answer with a message beside the question', async () => {
    const visitor = new Visitor()
    const page = await (await visitor.get('/en/sign-up')).text()
    const email = uniqueEmail()
    const res = await visitor.post('/en/sign-up', { name: 'Sami', email, password: PASSWORD, mobile: '', ...answeredQuestion(page, '99') })
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(body).toMatch(/<p id="error-captcha" class="field-error">[^<]+<\/p>/)
    expect(field(body, 'email').control).toContain(`value="${email}"`)
    expect(await outbox(email, 0)).toEqual([])
  })

  it('accepts the answer to the question a visitor without JavaScript sees', async () => {
    const visitor = new Visitor()
    const page = await (await visitor.get('/en/sign-up')).text()
    const res = await visitor.post('/en/sign-up', { name: 'Sami', email: uniqueEmail(), password: PASSWORD, mobile: '', ...answeredQuestion(page) })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/login/code')
  })

  it('treats a file where text belongs as an error on that field', async () => {
    const visitor = new Visitor()
    const res = await visitor.post('/en/sign-up', {
      name: new File(['Sami'], 'name.txt', { type: 'text/plain' }),
      email: uniqueEmail(),
      password: PASSWORD,
      captcha: await solvedCaptcha(),
    })
    expect(res.status).toBe(422)
    expect(field(await res.text(), 'name').error).toBe('Please type text into this field.')
  })
})

describe('sign-up with JavaScript (the island asks for JSON)', () => {
  it('answers each step as JSON, with the toast for the next page in the flash cookie and never a token', async () => {
    const visitor = new Visitor()
    const { res, email } = await signUp(visitor, 'en', {}, { json: true })
    expect(res.status).toBe(200)
    const started = (await res.json()) as FormJson
    expect(started).toEqual({ status: 200, message: 'We have sent a code to your email.', redirect: '/en/login/code' })
    expect(setCookies(res).get('flash')?.value).toBe('success.codeSent')

    const wrong = await visitor.post('/en/login/code', { code: '000000' }, { json: true })
    expect(wrong.status).toBe(422)
    expect(await wrong.json()).toEqual({ status: 422, message: 'The code is incorrect.', errors: { code: 'The code is incorrect. Attempts remaining: 4.' } })

    const done = await visitor.post('/en/login/code', { code: await codeFor(email) }, { json: true })
    expect(done.status).toBe(200)
    const text = await done.text()
    expect(JSON.parse(text)).toEqual({ status: 200, message: 'Signed in successfully.', redirect: '/en' })
    expectNoToken(text, visitor)
    expect(setCookies(done).get('token')?.attributes).toBe('Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax')
  })

  it('keeps where the visitor was going through the code step', async () => {
    const visitor = new Visitor()
    const { email } = await signUp(visitor, 'en', { next: '/en/profile' }, { json: true })
    const done = await visitor.post('/en/login/code', { code: await codeFor(email) }, { json: true })
    expect(await done.json()).toMatchObject({ status: 200, redirect: '/en/profile' })
  })

  it('answers invalid fields with one message each', async () => {
    const visitor = new Visitor()
    const res = await visitor.post('/ar/sign-up', { name: 'Sami', email: 'nope', password: '123', mobile: '', captcha: await solvedCaptcha() }, { json: true })
    expect(res.status).toBe(422)
    const body = (await res.json()) as FormJson
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['email', 'password'])
    expect(body.errors!.password).toMatch(/8/)
  })
})

describe('sign-in with a password', () => {
  it('starts a session and goes to the page the visitor wanted, with the account theme', async () => {
    const user = await signedUpUser()
    await sql()`update users set theme = 'dark' where id = ${user.id}`
    const visitor = new Visitor()
    const res = await login(visitor, 'en', { identifier: user.email, password: PASSWORD, next: '/en/profile' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/profile')
    const cookies = setCookies(res)
    expect(cookies.get('token')?.attributes).toBe('Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax')
    expect(cookies.get('theme')?.value).toBe('dark')
    expect(cookies.get('flash')?.value).toBe('success.signedIn')
  })

  it('marks the cookie Secure outside local development', async () => {
    const user = await signedUpUser()
    const key = 'a production captcha key of at least 32 characters'
    const captcha = await solve(await issueAltchaChallenge(key, { counter: { min: 0, max: 2 }, ttlSeconds: 300 }))
    const visitor = new Visitor((path, init) => fetchWith({ APP_ENV: 'production', ALTCHA_HMAC_KEY: key }, path, init))
    const res = await login(visitor, 'en', { identifier: user.email, password: PASSWORD, captcha })
    expect(res.status).toBe(303)
    expect(setCookies(res).get('token')?.attributes).toBe('Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax')
  })

  it('goes home when `next` leads off the site', async () => {
    const user = await signedUpUser()
    const res = await login(new Visitor(), 'ar', { identifier: user.email, password: PASSWORD, next: '//evil.example/' })
    expect(res.headers.get('location')).toBe('/ar')
  })

  it('signs in with the mobile number too', async () => {
    const mobile = `+9665${String(Date.now()).slice(-8)}`
    const user = await signedUpUser({ mobile })
    const res = await login(new Visitor(), 'en', { identifier: '+966 5' + mobile.slice(5), password: PASSWORD }, { json: true })
    expect(await res.json()).toMatchObject({ status: 200, redirect: '/en' })
    expect(user.email).toBeTruthy()
  })

  it.each(['ar', 'en'] as const)('says "Invalid credentials" in %s for a wrong password and an unknown account alike', async (lang) => {
    const user = await signedUpUser()
    const wrong = await login(new Visitor(), lang, { identifier: user.email, password: 'not the passphrase' })
    const unknown = await login(new Visitor(), lang, { identifier: uniqueEmail('nobody'), password: 'not the passphrase' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    const [a, b] = [await wrong.text(), await unknown.text()]
    const message = lang === 'ar' ? 'بيانات الدخول غير صحيحة' : 'Invalid credentials'
    expect(alertOf(a)).toBe(message)
    expect(alertOf(b)).toBe(message)
    expect(field(a, 'identifier').control).toContain(`value="${user.email}"`)
    expect(a).not.toContain('not the passphrase')
    expect(setCookies(wrong).has('token')).toBe(false)
  })

  it('asks for the password rather than sending a code when it is left empty', async () => {
    const user = await signedUpUser()
    const before = (await outbox(user.email)).length
    const res = await login(new Visitor(), 'en', { identifier: user.email, password: '' }, { json: true })
    expect(res.status).toBe(422)
    expect(((await res.json()) as FormJson).errors).toEqual({ password: 'Please fill in this field.' })
    expect(await outbox(user.email)).toHaveLength(before)
  })

  it('sends an account that never confirmed its address to the code step', async () => {
    const visitor = new Visitor()
    const { email } = await signUp(visitor, 'en')
    const again = new Visitor()
    const res = await login(again, 'en', { identifier: email, password: PASSWORD })
    expect(res.headers.get('location')).toBe('/en/login/code')
    const done = await again.post('/en/login/code', { code: await codeFor(email, 2) })
    expect(done.headers.get('location')).toBe('/en')
  })

  it('shows the wait past the per-address limit, with Retry-After', async () => {
    const visitor = new Visitor()
    const { allowed, refused: res } = await attemptsUntilLimited(() => login(visitor, 'en', { identifier: uniqueEmail(), password: 'whatever it is' }))
    expect(allowed.length).toBeGreaterThanOrEqual(10)
    expect(res!.status).toBe(429)
    expect(res!.headers.get('retry-after')).toBe('60')
    expect(alertOf(await res!.text())).toBe('Too many attempts. Please wait a moment and try again. You can try again in 1 minute.')
  })
})

describe('sign-in with a code by email', () => {
  it('mails a code and signs in with it', async () => {
    const user = await signedUpUser()
    const visitor = new Visitor()
    const res = await login(visitor, 'en', { identifier: user.email, password: '', intent: 'code' })
    expect(res.headers.get('location')).toBe('/en/login/code')
    const done = await visitor.post('/en/login/code', { code: await codeFor(user.email, 2) })
    expect(done.headers.get('location')).toBe('/en')
    expect(await signedIn(visitor)).toBe(true)
  })

  it('looks the same for an address with no account, and mails nothing', async () => {
    const email = uniqueEmail('nobody')
    const visitor = new Visitor()
    const res = await login(visitor, 'en', { identifier: email, intent: 'code' })
    expect(res.headers.get('location')).toBe('/en/login/code')
    expect(await (await visitor.get('/en/login/code')).text()).toContain(`<bdi dir="ltr">${email}</bdi>`)
    const wrong = await visitor.post('/en/login/code', { code: '123456' })
    expect(wrong.status).toBe(422)
    expect(await outbox(email, 0)).toEqual([])
  })

  it('counts wrong codes down, then voids the code', async () => {
    const user = await signedUpUser()
    const visitor = new Visitor()
    await login(visitor, 'ar', { identifier: user.email, intent: 'code' })
    const first = await visitor.post('/ar/login/code', { code: '000000' })
    expect(first.status).toBe(422)
    const page = await first.text()
    expect(field(page, 'code').error).toBe('الرمز غير صحيح. المحاولات المتبقية: 4.')
    expect(field(page, 'code').control).toContain('aria-invalid="true"')
    for (let i = 0; i < 4; i++) await visitor.post('/ar/login/code', { code: '000000' })
    const void_ = await visitor.post('/ar/login/code', { code: await codeFor(user.email, 2) }, { json: true })
    expect(void_.status).toBe(410)
    expect(((await void_.json()) as FormJson).message).toBeTruthy()
  })

  it('sends a visitor whose pending cookie was tampered with back to the start', async () => {
    const visitor = new Visitor()
    visitor.cookies.set('pending', JSON.stringify({ flow: 'sign-in', token: 'A'.repeat(43), length: 6, sentAt: 0, resendAfter: 60 }))
    const res = await visitor.post('/en/login/code', { code: '123456' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/login')
    expect(setCookies(res).get('flash')?.value).toBe('error.stepExpired')
    expect(visitor.cookies.has('pending')).toBe(false)
    visitor.cookies.set('pending', '{not json')
    expect((await visitor.get('/en/login/code')).headers.get('location')).toBe('/en/login')
  })
})

describe('a new code', () => {
  it('waits out the cooldown, then voids the previous code', async () => {
    const user = await signedUpUser()
    const visitor = new Visitor()
    await login(visitor, 'en', { identifier: user.email, intent: 'code' })
    const early = await visitor.post('/en/login/code/resend', {}, { json: true })
    expect(early.status).toBe(429)
    const wait = (await early.json()) as FormJson
    expect(wait.retryAfter).toBeGreaterThan(50)
    expect(wait.message).toMatch(/^Too many attempts\. Please wait a moment and try again\. You can try again in (1 minute|\d+ seconds)\.$/)

    const early2 = await visitor.post('/en/login/code/resend')
    expect(early2.status).toBe(429)
    expect(alertOf(await early2.text())).toMatch(/You can try again in/)

    const old = await codeFor(user.email, 2)
    await sql()`update otp_challenges set last_sent_at = now() - interval '61 seconds' where lower(email) = lower(${user.email})`
    const resent = await visitor.post('/en/login/code/resend', {}, { json: true })
    expect(resent.status).toBe(200)
    expect(await resent.json()).toEqual({ status: 200, message: 'A new code is on its way.', resendAfter: 60 })
    const fresh = await codeFor(user.email, 3)
    if (fresh !== old) expect((await visitor.post('/en/login/code', { code: old })).status).toBe(422)
    expect((await visitor.post('/en/login/code', { code: fresh })).headers.get('location')).toBe('/en')
  })

  it('returns to the step with a toast without JavaScript', async () => {
    const user = await signedUpUser()
    const visitor = new Visitor()
    await login(visitor, 'en', { identifier: user.email, intent: 'code' })
    await sql()`update otp_challenges set last_sent_at = now() - interval '61 seconds' where lower(email) = lower(${user.email})`
    const res = await visitor.post('/en/login/code/resend')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/login/code')
    expect(setCookies(res).get('flash')?.value).toBe('success.codeResent')
  })
})

describe('password reset', () => {
  it('answers the same for an unknown address, then changes the password with the code and ends every session', async () => {
    const user = await signedUpUser()
    const nobody = new Visitor()
    const unknown = await nobody.post('/ar/rest-password', { email: uniqueEmail('nobody'), captcha: await solvedCaptcha() })
    const visitor = new Visitor()
    const known = await visitor.post('/ar/rest-password', { email: user.email, captcha: await solvedCaptcha() })
    for (const res of [unknown, known]) {
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/ar/rest-password/code')
      expect(setCookies(res).get('flash')?.value).toBe('success.resetCodeSent')
    }
    const page = await (await visitor.get('/ar/rest-password/code')).text()
    expect(field(page, 'code').control).toContain('autoComplete="one-time-code"')
    expect(field(page, 'password').control).toContain('autoComplete="new-password"')
    expect(islandProps(page, 'auth-resend').action).toBe('/ar/rest-password/code/resend')

    const code = await codeFor(user.email, 2)
    const weak = await visitor.post('/ar/rest-password/code', { code, password: 'password' })
    expect(weak.status).toBe(422)
    expect(field(await weak.text(), 'password').error).toBeTruthy()

    const done = await visitor.post('/ar/rest-password/code', { code, password: 'a brand new passphrase' })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/ar/login')
    expect(setCookies(done).get('flash')?.value).toBe('success.passwordChanged')
    expect(visitor.cookies.has('pending')).toBe(false)
    const me = await fetchPage('/api/v1/authentication/me', { headers: { authorization: `Bearer ${user.token}` } })
    expect(me.status).toBe(401)

    expect((await login(new Visitor(), 'ar', { identifier: user.email, password: PASSWORD })).status).toBe(401)
    expect((await login(new Visitor(), 'ar', { identifier: user.email, password: 'a brand new passphrase' })).status).toBe(303)
  })

  it('keeps the code step of a reset apart from a sign-in', async () => {
    const visitor = new Visitor()
    await visitor.post('/en/rest-password', { email: uniqueEmail(), captcha: await solvedCaptcha() })
    expect((await visitor.get('/en/login/code')).headers.get('location')).toBe('/en/login')
  })
})

describe('logout', () => {
  it('revokes the session, clears the cookie and goes to the login page (spec §2, §4)', async () => {
    const user = await signedUpUser()
    const visitor = new Visitor()
    visitor.cookies.set('token', user.token)
    const res = await visitor.post('/en/logout')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/login')
    const cookies = setCookies(res)
    expect(cookies.get('token')?.attributes).toMatch(/^Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/)
    expect(cookies.get('flash')?.value).toBe('success.signedOut')
    const me = await fetchPage('/api/v1/authentication/me', { headers: { authorization: `Bearer ${user.token}` } })
    expect(me.status).toBe(401)
  })

  it('answers the island with where to reload', async () => {
    const user = await signedUpUser()
    const visitor = new Visitor()
    visitor.cookies.set('token', user.token)
    const res = await visitor.post('/ar/logout', {}, { json: true })
    expect(await res.json()).toEqual({ status: 200, message: expect.any(String), redirect: '/ar/login' })
    expect(visitor.cookies.has('token')).toBe(false)
  })

  it('signs out a visitor whose session had already ended', async () => {
    const visitor = new Visitor()
    visitor.cookies.set('token', 'B'.repeat(43))
    const res = await visitor.post('/en/logout')
    expect(res.headers.get('location')).toBe('/en/login')
    expect(visitor.cookies.has('token')).toBe(false)
  })
})

describe('a session that ended elsewhere', () => {
  it('clears the dead cookie, and the profile sends the visitor to the login page', async () => {
    const user = await signedUpUser()
    await sql()`update sessions set revoked_at = now() where user_id = ${user.id}`
    const visitor = new Visitor()
    visitor.cookies.set('token', user.token)
    const res = await visitor.get('/en/profile')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/en/login?next=%2Fen%2Fprofile')
    expect(visitor.cookies.has('token')).toBe(false)
  })
})

const FORM_ROUTES = ['/en/login', '/en/sign-up', '/en/rest-password', '/en/login/code', '/en/rest-password/code']

describe('requests from other sites', () => {
  it.each([...FORM_ROUTES, '/en/login/code/resend', '/en/logout'])('refuses a post to %s from another origin', async (path) => {
    const visitor = new Visitor()
    visitor.cookies.set('token', (await signedUpUser()).token)
    const res = await visitor.post(path, { identifier: 'a@b.test', password: PASSWORD }, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(res.headers.getSetCookie()).toEqual([])
  })
})

describe('malformed bodies', () => {
  /** A visitor in the middle of the step a route needs, so the body is what is judged. */
  async function visitorFor(path: string): Promise<Visitor> {
    const visitor = new Visitor()
    if (path.includes('/code')) {
      const start = path.startsWith('/en/login') ? '/en/login' : '/en/rest-password'
      const fields: Record<string, string> = start === '/en/login' ? { identifier: uniqueEmail(), intent: 'code' } : { email: uniqueEmail() }
      await visitor.post(start, { ...fields, captcha: await solvedCaptcha() })
    }
    return visitor
  }

  const huge = 'x'.repeat(70 * 1024)
  const file = () => new File(['%PDF-1.4'], 'form.pdf', { type: 'application/pdf' })

  it.each(FORM_ROUTES)('%s answers every malformed body with a 4xx, never a 5xx', async (path) => {
    const visitor = await visitorFor(path)
    const cases: [string, () => Promise<Response>][] = [
      ['JSON', () => visitor.postRaw(path, '{"email":"a@b.test"}', 'application/json')],
      ['plain text', () => visitor.postRaw(path, 'email=a@b.test', 'text/plain')],
      ['no content type', () => visitor.postRaw(path, 'email=a', '')],
      ['broken multipart', () => visitor.postRaw(path, '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated', 'multipart/form-data; boundary=x')],
      ['a body over 64 KB', () => visitor.post(path, { email: huge, identifier: huge, name: huge, code: huge })],
      ['broken percent-encoding', () => visitor.postRaw(path, 'email=%E0%A4%A&identifier=%ZZ&code=%&password=%FF%FE', 'application/x-www-form-urlencoded')],
      ['files where text belongs', () => visitor.post(path, { email: file(), identifier: file(), name: file(), password: file(), code: file(), mobile: file() })],
      ['NUL bytes and controls', () => visitor.post(path, { email: 'a\u0000@b.test', identifier: '\u0000', name: 'a\u0007b', password: 'pass\u0000word', code: '12\u00003456' })],
      ['long values', () => visitor.post(path, { email: `${'a'.repeat(5000)}@b.test`, identifier: '9'.repeat(5000), name: 'n'.repeat(5000), password: 'p'.repeat(5000), code: '1'.repeat(5000), mobile: '+'.repeat(500) })],
      ['repeated fields', () => visitor.postRaw(path, 'email=a@b.test&email=c@d.test&code=1&code=2&intent=code&intent=x', 'application/x-www-form-urlencoded')],
      ['an empty body', () => visitor.postRaw(path, '', 'application/x-www-form-urlencoded')],
    ]
    for (const [label, send] of cases) {
      const res = await send()
      expect(res.status, `${path}: ${label}`).toBeGreaterThanOrEqual(300)
      expect(res.status, `${path}: ${label}`).toBeLessThan(500)
      if (res.status < 400) expect(res.status, `${path}: ${label}`).toBe(303)
    }
  })
})
