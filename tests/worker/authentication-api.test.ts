import { describe, expect, it } from 'vitest'
import { callApi, latestCode, login, mailTo, PASSWORD, type Pending, register, type Session, signedUpUser, uniqueEmail } from './api-helpers.ts'
import { solvedCaptcha } from './captcha-helpers.ts'
import { attemptsUntilLimited, sql, uniqueIp } from './helpers.ts'

const USER_FIELDS = ['id', 'name', 'email', 'image', 'theme', 'mobile', 'lang', 'role', 'country', 'spoiler_free', 'spoiler_alerts']

describe('register', () => {
  it('creates an unverified account, mails a 6-digit code and answers with a pending step', async () => {
    const email = uniqueEmail()
    const { status, body } = await register({ name: 'سامي', email, password: PASSWORD })
    expect(status).toBe(200)
    expect(body.message).toBe('أرسلنا رمزًا إلى بريدك الإلكتروني.')
    expect(body.data).toEqual({ access_token: expect.stringMatching(/^[\w-]{43}$/), otp_sent: true, otp_length: 6, resend_after: 60 })
    expect(await latestCode(email)).toMatch(/^\d{6}$/)
    const [row] = await sql()<{ verified: boolean; lang: string }[]>`
      select email_verified_at is not null as verified, lang from users where email = ${email}`
    expect(row).toEqual({ verified: false, lang: 'ar' })
  })

  it('starts a session once the code comes back', async () => {
    const email = uniqueEmail()
    const pending = (await register({ name: 'Sami', email, password: PASSWORD })).body.data!.access_token
    const { status, body } = await callApi<Session>('authentication/check-otp', { bearer: pending, body: { code: await latestCode(email) } })
    expect(status).toBe(200)
    expect(Object.keys(body.data!).sort()).toEqual(['token', ...USER_FIELDS].sort())
    const me = await callApi<Session>('authentication/me', { bearer: body.data!.token })
    expect(me.body.data).toMatchObject({ email, name: 'Sami', role: 'reader', theme: 'system', image: null })
  })

  it('answers an existing address exactly as a new one, and mails its owner instead of a code', async () => {
    const owner = await signedUpUser()
    const { status, body } = await register({ name: 'Intruder', email: owner.email.toUpperCase(), password: 'another passphrase' })
    expect(status).toBe(200)
    expect(Object.keys(body.data!).sort()).toEqual(['access_token', 'otp_length', 'otp_sent', 'resend_after'])
    const [notice] = await mailTo(owner.email)
    expect(notice!.text).not.toMatch(/\b\d{6}\b/)
    const check = await callApi('authentication/check-otp', { bearer: body.data!.access_token, body: { code: '123456' } })
    expect(check.status).toBe(422)
    const [user] = await sql()<{ name: string }[]>`select name from users where id = ${owner.id}`
    expect(user!.name).toBe('Sami')
  })

  it("gives an unverified address to whoever proves it, with the details of the sign-up whose code proves it", async () => {
    const email = uniqueEmail()
    await register({ name: 'Squatter', email, password: 'squatter passphrase' })
    const second = await register({ name: 'Owner', email, password: PASSWORD })
    const signedIn = await callApi<Session>('authentication/check-otp', { bearer: second.body.data!.access_token, body: { code: await latestCode(email) } })
    expect(signedIn.body.data!.name).toBe('Owner')
    expect((await login({ email, password: 'squatter passphrase' })).status).toBe(401)
    expect((await login({ email, password: PASSWORD })).status).toBe(200)
  })

  it('explains every field in the language asked for', async () => {
    const en = await register({ name: '', email: 'nope', password: 'password', mobile: '0501' }, { lang: 'en' })
    expect(en.status).toBe(422)
    expect(en.body.message).toBe('Please correct the fields marked.')
    expect(en.body.errors).toEqual({
      name: 'Please fill in this field.',
      email: 'Please enter an email address such as name@example.com.',
      password: 'This password is too common. Please choose one that is harder to guess.',
      mobile: 'Please enter a mobile number with its country code, such as +966 50 123 4567.',
    })
    const ar = await register({ email: uniqueEmail(), password: 'short' }, { lang: 'fr, ar;q=0.5' })
    expect(ar.body.errors).toEqual({ name: 'يرجى ملء هذا الحقل.', password: 'يرجى كتابة ما لا يقل عن 8 من الأحرف.' })
  })

  it('refuses a mobile number another account has', async () => {
    await signedUpUser({ mobile: '+966500000001' })
    const { status, body } = await register({ name: 'Sami', email: uniqueEmail(), password: PASSWORD, mobile: '+966 50 000 0001' }, { lang: 'en' })
    expect(status).toBe(422)
    expect(body.errors).toEqual({ mobile: 'This mobile number belongs to another account.' })
  })

  it('needs a solved captcha', async () => {
    for (const captcha of [undefined, '', 'forged']) {
      const { status, body } = await callApi('authentication/register', { body: { name: 'Bot', email: uniqueEmail(), password: PASSWORD, captcha }, lang: 'en' })
      expect(status).toBe(422)
      expect(body.errors).toEqual({ captcha: 'Please confirm that you are not a robot.' })
    }
  })
})

describe('login-2', () => {
  it('signs in with the right password and answers the session with the user', async () => {
    const user = await signedUpUser()
    const { status, body } = await login({ email: user.email, password: PASSWORD }, { lang: 'en' })
    expect(status).toBe(200)
    expect(body.message).toBe('Signed in successfully.')
    expect(Object.keys(body.data!).sort()).toEqual(['access_token', ...USER_FIELDS].sort())
    expect(body.data!.access_token).not.toBe(user.token)
  })

  it('signs in with the mobile number too', async () => {
    const user = await signedUpUser({ mobile: '+201001234567' })
    const { status, body } = await login({ mobile: '00 20 100 123 4567', password: PASSWORD })
    expect(status).toBe(200)
    expect(body.data!.email).toBe(user.email)
  })

  it('says "Invalid credentials" alike for a wrong password and an unknown account, after the same work', async () => {
    const user = await signedUpUser()
    const started = Date.now()
    const wrong = await login({ email: user.email, password: 'not the password' }, { lang: 'en' })
    const wrongMs = Date.now() - started
    const unknown = await login({ email: uniqueEmail(), password: 'not the password' }, { lang: 'en' })
    const unknownMs = Date.now() - started - wrongMs
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ status: 401, message: 'Invalid credentials' })
    }
    // Both checked a password hash (~30 ms each in workerd).
    expect(Math.min(wrongMs, unknownMs)).toBeGreaterThan(10)
    expect((await login({ email: uniqueEmail(), password: 'x' })).body.message).toBe('بيانات الدخول غير صحيحة')
  })

  it('sends an unverified account to the code step', async () => {
    const email = uniqueEmail()
    await register({ name: 'Sami', email, password: PASSWORD })
    const { status, body } = await login({ email, password: PASSWORD })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ otp_sent: true, otp_length: 6 })
    const checked = await callApi('authentication/check-otp', { bearer: body.data!.access_token, body: { code: await latestCode(email) } })
    expect(checked.status).toBe(200)
  })

  it('mails a sign-in code when no password is given, and answers the same for an unknown address', async () => {
    const user = await signedUpUser()
    const known = await login({ email: user.email })
    const unknownEmail = uniqueEmail()
    const unknown = await login({ email: unknownEmail })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(Object.keys(known.body.data!)).toEqual(Object.keys(unknown.body.data!))
    expect(known.body.message).toBe(unknown.body.message)
    const code = await latestCode(user.email)
    const session = await callApi<Session>('authentication/check-otp', { bearer: known.body.data!.access_token, body: { code } })
    expect(session.body.data!.email).toBe(user.email)
    expect(await mailTo(unknownEmail)).toEqual([])
  })

  it('needs an email or a mobile number', async () => {
    const { status, body } = await login({ password: PASSWORD }, { lang: 'en' })
    expect(status).toBe(422)
    expect(body.errors).toEqual({ email: 'Please enter your email address or mobile number.' })
  })

  it('slows one client down on an account after 8 failures, with Retry-After', async () => {
    const user = await signedUpUser()
    const ip = uniqueIp()
    for (let i = 0; i < 8; i++) expect((await login({ email: user.email, password: `wrong ${i}` }, { ip })).status).toBe(401)
    expect((await login({ email: user.email, password: 'wrong 9' }, { ip })).status).toBe(401)
    const blocked = await login({ email: user.email, password: PASSWORD }, { ip })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // An unknown address is throttled the same way, so the limit reveals nothing.
    const nobody = uniqueEmail()
    const other = uniqueIp()
    for (let i = 0; i < 9; i++) await login({ email: nobody, password: `wrong ${i}` }, { ip: other })
    expect((await login({ email: nobody, password: 'again' }, { ip: other })).status).toBe(429)
  })

  it('limits one address to 10 sign-in attempts a minute', async () => {
    const ip = uniqueIp()
    const { allowed, refused } = await attemptsUntilLimited(() => login({ email: uniqueEmail(), password: 'x' }, { ip }))
    expect(allowed.length).toBeGreaterThanOrEqual(10)
    expect(new Set(allowed)).toEqual(new Set([401]))
    expect(refused?.status).toBe(429)
  })
})

describe('check-otp', () => {
  async function pendingStep() {
    const email = uniqueEmail()
    const pending = (await register({ name: 'Sami', email, password: PASSWORD })).body.data!.access_token
    return { email, pending, code: await latestCode(email) }
  }

  it('works once', async () => {
    const { pending, code } = await pendingStep()
    expect((await callApi('authentication/check-otp', { bearer: pending, body: { code } })).status).toBe(200)
    const again = await callApi('authentication/check-otp', { bearer: pending, body: { code }, lang: 'en' })
    expect(again.status).toBe(401)
    expect(again.body.message).toBe('This step has expired. Please start again.')
  })

  it('counts wrong codes and voids the code after the fifth', async () => {
    const { pending, code } = await pendingStep()
    const wrong = code === '000000' ? '111111' : '000000'
    const first = await callApi('authentication/check-otp', { bearer: pending, body: { code: wrong }, lang: 'en' })
    expect(first.status).toBe(422)
    expect(first.body.errors).toEqual({ code: 'The code is incorrect. Attempts remaining: 4.' })
    for (let i = 0; i < 3; i++) await callApi('authentication/check-otp', { bearer: pending, body: { code: wrong } })
    const fifth = await callApi('authentication/check-otp', { bearer: pending, body: { code: wrong }, lang: 'en' })
    expect(fifth.body.errors).toEqual({ code: 'The code is incorrect, and it can no longer be used. Please ask for a new one.' })
    const right = await callApi('authentication/check-otp', { bearer: pending, body: { code }, lang: 'en' })
    expect(right.status).toBe(410)
    expect(right.body.message).toBe('This code is no longer valid. Please ask for a new one.')
  })

  it('refuses a code past its 10 minutes', async () => {
    const { email, pending, code } = await pendingStep()
    await sql()`update otp_challenges set code_expires_at = now() - interval '1 second' where email = ${email}`
    expect((await callApi('authentication/check-otp', { bearer: pending, body: { code } })).status).toBe(410)
  })

  it('takes Arabic-Indic digits as the same code', async () => {
    const { pending, code } = await pendingStep()
    const arabic = [...code].map((d) => String.fromCharCode(0x0660 + Number(d))).join('')
    expect((await callApi('authentication/check-otp', { bearer: pending, body: { code: arabic } })).status).toBe(200)
  })

  it('binds a code to its purpose: a reset step cannot sign anyone in', async () => {
    const user = await signedUpUser()
    const reset = await callApi<Pending>('authentication/forgot-password', { body: { email: user.email, captcha: await solvedCaptcha() } })
    const code = await latestCode(user.email)
    expect((await callApi('authentication/check-otp', { bearer: reset.body.data!.access_token, body: { code } })).status).toBe(401)
  })

  it('refuses a session token, a made-up token and no token', async () => {
    const user = await signedUpUser()
    for (const bearer of [user.token, 'A'.repeat(43), undefined]) {
      expect((await callApi('authentication/check-otp', { bearer, body: { code: '123456' } })).status).toBe(401)
    }
  })

  it('explains a code of the wrong shape', async () => {
    const { pending } = await pendingStep()
    for (const code of ['12345', 'abcdef', 123456, null, '1'.repeat(100)]) {
      const { status, body } = await callApi('authentication/check-otp', { bearer: pending, body: { code }, lang: 'en' })
      expect(status).toBe(422)
      expect(body.errors!.code).toMatch(/^Please (enter the code from the email|type text into this field)\.$/)
    }
  })
})

describe('resend-otp', () => {
  it('waits 60 seconds between sends, then voids the old code', async () => {
    const email = uniqueEmail()
    const pending = (await register({ name: 'Sami', email, password: PASSWORD })).body.data!.access_token
    const old = await latestCode(email)
    const early = await callApi('authentication/resend-otp', { bearer: pending, method: 'POST' })
    expect(early.status).toBe(429)
    expect(Number(early.res.headers.get('retry-after'))).toBeGreaterThan(55)
    await sql()`update otp_challenges set last_sent_at = now() - interval '61 seconds' where email = ${email}`
    const resent = await callApi('authentication/resend-otp', { bearer: pending, method: 'POST', lang: 'en' })
    expect(resent.status).toBe(200)
    expect(resent.body).toEqual({ status: 200, message: 'A new code is on its way.', data: { otp_sent: true, otp_length: 6, resend_after: 60 } })
    const fresh = await latestCode(email)
    if (fresh !== old) expect((await callApi('authentication/check-otp', { bearer: pending, body: { code: old } })).status).toBe(422)
    expect((await callApi('authentication/check-otp', { bearer: pending, body: { code: fresh } })).status).toBe(200)
  })

  it('sends at most 5 codes an hour to one address from one client', async () => {
    const email = uniqueEmail()
    const ip = uniqueIp()
    const pending = (await register({ name: 'Sami', email, password: PASSWORD }, { ip })).body.data!.access_token
    const statuses = []
    for (let i = 0; i < 5; i++) {
      await sql()`update otp_challenges set last_sent_at = now() - interval '61 seconds' where email = ${email}`
      statuses.push((await callApi('authentication/resend-otp', { bearer: pending, method: 'POST', ip })).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    expect((await login({ email }, { ip })).status).toBe(429)
  })

  it('needs the pending token', async () => {
    expect((await callApi('authentication/resend-otp', { method: 'POST' })).status).toBe(401)
  })
})

describe('me and logout', () => {
  it('answers 401 to no token, a malformed one and one that matches no session', async () => {
    for (const bearer of [undefined, 'short', 'A'.repeat(43)]) {
      const { status, body } = await callApi('authentication/me', { bearer, lang: 'en' })
      expect(status).toBe(401)
      expect(body.message).toBe('Please sign in.')
    }
  })

  it('revokes the session on logout', async () => {
    const user = await signedUpUser()
    expect((await callApi('authentication/logout', { bearer: user.token, method: 'POST' })).status).toBe(200)
    expect((await callApi('authentication/me', { bearer: user.token })).status).toBe(401)
    expect((await callApi('authentication/logout', { bearer: user.token, method: 'POST' })).status).toBe(401)
  })
})

describe('forgot-password and reset-password', () => {
  it('answers the same whether or not the address has an account', async () => {
    const user = await signedUpUser()
    const known = await callApi<Pending>('authentication/forgot-password', { body: { email: user.email, captcha: await solvedCaptcha() } })
    const unknown = await callApi<Pending>('authentication/forgot-password', { body: { email: uniqueEmail(), captcha: await solvedCaptcha() } })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body.message).toBe(unknown.body.message)
    expect(Object.keys(known.body.data!)).toEqual(Object.keys(unknown.body.data!))
    const reset = await callApi('authentication/reset-password', {
      bearer: unknown.body.data!.access_token,
      body: { code: '123456', password: 'a brand new passphrase' },
    })
    expect(reset.status).toBe(422)
  })

  it('sets a new password with the code and ends every session', async () => {
    const user = await signedUpUser()
    const other = (await login({ email: user.email, password: PASSWORD })).body.data!.access_token!
    const step = await callApi<Pending>('authentication/forgot-password', { body: { email: user.email, captcha: await solvedCaptcha() } })
    const code = await latestCode(user.email)
    const weak = await callApi('authentication/reset-password', { bearer: step.body.data!.access_token, body: { code, password: '12345678' }, lang: 'en' })
    expect(weak.status).toBe(422)
    expect(weak.body.errors).toEqual({ password: 'This password is too common. Please choose one that is harder to guess.' })
    const done = await callApi('authentication/reset-password', { bearer: step.body.data!.access_token, body: { code, password: 'a brand new passphrase' }, lang: 'en' })
    expect(done.body).toEqual({ status: 200, message: 'Your password has been changed. Please sign in with it.' })
    for (const token of [user.token, other]) expect((await callApi('authentication/me', { bearer: token })).status).toBe(401)
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(401)
    expect((await login({ email: user.email, password: 'a brand new passphrase' })).status).toBe(200)
    const [notice] = await mailTo(user.email)
    expect(notice!.subject).toBe("تغيّرت كلمة مرورك في هدف")
  })
})

describe('malformed requests', () => {
  const ENDPOINTS = ['register', 'login-2', 'check-otp', 'resend-otp', 'logout', 'forgot-password', 'reset-password']
  const BODIES: [string, string, string?][] = [
    ['not JSON at all', '{"email": '],
    ['a JSON array', '[1, 2, 3]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['fields of the wrong types', JSON.stringify({ name: 42, email: ['a'], password: { x: 1 }, mobile: true, code: 1e308, captcha: 7 })],
    ['huge values', JSON.stringify({ name: 'n'.repeat(20_000), email: `${'e'.repeat(20_000)}@x.test`, password: 'p'.repeat(20_000), code: '1'.repeat(20_000) })],
    ['a NUL byte and lone surrogates', '{"name":"a\\u0000b","email":"\\ud800@x.test","password":"\\udfff\\udfff\\udfff\\udfff"}'],
    ['form encoding', 'email=a%40b.test&password=x', 'application/x-www-form-urlencoded'],
    ['a body over 64 KB', JSON.stringify({ name: 'x'.repeat(70_000) })],
  ]

  it.each(ENDPOINTS)('%s answers every malformed body with a 4xx envelope', async (endpoint) => {
    for (const [label, rawBody, contentType] of BODIES) {
      const { status } = await callApi(`authentication/${endpoint}`, { method: 'POST', rawBody, contentType, bearer: 'A'.repeat(43) })
      expect(status, `${endpoint}: ${label}`).toBeGreaterThanOrEqual(400)
      expect(status, `${endpoint}: ${label}`).toBeLessThan(500)
    }
  })

  it('names the problem with the body', async () => {
    expect((await callApi('authentication/register', { rawBody: '{', lang: 'en' })).body.message).toBe('The request body is not valid JSON.')
    expect((await callApi('authentication/register', { rawBody: '<a/>', contentType: 'application/xml', lang: 'en' })).status).toBe(415)
    expect((await callApi('authentication/register', { rawBody: JSON.stringify({ name: 'x'.repeat(70_000) }) })).status).toBe(413)
  })
})
