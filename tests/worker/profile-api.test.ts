// The profile API (docs/auth-api.md, /api/v1/profile…): every call, every failure, and
// the promises security.md makes about them: writes reach only the caller's own account,
// a new password ends the other sessions, uploads are judged by their bytes and stripped.
import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { caller, roleRequired } from '../../src/api/guards.ts'
import { onError } from '../../src/errors.tsx'
import { accountDeletedMail, emailChangedMail } from '../../src/mail/templates.ts'
import { createI18n } from '../../src/i18n/server.ts'
import { database } from '../../src/middleware/database.ts'
import type { AppEnv } from '../../src/types.ts'
import {
  CAMERA_MAKE,
  concat,
  exifSegment,
  hex,
  includesBytes,
  jfif,
  jpeg,
  latin1,
  phoneExif,
  PNG_SIGNATURE,
  png,
  pngChunk,
  pngHeader,
  riff,
  tiff,
  UNDECODABLE_IMAGES,
  VP8L_2X2,
} from '../support/image-fixtures.ts'
import { callApi, latestCode, mailTo, PASSWORD, signedUpUser, uniqueEmail } from './api-helpers.ts'
import { solvedCaptcha } from './captcha-helpers.ts'
import { fetchPage, ORIGIN, sql, uniqueIp } from './helpers.ts'
import { fetchWith, openSharedDatabase } from './stand-in.ts'

type User = { id: string; name: string; email: string; image: string | null; theme: string; mobile: string | null; lang: string; role: string }
type Step = { otp_sent: boolean; otp_length: number; resend_after: number }
type SessionItem = { id: string; created_at: string; last_seen_at: string; user_agent: string | null; ip: string | null; current: boolean }

const USER_FIELDS = ['id', 'name', 'email', 'image', 'theme', 'mobile', 'lang', 'role', 'country', 'spoiler_free', 'spoiler_alerts']
const NEW_PASSWORD = 'a brand new passphrase'
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

/** A second session for an account, signed in with a password from a device of its own. */
async function signIn(email: string, password = PASSWORD, userAgent = PHONE): Promise<string> {
  const res = await fetchWith({}, '/api/v1/authentication/login-2', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': uniqueIp(), 'user-agent': userAgent },
    body: JSON.stringify({ email, password, captcha: await solvedCaptcha() }),
  })
  const body = (await res.json()) as { status: number; data?: { access_token: string } }
  expect(body.status, `sign-in of ${email}`).toBe(200)
  return body.data!.access_token
}

async function statusOf(token: string): Promise<number> {
  return (await callApi('authentication/me', { bearer: token })).status
}

async function stored(userId: string) {
  const [row] = await sql()<{ email: string; mobile: string | null; avatarKey: string | null; verified: boolean }[]>`
    select email, mobile, avatar_key as "avatarKey", email_verified_at is not null as verified from users where id = ${userId}`
  return row
}

describe('GET profile', () => {
  it('answers the signed-in user, and whether the account has a password', async () => {
    const user = await signedUpUser({ name: 'Layla' })
    const { status, body } = await callApi<User & { has_password: boolean }>('profile', { bearer: user.token, lang: 'en' })
    expect(status).toBe(200)
    expect(Object.keys(body.data!).sort()).toEqual([...USER_FIELDS, 'has_password'].sort())
    expect(body.data).toMatchObject({ id: user.id, name: 'Layla', email: user.email, image: null, theme: 'system', role: 'reader', has_password: true })
  })

  it.each([
    ['no token', undefined],
    ['a made-up token', 'A'.repeat(43)],
    ['a token of the wrong shape', 'short'],
  ])('answers 401 to %s, in the language asked for', async (_, bearer) => {
    const en = await callApi('profile', { bearer, lang: 'en' })
    expect(en.status).toBe(401)
    expect(en.body.message).toBe('Please sign in.')
    expect((await callApi('profile', { bearer })).body.message).toBe('يرجى تسجيل الدخول.')
  })

  it('answers 401 once the session is revoked', async () => {
    const user = await signedUpUser()
    await callApi('authentication/logout', { method: 'POST', bearer: user.token })
    expect((await callApi('profile', { bearer: user.token })).status).toBe(401)
  })
})

describe('PATCH profile', () => {
  it('changes the name, mobile, theme and language, and answers the user as it now is', async () => {
    const user = await signedUpUser()
    const mobile = `+96650${String(Date.now()).slice(-7)}`
    const { status, body } = await callApi<User>('profile', { method: 'PATCH', bearer: user.token, body: { name: 'ليلى', mobile, theme: 'dark', lang: 'en' }, lang: 'en' })
    expect(status).toBe(200)
    expect(body.message).toBe('Your profile has been saved.')
    expect(body.data).toMatchObject({ name: 'ليلى', mobile, theme: 'dark', lang: 'en', email: user.email })
    expect((await callApi<User>('profile', { bearer: user.token })).body.data).toMatchObject({ name: 'ليلى', mobile, theme: 'dark', lang: 'en' })
  })

  it("keeps the reader's country as a code, and clears it with null", async () => {
    const user = await signedUpUser()
    const set = await callApi<User>('profile', { method: 'PATCH', bearer: user.token, body: { country: 'ma' } })
    expect(set.status).toBe(200)
    expect(set.body.data).toMatchObject({ country: 'MA' })
    expect((await callApi<User>('profile', { bearer: user.token })).body.data).toMatchObject({ country: 'MA' })
    const cleared = await callApi<User>('profile', { method: 'PATCH', bearer: user.token, body: { country: null } })
    expect(cleared.body.data).toMatchObject({ country: null })
  })

  it('keeps spoiler-free and what alerts say of hidden matches, and refuses other values', async () => {
    const user = await signedUpUser()
    expect((await callApi<User>('profile', { bearer: user.token })).body.data).toMatchObject({ spoiler_free: 'off', spoiler_alerts: 'vague' })
    const set = await callApi<User>('profile', { method: 'PATCH', bearer: user.token, body: { spoiler_free: 'follows', spoiler_alerts: 'none' } })
    expect(set.status).toBe(200)
    expect(set.body.data).toMatchObject({ spoiler_free: 'follows', spoiler_alerts: 'none' })
    for (const body of [{ spoiler_free: 'some' }, { spoiler_free: true }, { spoiler_alerts: 'loud' }]) {
      const refused = await callApi('profile', { method: 'PATCH', bearer: user.token, body })
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.body.errors ?? {})).toEqual([Object.keys(body)[0]])
    }
    expect((await callApi<User>('profile', { bearer: user.token })).body.data).toMatchObject({ spoiler_free: 'follows' })
  })

  it('changes only the fields sent', async () => {
    const user = await signedUpUser({ name: 'Sami' })
    await callApi('profile', { method: 'PATCH', bearer: user.token, body: { theme: 'light' } })
    expect((await callApi<User>('profile', { bearer: user.token })).body.data).toMatchObject({ name: 'Sami', theme: 'light', lang: 'ar' })
  })

  it('takes a mobile number as people type it, and clears it when sent empty', async () => {
    const user = await signedUpUser()
    const digits = String(Date.now()).slice(-7)
    const arabic = [...digits].map((d) => String.fromCharCode(0x0660 + Number(d))).join('')
    const typed = await callApi<User>('profile', { method: 'PATCH', bearer: user.token, body: { mobile: `00966 50 ${arabic}` } })
    expect(typed.body.data!.mobile).toBe(`+96650${digits}`)
    const cleared = await callApi<User>('profile', { method: 'PATCH', bearer: user.token, body: { mobile: '' } })
    expect(cleared.body.data!.mobile).toBeNull()
    expect((await stored(user.id))!.mobile).toBeNull()
  })

  it('refuses a mobile number another account has, but not the account’s own', async () => {
    const mobile = `+96655${String(Date.now()).slice(-7)}`
    await signedUpUser({ mobile })
    const user = await signedUpUser()
    const { status, body } = await callApi('profile', { method: 'PATCH', bearer: user.token, body: { mobile }, lang: 'en' })
    expect(status).toBe(422)
    expect(body.errors).toEqual({ mobile: 'This mobile number belongs to another account.' })
    const own = `+96656${String(Date.now()).slice(-7)}`
    await callApi('profile', { method: 'PATCH', bearer: user.token, body: { mobile: own } })
    expect((await callApi('profile', { method: 'PATCH', bearer: user.token, body: { mobile: own, name: 'Again' } })).status).toBe(200)
  })

  it.each([
    [{ name: '' }, 'name', 'Please fill in this field.', 'يرجى ملء هذا الحقل.'],
    [{ name: 'n'.repeat(101) }, 'name', 'Please keep this to 100 characters or fewer.', 'يرجى ألا يتجاوز هذا 100 من الأحرف.'],
    [{ mobile: '0501234567' }, 'mobile', 'Please enter a mobile number with its country code, such as +966 50 123 4567.', null],
    [{ theme: 'blue' }, 'theme', 'Please choose one of the options.', 'يرجى اختيار أحد الخيارات.'],
    [{ lang: 'fr' }, 'lang', 'Please choose one of the options.', null],
    [{ country: 'XX' }, 'country', 'Please use two-letter country codes (ISO 3166-1), such as EG or SA.', 'يرجى استخدام رموز الدول المكوّنة من حرفين (ISO 3166-1)، مثل EG أو SA.'],
    [{ country: 20 }, 'country', 'Please use two-letter country codes (ISO 3166-1), such as EG or SA.', null],
    [{}, 'body', 'Please send at least one of name, mobile, theme, lang, country, spoiler_free and spoiler_alerts.', null],
    [{ spoiler_free: 'later' }, 'spoiler_free', 'Please choose one of the options.', 'يرجى اختيار أحد الخيارات.'],
  ])('explains %o in the language asked for', async (change, field, english, arabic) => {
    const user = await signedUpUser()
    const en = await callApi('profile', { method: 'PATCH', bearer: user.token, body: change, lang: 'en' })
    expect(en.status).toBe(422)
    expect(en.body.errors).toEqual({ [field]: english })
    const ar = await callApi('profile', { method: 'PATCH', bearer: user.token, body: change, lang: 'ar' })
    expect(ar.status).toBe(422)
    if (arabic) expect(ar.body.errors).toEqual({ [field]: arabic })
  })

  it('needs a session', async () => {
    expect((await callApi('profile', { method: 'PATCH', body: { name: 'Nobody' } })).status).toBe(401)
  })
})

describe('PUT profile/password', () => {
  it('changes the password, ends every other session, keeps this one and tells the owner', async () => {
    const user = await signedUpUser()
    const phone = await signIn(user.email)
    const { status, body } = await callApi('profile/password', { method: 'PUT', bearer: user.token, body: { current_password: PASSWORD, password: NEW_PASSWORD }, lang: 'en' })
    expect(status).toBe(200)
    expect(body.message).toBe('Your password has been changed. Your other devices have been signed out.')
    expect(await statusOf(user.token)).toBe(200)
    expect(await statusOf(phone)).toBe(401)
    expect(await signIn(user.email, NEW_PASSWORD)).toMatch(/^[\w-]{43}$/)
    const [notice] = await mailTo(user.email)
    expect(notice!.subject).toBe('تغيّرت كلمة مرورك في هدف')
  })

  it('needs the current password, and says when it is wrong', async () => {
    const user = await signedUpUser()
    const missing = await callApi('profile/password', { method: 'PUT', bearer: user.token, body: { password: NEW_PASSWORD }, lang: 'en' })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ current_password: 'Please enter your current password.' })
    const wrong = await callApi('profile/password', { method: 'PUT', bearer: user.token, body: { current_password: 'not it at all', password: NEW_PASSWORD }, lang: 'en' })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ current_password: 'The current password is incorrect.' })
    expect(await signIn(user.email)).toBeTruthy()
  })

  it('holds the new password to the sign-up rules', async () => {
    const user = await signedUpUser()
    for (const [password, error] of [
      ['short', 'Please write at least 8 characters.'],
      ['password123', 'This password is too common. Please choose one that is harder to guess.'],
      ['', 'Please fill in this field.'],
    ]) {
      const { status, body } = await callApi('profile/password', { method: 'PUT', bearer: user.token, body: { current_password: PASSWORD, password }, lang: 'en' })
      expect(status).toBe(422)
      expect(body.errors).toEqual({ password: error })
    }
  })

  it('slows down wrong guesses of the current password after 8, with Retry-After', async () => {
    const user = await signedUpUser()
    for (let i = 0; i < 9; i++) {
      const guess = await callApi('profile/password', { method: 'PUT', bearer: user.token, body: { current_password: `guess ${i}`, password: NEW_PASSWORD } })
      expect(guess.status).toBe(422)
    }
    const blocked = await callApi('profile/password', { method: 'PUT', bearer: user.token, body: { current_password: PASSWORD, password: NEW_PASSWORD } })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  })

  it('lets an account without a password (social sign-in) set its first one', async () => {
    const user = await signedUpUser()
    await sql()`update users set password_hash = null where id = ${user.id}`
    expect((await callApi<{ has_password: boolean }>('profile', { bearer: user.token })).body.data!.has_password).toBe(false)
    expect((await callApi('profile/password', { method: 'PUT', bearer: user.token, body: { password: NEW_PASSWORD } })).status).toBe(200)
    expect(await signIn(user.email, NEW_PASSWORD)).toBeTruthy()
  })
})

describe('POST profile/email and profile/email/verify', () => {
  async function requestChange(token: string, email: string, currentPassword = PASSWORD) {
    return callApi<Step>('profile/email', { bearer: token, body: { email, current_password: currentPassword }, lang: 'en' })
  }

  it('mails a code to the new address and changes the email once it comes back', async () => {
    const user = await signedUpUser()
    const newEmail = uniqueEmail('moved')
    const started = await requestChange(user.token, newEmail.toUpperCase())
    expect(started.status).toBe(200)
    expect(started.body.message).toBe('We have sent a code to your new email address.')
    expect(started.body.data).toEqual({ otp_sent: true, otp_length: 6, resend_after: 60 })
    // In the language the visitor is using now.
    const [mail] = await mailTo(newEmail)
    expect(mail!.subject).toBe('Confirm your new email address for Hadaf')
    expect(await stored(user.id)).toMatchObject({ email: user.email })

    const verified = await callApi<User>('profile/email/verify', { bearer: user.token, body: { code: await latestCode(newEmail) }, lang: 'en' })
    expect(verified.status).toBe(200)
    expect(verified.body.message).toBe('Your email address has been changed.')
    expect(verified.body.data!.email).toBe(newEmail.toUpperCase())
    expect(await stored(user.id)).toMatchObject({ email: newEmail.toUpperCase(), verified: true })
    // The old address is told, in the owner's language, without the new one (ASVS 6.3.7).
    const [notice] = await mailTo(user.email)
    expect(notice!.subject).toBe(emailChangedMail({ lang: 'ar', origin: ORIGIN }).subject)
    expect(notice!.text.toLowerCase()).not.toContain(newEmail.toLowerCase())
    expect(await signIn(newEmail)).toBeTruthy()
  })

  it('binds the code to the session that asked: another session of the account cannot use it', async () => {
    const user = await signedUpUser()
    const phone = await signIn(user.email)
    const newEmail = uniqueEmail('moved')
    await requestChange(user.token, newEmail)
    const elsewhere = await callApi('profile/email/verify', { bearer: phone, body: { code: await latestCode(newEmail) }, lang: 'en' })
    expect(elsewhere.status).toBe(410)
    expect(elsewhere.body.message).toBe('There is no change of email waiting for a code. Please start again.')
    expect((await callApi('profile/email/verify', { bearer: user.token, body: { code: await latestCode(newEmail) } })).status).toBe(200)
  })

  it('needs the current password, and a new address', async () => {
    const user = await signedUpUser()
    expect((await requestChange(user.token, uniqueEmail(), '')).body.errors).toEqual({ current_password: 'Please enter your current password.' })
    expect((await requestChange(user.token, uniqueEmail(), 'wrong guess')).body.errors).toEqual({ current_password: 'The current password is incorrect.' })
    expect((await requestChange(user.token, user.email.toUpperCase())).body.errors).toEqual({ email: 'This is already the email address of your account.' })
    const invalid = await requestChange(user.token, 'not an address')
    expect(invalid.status).toBe(422)
    expect(invalid.body.errors).toEqual({ email: 'Please enter an email address such as name@example.com.' })
  })

  it('answers an address another account has exactly as a free one, and refuses it at the code step', async () => {
    const other = await signedUpUser()
    const user = await signedUpUser()
    const started = await requestChange(user.token, other.email)
    expect(started.status).toBe(200)
    expect(started.body.data).toEqual({ otp_sent: true, otp_length: 6, resend_after: 60 })
    const code = await latestCode(other.email)
    const verified = await callApi('profile/email/verify', { bearer: user.token, body: { code }, lang: 'en' })
    expect(verified.status).toBe(422)
    expect(verified.body.errors).toEqual({ email: 'This email address belongs to another account.' })
    expect(await stored(user.id)).toMatchObject({ email: user.email })
    // The code is spent: the step is over.
    expect((await callApi('profile/email/verify', { bearer: user.token, body: { code } })).status).toBe(410)
  })

  it('counts wrong codes and voids the code after the fifth', async () => {
    const user = await signedUpUser()
    const newEmail = uniqueEmail('moved')
    await requestChange(user.token, newEmail)
    const code = await latestCode(newEmail)
    const wrong = code === '000000' ? '111111' : '000000'
    const first = await callApi('profile/email/verify', { bearer: user.token, body: { code: wrong }, lang: 'en' })
    expect(first.status).toBe(422)
    expect(first.body.errors).toEqual({ code: 'The code is incorrect. Attempts remaining: 4.' })
    for (let i = 0; i < 4; i++) await callApi('profile/email/verify', { bearer: user.token, body: { code: wrong } })
    expect((await callApi('profile/email/verify', { bearer: user.token, body: { code } })).status).toBe(410)
    expect(await stored(user.id)).toMatchObject({ email: user.email })
  })

  it('explains a code of the wrong shape, and answers 410 when no change is waiting', async () => {
    const user = await signedUpUser()
    const shape = await callApi('profile/email/verify', { bearer: user.token, body: { code: '12' }, lang: 'en' })
    expect(shape.status).toBe(422)
    expect(shape.body.errors).toEqual({ code: 'Please enter the code from the email.' })
    expect((await callApi('profile/email/verify', { bearer: user.token, body: { code: '123456' } })).status).toBe(410)
    expect((await callApi('profile/email/resend', { method: 'POST', bearer: user.token })).status).toBe(410)
  })

  it('resends a code a minute after the last, and the old one no longer works', async () => {
    const user = await signedUpUser()
    const newEmail = uniqueEmail('moved')
    await requestChange(user.token, newEmail)
    const first = await latestCode(newEmail)
    const tooSoon = await callApi('profile/email/resend', { method: 'POST', bearer: user.token })
    expect(tooSoon.status).toBe(429)
    expect(Number(tooSoon.res.headers.get('retry-after'))).toBeGreaterThan(50)
    await sql()`update otp_challenges set last_sent_at = now() - interval '61 seconds' where email = ${newEmail}`
    const resent = await callApi<Step>('profile/email/resend', { method: 'POST', bearer: user.token, lang: 'en' })
    expect(resent.status).toBe(200)
    expect(resent.body.data).toEqual({ otp_sent: true, otp_length: 6, resend_after: 60 })
    const second = await latestCode(newEmail)
    if (second !== first) expect((await callApi('profile/email/verify', { bearer: user.token, body: { code: first } })).status).toBe(422)
    expect((await callApi('profile/email/verify', { bearer: user.token, body: { code: second } })).status).toBe(200)
  })

  it('lets an account without a password change its email without one', async () => {
    const user = await signedUpUser()
    await sql()`update users set password_hash = null where id = ${user.id}`
    const newEmail = uniqueEmail('moved')
    expect((await callApi('profile/email', { bearer: user.token, body: { email: newEmail } })).status).toBe(200)
  })
})

/** An upload as a browser's form or a client sends it: multipart, the file in `avatar`. */
async function upload(token: string | undefined, file: Blob | string | null, opts: { lang?: string; field?: string } = {}) {
  const form = new FormData()
  if (file !== null) form.append(opts.field ?? 'avatar', file)
  const headers: Record<string, string> = { 'cf-connecting-ip': uniqueIp(), 'accept-language': opts.lang ?? 'en' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await fetchWith({}, '/api/v1/profile/avatar', { method: 'POST', headers, body: form })
  const body = (await res.json()) as { status: number; message: string; data?: User; errors?: Record<string, string> }
  expect(body.status).toBe(res.status)
  return { status: res.status, body }
}

/** The GPS latitude 24/1, 42/1, 36/1 as the big-endian fixture stores it. */
const LATITUDE = hex('00000018 00000001 0000002a 00000001 00000024 00000001')

const image = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type })

/** A PNG of exactly `size` bytes: the image plus a private chunk of padding. */
function pngOfSize(size: number): Uint8Array {
  const picture = png()
  const padding = pngChunk('prVt', new Uint8Array(size - picture.length - 12))
  return concat(picture.subarray(0, 33), padding, picture.subarray(33))
}

describe('POST profile/avatar', () => {
  it.each([
    ['a PNG', png({ width: 3, height: 2 }), 'photo.png', 'image/png', 'png'],
    ['a JPEG', jpeg(jfif()), 'photo.jpg', 'image/jpeg', 'jpg'],
    ['a WebP', riff(VP8L_2X2), 'photo.webp', 'image/webp', 'webp'],
  ])('stores %s and serves it under /media/', async (_, bytes, name, type, extension) => {
    const user = await signedUpUser()
    const { status, body } = await upload(user.token, image(bytes, name, type))
    expect(status).toBe(200)
    expect(body.message).toBe('Your photo has been updated.')
    expect(body.data!.image).toMatch(new RegExp(`^/media/avatars/[0-9a-f-]{36}\\.${extension}$`))
    const served = await fetchPage(body.data!.image!)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe(type)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes)
    expect((await callApi<User>('profile', { bearer: user.token })).body.data!.image).toBe(body.data!.image)
  })

  it('stores a phone photo without its GPS position or camera, keeping its orientation', async () => {
    const user = await signedUpUser()
    const photo = jpeg(jfif(), exifSegment(phoneExif('MM', 6)))
    expect(includesBytes(photo, LATITUDE)).toBe(true)
    const { body } = await upload(user.token, image(photo, 'IMG_0001.jpg', 'image/jpeg'))
    const served = new Uint8Array(await (await fetchPage(body.data!.image!)).arrayBuffer())
    expect(served[0]).toBe(0xff)
    expect(includesBytes(served, LATITUDE)).toBe(false)
    expect(includesBytes(served, latin1(CAMERA_MAKE))).toBe(false)
    expect(served).toEqual(jpeg(jfif(), exifSegment(tiff('MM', [{ tag: 0x0112, type: 'short', values: [6] }]))))
  })

  it('replaces the previous photo and deletes its object', async () => {
    const user = await signedUpUser()
    const first = (await upload(user.token, image(png(), 'a.png', 'image/png'))).body.data!.image!
    const second = (await upload(user.token, image(jpeg(jfif()), 'b.jpg', 'image/jpeg'))).body.data!.image!
    expect(second).not.toBe(first)
    expect(await env.MEDIA.head(first.replace('/media/', ''))).toBeNull()
    expect((await fetchPage(first)).status).toBe(404)
    expect((await fetchPage(second)).status).toBe(200)
  })

  it.each([
    ['an HTML page named .png', image(latin1('<html><script>alert(1)</script></html>'), 'photo.png', 'image/png'), 422, 'Please choose a PNG, JPEG or WebP image.'],
    ['a GIF', image(latin1('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'photo.gif', 'image/gif'), 422, 'Please choose a PNG, JPEG or WebP image.'],
    ['a PNG cut short', image(png().subarray(0, 40), 'photo.png', 'image/png'), 422, 'This image could not be read. Please choose another one.'],
    [
      'a PNG of 8000 × 8000 pixels',
      image(concat(PNG_SIGNATURE, pngHeader(8000, 8000), pngChunk('IDAT', hex('78010100')), pngChunk('IEND')), 'huge.png', 'image/png'),
      422,
      'Please choose an image of at most 4096 × 4096 pixels.',
    ],
    ['a 3 MB image', image(pngOfSize(3 * 1024 * 1024), 'big.png', 'image/png'), 413, 'Please choose an image of at most 2 MB.'],
    ['an image one byte over 2 MiB', image(pngOfSize(2 * 1024 * 1024 + 1), 'big.png', 'image/png'), 413, 'Please choose an image of at most 2 MB.'],
    ['no file at all', null, 422, 'Please choose an image to upload.'],
    ['text where the file belongs', 'photo.png', 422, 'Please choose an image to upload.'],
    ['an empty file', image(new Uint8Array(), 'empty.png', 'image/png'), 422, 'Please choose an image to upload.'],
  ])('refuses %s, says why in errors.avatar and stores nothing', async (_, file, status, error) => {
    const user = await signedUpUser()
    const en = await upload(user.token, file)
    expect(en.status).toBe(status)
    expect(en.body.errors).toEqual({ avatar: error })
    expect(en.body.message).toBe(error)
    const ar = await upload(user.token, file, { lang: 'ar' })
    expect(ar.status).toBe(status)
    expect(ar.body.errors!.avatar).toBe(ar.body.message)
    expect((await stored(user.id))!.avatarKey).toBeNull()
  })

  it.each(UNDECODABLE_IMAGES)('refuses %s, which passes the header checks and does not decode, with 422 in errors.avatar', async (_, bytes) => {
    const user = await signedUpUser()
    const { status, body } = await upload(user.token, image(bytes, 'photo.png', 'image/png'))
    expect(status).toBe(422)
    expect(body.errors).toEqual({ avatar: 'This image could not be read. Please choose another one.' })
    expect((await stored(user.id))!.avatarKey).toBeNull()
  })

  it('accepts exactly 2 MiB', async () => {
    const user = await signedUpUser()
    expect((await upload(user.token, image(pngOfSize(2 * 1024 * 1024), 'edge.png', 'image/png'))).status).toBe(200)
  })

  it('refuses a body that is not multipart, a broken one, and no session', async () => {
    const user = await signedUpUser()
    const json = await callApi('profile/avatar', { bearer: user.token, body: { avatar: 'x' }, lang: 'en' })
    expect(json.status).toBe(415)
    expect(json.body.message).toBe('Please send the image as multipart/form-data.')
    const broken = await callApi('profile/avatar', { bearer: user.token, rawBody: '--x\r\nnonsense', contentType: 'multipart/form-data; boundary=x', lang: 'en' })
    expect(broken.status).toBe(400)
    expect((await upload(undefined, image(png(), 'a.png', 'image/png'))).status).toBe(401)
  })
})

describe('DELETE profile/avatar', () => {
  it('removes the photo and its object', async () => {
    const user = await signedUpUser()
    const url = (await upload(user.token, image(png(), 'a.png', 'image/png'))).body.data!.image!
    const { status, body } = await callApi<User>('profile/avatar', { method: 'DELETE', bearer: user.token, lang: 'en' })
    expect(status).toBe(200)
    expect(body.message).toBe('Your photo has been removed.')
    expect(body.data!.image).toBeNull()
    expect((await fetchPage(url)).status).toBe(404)
    // Again, with nothing left to remove, is no error.
    expect((await callApi('profile/avatar', { method: 'DELETE', bearer: user.token })).status).toBe(200)
  })
})

describe('profile/sessions', () => {
  it('lists the live sessions with their device, this one marked current and first', async () => {
    const user = await signedUpUser()
    const phone = await signIn(user.email)
    const ended = await signIn(user.email)
    await callApi('authentication/logout', { method: 'POST', bearer: ended })
    const { status, body } = await callApi<SessionItem[]>('profile/sessions', { bearer: user.token })
    expect(status).toBe(200)
    expect(body.data).toHaveLength(2)
    const [current, other] = body.data!
    expect(Object.keys(current!).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_seen_at', 'user_agent'])
    expect(current!.current).toBe(true)
    expect(other).toMatchObject({ current: false, user_agent: PHONE, ip: expect.stringMatching(/^2001:db8:/) })
    expect(new Date(other!.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(new Date(other!.last_seen_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
    const fromPhone = await callApi<SessionItem[]>('profile/sessions', { bearer: phone })
    expect(fromPhone.body.data!.find((s) => s.current)!.id).toBe(other!.id)
  })

  it('signs another device out', async () => {
    const user = await signedUpUser()
    const phone = await signIn(user.email)
    const phoneId = (await callApi<SessionItem[]>('profile/sessions', { bearer: user.token })).body.data!.find((s) => !s.current)!.id
    const { status, body } = await callApi(`profile/sessions/${phoneId}`, { method: 'DELETE', bearer: user.token, lang: 'en' })
    expect(status).toBe(200)
    expect(body.message).toBe('That device has been signed out.')
    expect(await statusOf(phone)).toBe(401)
    expect(await statusOf(user.token)).toBe(200)
    expect((await callApi(`profile/sessions/${phoneId}`, { method: 'DELETE', bearer: user.token })).status).toBe(404)
  })

  it('signs this device out when asked to revoke the current session', async () => {
    const user = await signedUpUser()
    const [current] = (await callApi<SessionItem[]>('profile/sessions', { bearer: user.token })).body.data!
    const { status, body } = await callApi(`profile/sessions/${current!.id}`, { method: 'DELETE', bearer: user.token, lang: 'en' })
    expect(status).toBe(200)
    expect(body.message).toBe('You have signed out.')
    expect(await statusOf(user.token)).toBe(401)
  })

  it('cannot touch another account’s session: 404, and that session lives on', async () => {
    const alice = await signedUpUser()
    const bob = await signedUpUser()
    const [bobs] = (await callApi<SessionItem[]>('profile/sessions', { bearer: bob.token })).body.data!
    const { status, body } = await callApi(`profile/sessions/${bobs!.id}`, { method: 'DELETE', bearer: alice.token, lang: 'en' })
    expect(status).toBe(404)
    expect(body.message).toBe('There is no such session on your account.')
    expect(await statusOf(bob.token)).toBe(200)
    // Nor can Alice see it.
    const alicesList = (await callApi<SessionItem[]>('profile/sessions', { bearer: alice.token })).body.data!
    expect(alicesList.map((s) => s.id)).not.toContain(bobs!.id)
  })

  it.each(['not-a-uuid', crypto.randomUUID(), '%00', "1' or '1'='1"])('answers 404 to the id %s', async (id) => {
    const user = await signedUpUser()
    expect((await callApi(`profile/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', bearer: user.token })).status).toBe(404)
  })

  it('needs a session', async () => {
    expect((await callApi('profile/sessions')).status).toBe(401)
    expect((await callApi(`profile/sessions/${crypto.randomUUID()}`, { method: 'DELETE' })).status).toBe(401)
  })
})

describe('DELETE profile', () => {
  it('needs the current password', async () => {
    const user = await signedUpUser()
    const missing = await callApi('profile', { method: 'DELETE', bearer: user.token, lang: 'en' })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ current_password: 'Please enter your current password.' })
    const wrong = await callApi('profile', { method: 'DELETE', bearer: user.token, body: { current_password: 'wrong guess' }, lang: 'en' })
    expect(wrong.body.errors).toEqual({ current_password: 'The current password is incorrect.' })
    expect(await stored(user.id)).toBeDefined()
  })

  it('deletes the account with its sessions, identities, code steps and photo', async () => {
    const user = await signedUpUser()
    const phone = await signIn(user.email)
    const url = (await upload(user.token, image(png(), 'a.png', 'image/png'))).body.data!.image!
    await sql()`insert into identities (provider, provider_id, user_id, email) values ('google', ${crypto.randomUUID()}, ${user.id}, ${user.email})`
    await callApi('profile/email', { bearer: user.token, body: { email: uniqueEmail('moved'), current_password: PASSWORD } })

    const { status, body } = await callApi('profile', { method: 'DELETE', bearer: user.token, body: { current_password: PASSWORD }, lang: 'en' })
    expect(status).toBe(200)
    expect(body.message).toBe('Your account has been deleted.')
    expect(await stored(user.id)).toBeUndefined()
    const [left] = await sql()<{ sessions: number; identities: number; challenges: number }[]>`
      select (select count(*)::int from sessions where user_id = ${user.id}) as sessions,
             (select count(*)::int from identities where user_id = ${user.id}) as identities,
             (select count(*)::int from otp_challenges where user_id = ${user.id}) as challenges`
    expect(left).toEqual({ sessions: 0, identities: 0, challenges: 0 })
    expect((await fetchPage(url)).status).toBe(404)
    expect(await statusOf(user.token)).toBe(401)
    expect(await statusOf(phone)).toBe(401)
    const login = await callApi('authentication/login-2', { body: { email: user.email, password: PASSWORD, captcha: await solvedCaptcha() } })
    expect(login.status).toBe(401)
    const [notice] = await mailTo(user.email)
    expect(notice!.subject).toBe(accountDeletedMail({ lang: 'ar', origin: ORIGIN }).subject)
  })

  it('deletes an account without a password when asked without a body', async () => {
    const user = await signedUpUser()
    await sql()`update users set password_hash = null where id = ${user.id}`
    expect((await callApi('profile', { method: 'DELETE', bearer: user.token })).status).toBe(200)
    expect(await stored(user.id)).toBeUndefined()
  })
})

describe('the order a call is judged in', () => {
  // Guards and validators are middleware in one order: who is calling, then what they sent.
  it('answers who is calling before what was sent, then the body type, then its JSON, then its fields', async () => {
    const user = await signedUpUser()
    const broken = { method: 'PATCH', rawBody: '{"name":' }
    expect((await callApi('profile', broken)).status).toBe(401)
    expect((await callApi('profile', { ...broken, bearer: user.token, contentType: 'text/plain' })).status).toBe(415)
    expect((await callApi('profile', { ...broken, bearer: user.token })).status).toBe(400)
    const fields = await callApi('profile', { method: 'PATCH', bearer: user.token, body: { theme: 'purple' }, lang: 'ar' })
    expect(fields.status).toBe(422)
    expect(Object.keys(fields.body.errors ?? {})).toEqual(['theme'])
    expect(fields.body.errors!.theme).toMatch(/[\u0600-\u06ff]/)
  })

  it('reads a body-less DELETE as no fields, and a JSON array as an object with none', async () => {
    const user = await signedUpUser()
    const asArray = await callApi('profile/password', { method: 'PUT', bearer: user.token, rawBody: '[1,2]' })
    expect(asArray.status).toBe(422)
    expect(Object.keys(asArray.body.errors ?? {})).toEqual(['password'])
    const unsent = await callApi('ratings', { method: 'DELETE', bearer: user.token })
    expect(unsent.status).toBe(422)
    expect(Object.keys(unsent.body.errors ?? {}).sort()).toEqual(['id', 'type'])
  })
})

describe('roleRequired', () => {
  // The reader-interactions issue guards editors' calls with it; here on a route of its own.
  const app = new Hono<AppEnv>()
    .use(database(openSharedDatabase))
    .use(async (c, next) => {
      c.set('lang', 'en')
      c.set('i18n', createI18n('en'))
      await next()
    })
    .get('/api/editor-only', roleRequired('editor'), (c) => c.json({ role: caller(c).role }))
  app.onError(onError)

  async function asRole(role: string | null) {
    const headers: Record<string, string> = {}
    if (role) {
      const user = await signedUpUser()
      await sql()`update users set role = ${role} where id = ${user.id}`
      headers.authorization = `Bearer ${user.token}`
    }
    const ctx = createExecutionContext()
    const res = await app.fetch(new Request(`${ORIGIN}/api/editor-only`, { headers }), env, ctx)
    await waitOnExecutionContext(ctx)
    return { status: res.status, body: (await res.json()) as { message?: string; role?: string } }
  }

  it('lets editors and admins through and says which role the user has', async () => {
    expect(await asRole('editor')).toEqual({ status: 200, body: { role: 'editor' } })
    expect(await asRole('admin')).toEqual({ status: 200, body: { role: 'admin' } })
  })

  it('refuses a reader with 403 and a guest with 401', async () => {
    expect(await asRole('reader')).toEqual({ status: 403, body: { status: 403, message: 'Your account is not allowed to do this.' } })
    expect((await asRole(null)).status).toBe(401)
  })

  it('shows the role in the profile', async () => {
    const user = await signedUpUser()
    await sql()`update users set role = 'editor' where id = ${user.id}`
    expect((await callApi<User>('profile', { bearer: user.token })).body.data!.role).toBe('editor')
  })
})

describe('malformed requests', () => {
  const BODIES: [string, string, string?][] = [
    ['not JSON at all', '{"name": '],
    ['a JSON array', '[1, 2, 3]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['fields of the wrong types', JSON.stringify({ name: 42, email: ['a'], mobile: true, theme: null, lang: 7, password: { x: 1 }, current_password: 5, code: 1e308 })],
    ['huge values', JSON.stringify({ name: 'n'.repeat(20_000), email: `${'e'.repeat(20_000)}@x.test`, current_password: 'p'.repeat(20_000), code: '1'.repeat(20_000) })],
    ['a NUL byte and lone surrogates', '{"name":"a\\u0000b","mobile":"\\ud800","password":"\\udfff\\udfff\\udfff\\udfff","email":"\\ud800@x.test"}'],
    ['form encoding', 'name=a&theme=dark', 'application/x-www-form-urlencoded'],
    ['a body over 64 KB', JSON.stringify({ name: 'x'.repeat(70_000) })],
  ]
  const CALLS: [string, string][] = [
    ['PATCH', 'profile'],
    ['PUT', 'profile/password'],
    ['POST', 'profile/email'],
    ['POST', 'profile/email/verify'],
    ['POST', 'profile/email/resend'],
    ['POST', 'profile/avatar'],
    ['DELETE', 'profile/avatar'],
    ['DELETE', `profile/sessions/${crypto.randomUUID()}`],
    ['DELETE', 'profile'],
  ]

  it.each(CALLS)('%s %s answers every malformed body with a 4xx envelope, never a 5xx', async (method, path) => {
    const user = await signedUpUser()
    for (const [label, rawBody, contentType] of BODIES) {
      const { status } = await callApi(path, { method, rawBody, contentType, bearer: user.token })
      expect(status, `${method} ${path}: ${label}`).toBeLessThan(500)
      // Removing the photo takes no body and ignores one; every other call refuses these.
      if (path !== 'profile/avatar' || method !== 'DELETE') expect(status, `${method} ${path}: ${label}`).toBeGreaterThanOrEqual(400)
    }
    expect(await stored(user.id)).toBeDefined()
  })
})
