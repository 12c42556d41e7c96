// The profile pages and the routes their forms post to, as a browser uses them: without
// JavaScript (form posts, 303s with a toast, the page again with its errors) and as the
// islands do (the same posts asking for JSON); then in front of an external API.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { FormAnswerBody } from '../../lib/form-answer.ts'
import { callApi, PASSWORD, signedUpUser, uniqueEmail } from './api-helpers.ts'
import { solvedCaptcha } from './captcha-helpers.ts'
import { sql } from './helpers.ts'
import { fetchWith, standIn } from './stand-in.ts'
import { codeFor, setCookies, Visitor } from './visitor.ts'
import { concat, png, pngChunk } from '../support/image-fixtures.ts'

type Lang = 'ar' | 'en'

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

type FormJson = FormAnswerBody

/** A visitor signed in as a new account, the session in the `token` cookie as after sign-in. */
async function signedInVisitor(fields: { name?: string; mobile?: string } = {}) {
  const user = await signedUpUser(fields)
  const visitor = new Visitor()
  visitor.cookies.set('token', user.token)
  return { user, visitor }
}

/** A control as rendered (input or select) by its id, and the text of the error it points to. */
function control(body: string, id: string) {
  const tag = new RegExp(`<(?:input|select)[^>]*id="${id}"[^>]*>`).exec(body)?.[0] ?? ''
  const describedBy = /aria-describedby="([^"]+)"/.exec(tag)?.[1] ?? ''
  const errorId = describedBy.split(' ').find((ref) => ref.startsWith('error-'))
  const error = errorId ? new RegExp(`<p id="${errorId}" class="field-error">([^<]*)</p>`).exec(body)?.[1] : undefined
  return { tag, error }
}

/** The props of an island on the page, as the browser will read them. */
function islandProps(body: string, name: string): Record<string, unknown> {
  const raw = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(body)?.[1]
  expect(raw, `island ${name}`).toBeDefined()
  return JSON.parse(raw!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Record<string, unknown>
}

async function page(visitor: Visitor, path: string) {
  const res = await visitor.get(path)
  expect(res.status, path).toBe(200)
  return res.text()
}

const avatarFile = (bytes: Uint8Array, name = 'photo.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type })

describe('a guest', () => {
  it.each(['/en/profile', '/ar/profile/sessions'])('is sent from %s to the login page, which brings them back', async (path) => {
    const res = await new Visitor().get(path)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${path.slice(0, 3)}/login?next=${encodeURIComponent(path)}`)
    expect(setCookies(res).get('flash')?.value).toBe('warning.signInRequired')
  })

  it('cannot post a profile form', async () => {
    const res = await new Visitor().post('/en/profile/details', { name: 'Nobody', mobile: '', theme: 'dark', lang: 'en' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/^\/en\/login\?next=/)
  })
})

describe('the profile page', () => {
  it.each([
    ['en', 'Your profile — Hadaf'],
    ['ar', 'ملفك الشخصي — هدف'],
  ] as const)('shows the account and a form for each change, in %s', async (lang, title) => {
    const mobile = `+96650${String(Date.now()).slice(-7)}`
    const { user, visitor } = await signedInVisitor({ name: 'Layla <b>', mobile })
    const body = await page(visitor, `/${lang}/profile`)
    expect(body).toContain(`<title>${title}</title>`)
    expect(body).toContain('<meta name="robots" content="noindex"/>')
    expect(body).toContain('src="/images/placeholders/avatar.svg"')
    expect(body).toContain('<bdi>Layla &lt;b&gt;</bdi>')
    expect(body).toContain(`<bdi dir="ltr">${user.email}</bdi>`)
    expect(body).toContain(`<bdi dir="ltr">${mobile}</bdi>`)
    // Each form posts to its own route, and the answer opens at its section.
    for (const [form, section] of [['details', 'details'], ['avatar', 'photo'], ['email', 'email'], ['password', 'password'], ['delete', 'delete']]) {
      expect(body).toContain(`action="/${lang}/profile/${form}#${section}"`)
      expect(body).toContain(`<section class="profile-section" id="${section}"`)
    }
    expect(body).toMatch(/<form class="avatar-form"[^>]*encType="multipart\/form-data" method="post">/)
    expect(body).toContain(`href="/${lang}/profile/sessions"`)
    expect(control(body, 'auth-name').tag).toContain('value="Layla &lt;b&gt;"')
    expect(control(body, 'auth-theme').tag).toContain('<select')
    // Three forms ask for the current password: each field has an id of its own.
    for (const id of ['email-current-password', 'password-current-password', 'delete-current-password']) {
      expect(control(body, id).tag).toContain('autoComplete="current-password"')
    }
    expect(body.match(/id="auth-current_password"/g)).toBeNull()
    expect(control(body, 'delete-confirm').tag).toContain('type="checkbox"')
    expect(body).toContain('data-island="profile-avatar"')
    expect(body).not.toContain(user.token)
  })

  it('leaves the current password out for an account that has none', async () => {
    const { user, visitor } = await signedInVisitor()
    await sql()`update users set password_hash = null where id = ${user.id}`
    const body = await page(visitor, '/en/profile')
    expect(body).not.toContain('current-password')
    expect(body).toContain('Set a password')
  })
})

describe('saving the details without JavaScript', () => {
  it('saves, applies the theme across the site with its cookie, and comes back with a toast', async () => {
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/details', { name: 'Sami Updated', mobile: '', theme: 'dark', lang: 'en' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/profile')
    const cookies = setCookies(res)
    expect(cookies.get('flash')?.value).toBe('success.profileSaved')
    expect(cookies.get('theme')).toEqual({ value: 'dark', attributes: 'Max-Age=31536000; Path=/; SameSite=Lax' })
    const body = await page(visitor, '/en/profile')
    expect(body).toContain('data-theme="dark"')
    expect(body).toContain('<bdi>Sami Updated</bdi>')
    // The toast waits on the next page.
    expect(islandProps(body, 'toaster')).toEqual({ toasts: [{ type: 'success', message: 'Your profile has been saved.' }] })
    // Any page of the site, not only the profile.
    expect(await page(visitor, '/en/matches')).toContain('data-theme="dark"')
  })

  it("keeps the reader's country in the profile and the picker's cookie, and forgets it for \"where I am\"", async () => {
    const { user, visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/details', { name: 'Sami', mobile: '', theme: 'system', lang: 'en', country: 'MA' })
    expect(res.status).toBe(303)
    expect(setCookies(res).get('country')?.value).toBe('MA')
    const [row] = await sql()<{ country: string | null }[]>`select country from users where id = ${user.id}`
    expect(row!.country).toBe('MA')
    expect(await page(visitor, '/en/profile')).toContain('<option value="MA" selected="">Morocco</option>')
    const cleared = await visitor.post('/en/profile/details', { name: 'Sami', mobile: '', theme: 'system', lang: 'en', country: '' })
    expect(setCookies(cleared).get('country')?.attributes).toContain('Max-Age=0')
    const [after] = await sql()<{ country: string | null }[]>`select country from users where id = ${user.id}`
    expect(after!.country).toBeNull()
  })

  it('follows the device again when the theme goes back to "system"', async () => {
    const { visitor } = await signedInVisitor()
    await visitor.post('/en/profile/details', { name: 'Sami', mobile: '', theme: 'light', lang: 'en' })
    expect(visitor.cookies.get('theme')).toBe('light')
    const res = await visitor.post('/en/profile/details', { name: 'Sami', mobile: '', theme: 'system', lang: 'en' })
    expect(setCookies(res).get('theme')?.attributes).toContain('Max-Age=0')
    expect(await page(visitor, '/en/profile')).not.toContain('data-theme=')
  })

  it('opens the profile in the language just chosen, and stays in the page’s when it is left as it was', async () => {
    // Accounts made without accept-language take Arabic (the default).
    const { visitor } = await signedInVisitor()
    const kept = await visitor.post('/en/profile/details', { name: 'Sami', mobile: '', theme: 'system', lang: 'ar' })
    expect(kept.headers.get('location')).toBe('/en/profile')
    expect(setCookies(kept).get('lang')).toBeUndefined()
    const changed = await visitor.post('/ar/profile/details', { name: 'Sami', mobile: '', theme: 'system', lang: 'en' })
    expect(changed.headers.get('location')).toBe('/en/profile')
    expect(setCookies(changed).get('lang')?.value).toBe('en')
    const body = await page(visitor, '/en/profile')
    expect(islandProps(body, 'toaster')).toEqual({ toasts: [{ type: 'success', message: 'Your profile has been saved.' }] })
    expect(control(body, 'auth-lang').tag).toContain('<select')
    expect(body).toContain('<option value="en" selected="">English</option>')
  })

  it('shows the form again with the errors and what was typed', async () => {
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/details', { name: '', mobile: '+966 50 12', theme: 'dark', lang: 'en' })
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(control(body, 'auth-name').error).toBe('Please fill in this field.')
    expect(control(body, 'auth-mobile').tag).toContain('value="+966 50 12"')
    expect(body).toContain('<p class="form-errors" role="alert">Please correct the fields marked.</p>')
    expect(visitor.cookies.get('theme')).toBeUndefined()
  })

  it('says so when another account has the mobile number', async () => {
    const mobile = `+96657${String(Date.now()).slice(-7)}`
    await signedUpUser({ mobile })
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/details', { name: 'Sami', mobile, theme: 'system', lang: 'en' })
    expect(res.status).toBe(422)
    expect(control(await res.text(), 'auth-mobile').error).toBe('This mobile number belongs to another account.')
  })

  it('refuses a post from another site (Origin check)', async () => {
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/details', { name: 'Forged', mobile: '', theme: 'dark', lang: 'en' }, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(await page(visitor, '/en/profile')).not.toContain('Forged')
  })

  it.each([
    ['a file where text belongs', { name: new File(['Sami'], 'name.txt', { type: 'text/plain' }), mobile: '', theme: 'dark', lang: 'en' }, 422],
    ['an unknown theme', { name: 'Sami', mobile: '', theme: 'neon', lang: 'en' }, 422],
  ])('answers %s with 4xx', async (_, fields, status) => {
    const { visitor } = await signedInVisitor()
    expect((await visitor.post('/en/profile/details', fields)).status).toBe(status)
  })

  it('answers a body that is no form with 4xx', async () => {
    const { visitor } = await signedInVisitor()
    expect((await visitor.postRaw('/en/profile/details', '{"name":"x"}', 'application/json')).status).toBe(415)
    expect((await visitor.postRaw('/en/profile/details', '--x\r\nbroken', 'multipart/form-data; boundary=x')).status).toBe(400)
    expect((await visitor.postRaw('/en/profile/details', `name=${'x'.repeat(70_000)}`, 'application/x-www-form-urlencoded')).status).toBe(413)
  })
})

describe('saving the details with JavaScript', () => {
  it('answers JSON with where to go, and the toast waits there', async () => {
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/details', { name: 'Sami', mobile: '', theme: 'dark', lang: 'en' }, { json: true })
    expect(res.status).toBe(200)
    expect((await res.json()) as FormJson).toEqual({ status: 200, message: 'Your profile has been saved.', redirect: '/en/profile' })
    expect(visitor.cookies.get('flash')).toBe('success.profileSaved')
    expect(visitor.cookies.get('theme')).toBe('dark')
  })

  it('answers the errors per field', async () => {
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/details', { name: 'n'.repeat(101), mobile: '', theme: 'dark', lang: 'en' }, { json: true })
    expect(res.status).toBe(422)
    expect(((await res.json()) as FormJson).errors).toEqual({ name: 'Please keep this to 100 characters or fewer.' })
  })
})

describe('the photo', () => {
  it('is uploaded with a plain multipart form and shown', async () => {
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/avatar', { avatar: avatarFile(png({ width: 4, height: 4 })) })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/profile')
    expect(setCookies(res).get('flash')?.value).toBe('success.avatarUpdated')
    const body = await page(visitor, '/en/profile')
    const src = /<img src="(\/media\/avatars\/[^"]+)"/.exec(body)?.[1]
    expect(src).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.png$/)
    expect((await visitor.get(src!)).headers.get('content-type')).toBe('image/png')
    expect(body).toContain('action="/en/profile/avatar/remove#photo"')

    const removed = await visitor.post('/en/profile/avatar/remove')
    expect(removed.status).toBe(303)
    expect(setCookies(removed).get('flash')?.value).toBe('success.avatarRemoved')
    expect(await page(visitor, '/en/profile')).toContain('src="/images/placeholders/avatar.svg"')
  })

  it('shows why an image was refused', async () => {
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/avatar', { avatar: avatarFile(new TextEncoder().encode('GIF89a;'), 'photo.gif', 'image/gif') })
    expect(res.status).toBe(422)
    expect(islandProps(await res.text(), 'profile-avatar')).toMatchObject({ error: 'Please choose a PNG, JPEG or WebP image.' })
  })

  it('refuses a file over 2 MB before reading it, and says so', async () => {
    const { visitor } = await signedInVisitor()
    const picture = png()
    const big = concat(picture.subarray(0, 33), pngChunk('prVt', new Uint8Array(3 * 1024 * 1024)), picture.subarray(33))
    const res = await visitor.post('/en/profile/avatar', { avatar: avatarFile(big) }, { json: true })
    expect(res.status).toBe(413)
    expect((await res.json()) as FormJson).toEqual({
      status: 413,
      message: 'Please choose an image of at most 2 MB.',
      errors: { avatar: 'Please choose an image of at most 2 MB.' },
    })
  })
})

describe('the password', () => {
  it('changes, signs the other devices out and keeps this one', async () => {
    const { user, visitor } = await signedInVisitor()
    const phone = (await callApi<{ access_token: string }>('authentication/login-2', { body: { email: user.email, password: PASSWORD, captcha: await solvedCaptcha() } })).body.data!.access_token
    const res = await visitor.post('/en/profile/password', { current_password: PASSWORD, password: 'a brand new passphrase' })
    expect(res.status).toBe(303)
    expect(setCookies(res).get('flash')?.value).toBe('success.passwordUpdated')
    expect((await callApi('authentication/me', { bearer: phone })).status).toBe(401)
    expect((await visitor.get('/en/profile')).status).toBe(200)
  })

  it('shows the error on the current password and never echoes a password', async () => {
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/password', { current_password: 'not my password', password: 'a brand new passphrase' })
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(control(body, 'password-current-password').error).toBe('The current password is incorrect.')
    expect(body).not.toContain('not my password')
    expect(body).not.toContain('a brand new passphrase')
  })
})

describe('changing the email', () => {
  it('sends a code to the new address, shows the code step, and changes the address with the code', async () => {
    const { visitor } = await signedInVisitor()
    const newEmail = uniqueEmail('moved')
    const asked = await visitor.post('/en/profile/email', { email: newEmail, current_password: PASSWORD })
    expect(asked.status).toBe(303)
    expect(asked.headers.get('location')).toBe('/en/profile#email')
    const cookies = setCookies(asked)
    expect(cookies.get('flash')?.value).toBe('success.emailCodeSent')
    expect(cookies.get('email_step')?.attributes).toBe('Max-Age=1800; Path=/; HttpOnly; SameSite=Lax')

    const step = await page(visitor, '/en/profile')
    expect(step).toContain(`We have sent a code to <bdi dir="ltr">${newEmail}</bdi>`)
    expect(control(step, 'auth-code').tag).toMatch(/inputMode="numeric".*autoComplete="one-time-code".*maxLength="6"/)
    expect(islandProps(step, 'auth-resend')).toEqual({ action: '/en/profile/email/resend#email', wait: expect.any(Number) })

    const done = await visitor.post('/en/profile/email/code', { code: await codeFor(newEmail) })
    expect(done.status).toBe(303)
    expect(setCookies(done).get('flash')?.value).toBe('success.emailChanged')
    expect(setCookies(done).get('email_step')?.attributes).toContain('Max-Age=0')
    expect(await page(visitor, '/en/profile')).toContain(`<bdi dir="ltr">${newEmail}</bdi>`)
  })

  it('shows a wrong code in place, and waits a minute before another code', async () => {
    const { visitor } = await signedInVisitor()
    const newEmail = uniqueEmail('moved')
    await visitor.post('/en/profile/email', { email: newEmail, current_password: PASSWORD })
    const code = await codeFor(newEmail)
    const wrong = await visitor.post('/en/profile/email/code', { code: code === '000000' ? '111111' : '000000' })
    expect(wrong.status).toBe(422)
    expect(control(await wrong.text(), 'auth-code').error).toBe('The code is incorrect. Attempts remaining: 4.')
    const resend = await visitor.post('/en/profile/email/resend', {}, { json: true })
    expect(resend.status).toBe(429)
    expect(((await resend.json()) as FormJson).retryAfter).toBeGreaterThan(50)
  })

  it('says at the code step that another account has the address', async () => {
    const other = await signedUpUser()
    const { visitor } = await signedInVisitor()
    await visitor.post('/en/profile/email', { email: other.email, current_password: PASSWORD })
    const res = await visitor.post('/en/profile/email/code', { code: await codeFor(other.email) })
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(control(body, 'auth-email').error).toBe('This email address belongs to another account.')
    expect(control(body, 'auth-email').tag).toContain(`value="${other.email}"`)
    expect(visitor.cookies.get('email_step')).toBeUndefined()
  })

  it('can be called off', async () => {
    const { visitor } = await signedInVisitor()
    await visitor.post('/en/profile/email', { email: uniqueEmail('moved'), current_password: PASSWORD })
    const res = await visitor.post('/en/profile/email/cancel')
    expect(res.status).toBe(303)
    expect(setCookies(res).get('flash')?.value).toBe('info.emailChangeCancelled')
    expect(await page(visitor, '/en/profile')).toContain('action="/en/profile/email#email"')
  })

  it('starts again when no change is waiting', async () => {
    const { visitor } = await signedInVisitor()
    const res = await visitor.post('/en/profile/email/code', { code: '123456' })
    expect(res.status).toBe(303)
    expect(setCookies(res).get('flash')?.value).toBe('error.emailStepEnded')
  })
})

describe('the signed-in devices', () => {
  async function secondDevice(email: string) {
    const res = await fetchWith({}, '/api/v1/authentication/login-2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME_ON_WINDOWS, 'cf-connecting-ip': '203.0.113.7' },
      body: JSON.stringify({ email, password: PASSWORD, captcha: await solvedCaptcha() }),
    })
    return ((await res.json()) as { data: { access_token: string } }).data.access_token
  }

  it.each(['en', 'ar'] as Lang[])('lists each device with this one marked, in %s', async (lang) => {
    const { user, visitor } = await signedInVisitor()
    await secondDevice(user.email)
    const body = await page(visitor, `/${lang}/profile/sessions`)
    expect(body).toContain('class="layout-profile"')
    expect(body.match(/<li class="session"/g)).toHaveLength(2)
    expect(body).toMatch(/<li class="session" aria-current="true">/)
    expect(body).toContain(lang === 'en' ? 'Chrome on Windows' : 'Chrome')
    expect(body).toContain('<bdi dir="ltr">203.0.113.7</bdi>')
    // Dates in the page's language, with Latin digits and the zone they are told in.
    const year = String(new Date().getFullYear())
    expect(body).toMatch(new RegExp(`<time dateTime="[^"]+"><bdi>[^<]*${year}[^<]* GMT\\+3</bdi></time>`))
  })

  it('signs another device out', async () => {
    const { user, visitor } = await signedInVisitor()
    const phone = await secondDevice(user.email)
    const sessions = (await callApi<{ id: string; current: boolean }[]>('profile/sessions', { bearer: user.token })).body.data!
    const other = sessions.find((s) => !s.current)!
    const res = await visitor.post(`/en/profile/sessions/${other.id}/revoke`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/profile/sessions')
    expect(setCookies(res).get('flash')?.value).toBe('success.deviceSignedOut')
    expect((await callApi('authentication/me', { bearer: phone })).status).toBe(401)
    expect((await callApi('authentication/me', { bearer: user.token })).status).toBe(200)
  })

  it('signs the visitor out when they end this device’s session', async () => {
    const { user, visitor } = await signedInVisitor()
    const [current] = (await callApi<{ id: string }[]>('profile/sessions', { bearer: user.token })).body.data!
    const res = await visitor.post(`/en/profile/sessions/${current!.id}/revoke`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/login')
    expect(setCookies(res).get('token')?.attributes).toContain('Max-Age=0')
    expect(setCookies(res).get('flash')?.value).toBe('success.signedOut')
  })

  it('cannot end another account’s session', async () => {
    const someone = await signedUpUser()
    const [theirs] = (await callApi<{ id: string }[]>('profile/sessions', { bearer: someone.token })).body.data!
    const { visitor } = await signedInVisitor()
    const res = await visitor.post(`/en/profile/sessions/${theirs!.id}/revoke`)
    expect(res.status).toBe(303)
    expect(setCookies(res).get('flash')?.value).toBe('error.sessionNotFound')
    expect((await callApi('authentication/me', { bearer: someone.token })).status).toBe(200)
  })
})

describe('deleting the account', () => {
  it('asks for the box to be ticked and the current password', async () => {
    const { user, visitor } = await signedInVisitor()
    const unticked = await visitor.post('/en/profile/delete', { current_password: PASSWORD })
    expect(unticked.status).toBe(422)
    expect(control(await unticked.text(), 'delete-confirm').error).toBe('Please tick the box to confirm.')
    const wrong = await visitor.post('/en/profile/delete', { current_password: 'wrong guess', confirm: 'yes' })
    expect(wrong.status).toBe(422)
    expect(control(await wrong.text(), 'delete-current-password').error).toBe('The current password is incorrect.')
    const [row] = await sql()`select id from users where id = ${user.id}`
    expect(row).toBeDefined()
  })

  it('deletes it, signs the visitor out and goes home with a toast', async () => {
    const { user, visitor } = await signedInVisitor()
    const res = await visitor.post('/ar/profile/delete', { current_password: PASSWORD, confirm: 'yes' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/ar')
    const cookies = setCookies(res)
    expect(cookies.get('token')?.attributes).toContain('Max-Age=0')
    expect(cookies.get('flash')?.value).toBe('success.accountDeleted')
    expect(await sql()`select id from users where id = ${user.id}`).toHaveLength(0)
  })
})

describe('in front of an external API (AUTH_API_BASE)', () => {
  const UPSTREAM = 'https://auth.upstream.test'
  const SESSION = 'S'.repeat(43)
  const USER = { id: 'u-1', name: 'Layla', email: 'layla@upstream.test', image: null, theme: 'system', mobile: null, lang: 'en', role: 'reader' }

  function upstream(profileStatus: 200 | 401) {
    const seen: string[] = []
    const app = new Hono().basePath('/api/v1')
    app.use(async (c, next) => {
      seen.push(`${c.req.method} ${c.req.path.replace('/api/v1/', '')} ${c.req.header('authorization') ?? ''}`)
      await next()
    })
    app.get('/authentication/me', (c) => c.json({ status: 200, message: 'OK', data: USER }))
    app.get('/profile', (c) =>
      profileStatus === 200 ? c.json({ status: 200, message: 'OK', data: USER }) : c.json({ status: 401, message: 'Please sign in.' }, 401),
    )
    app.patch('/profile', async (c) => c.json({ status: 200, message: 'Saved upstream.', data: { ...USER, ...(await c.req.json<object>()) } }))
    return { app, seen }
  }

  function visitor(): Visitor {
    const browser = new Visitor((path, init) => fetchWith({ AUTH_API_BASE: `${UPSTREAM}/api/v1` }, path, init))
    browser.cookies.set('token', SESSION)
    return browser
  }

  it('reads and saves the profile through the upstream, with the session as the bearer', async () => {
    const { app, seen } = upstream(200)
    standIn(UPSTREAM, app)
    const browser = visitor()
    const body = await page(browser, '/en/profile')
    expect(body).toContain('<bdi dir="ltr">layla@upstream.test</bdi>')
    const res = await browser.post('/en/profile/details', { name: 'Layla', mobile: '', theme: 'dark', lang: 'en' }, { json: true })
    expect((await res.json()) as FormJson).toEqual({ status: 200, message: 'Saved upstream.', redirect: '/en/profile' })
    expect(browser.cookies.get('theme')).toBe('dark')
    // The profile and its follows are read together (issue 27), so they may arrive in either order.
    expect(seen[0]).toBe(`GET authentication/me Bearer ${SESSION}`)
    expect(seen.slice(1, 3).sort()).toEqual([`GET follows Bearer ${SESSION}`, `GET profile Bearer ${SESSION}`])
    expect(seen.slice(3)).toEqual([`GET authentication/me Bearer ${SESSION}`, `PATCH profile Bearer ${SESSION}`])
  })

  it('signs the visitor out when the upstream answers 401', async () => {
    standIn(UPSTREAM, upstream(401).app)
    const browser = visitor()
    const res = await browser.get('/en/profile')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/login?next=%2Fen%2Fprofile')
    expect(setCookies(res).get('token')?.attributes).toContain('Max-Age=0')
    expect(setCookies(res).get('flash')?.value).toBe('warning.sessionEnded')
    expect(browser.cookies.get('token')).toBeUndefined()
  })
})
