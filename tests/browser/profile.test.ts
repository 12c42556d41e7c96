// The profile in both languages, as a person uses it: an account made through the API (the
// code read from the dev outbox), then the profile page, where the name and the theme are
// changed (the page turns dark), a photo is uploaded and shown, the email is changed with
// the code typed into the boxes, another device is signed out, and finally this one.
// Screenshots of every screen at phone and desktop widths land in test-results/.
import { type Challenge, solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { png } from '../support/image-fixtures.ts'
import { baseUrl, expectAccessible, openPage, visitorAddress, withBrowser } from './browser.ts'

withBrowser()

type Lang = 'ar' | 'en'

const PASSWORD = 'a long enough passphrase'
const NAME = { ar: 'ليلى', en: 'Layla' }
const NEW_NAME = { ar: 'ليلى حسن', en: 'Layla Hassan' }
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

const uniqueEmail = (label: string) => `profile-${label}-${crypto.randomUUID().slice(0, 8)}@example.test`

/** A captcha answer as the invisible widget would post it, solved here. */
async function captcha(): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl()}/api/v1/captcha/challenge`)).json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }))
}

async function api<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...visitorAddress(), ...headers },
    body: JSON.stringify(body),
  })
  const answer = (await res.json()) as { status: number; data: T }
  expect(answer.status, path).toBe(200)
  return answer.data
}

/** The code in the newest of at least `count` mails to `email`, read as a developer would. */
async function mailedCode(email: string, count = 1): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = (await (await fetch(`${baseUrl()}/__dev/mail?to=${encodeURIComponent(email)}`)).json()) as { text: string }[]
    const code = mails.length >= count ? /\b(\d{6})\b/.exec(mails[0]!.text)?.[1] : undefined
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no code mailed to ${email}`)
}

/** A verified account made through the API, and the session token of its sign-up. */
async function signUp(lang: Lang) {
  const email = uniqueEmail(lang)
  const pending = await api<{ access_token: string }>(
    'authentication/register',
    { name: NAME[lang], email, password: PASSWORD, captcha: await captcha() },
    { 'accept-language': lang },
  )
  const session = await api<{ token: string }>('authentication/check-otp', { code: await mailedCode(email) }, { authorization: `Bearer ${pending.access_token}` })
  return { email, token: session.token }
}

/** The same account signed in from a phone: the other device of the sessions list. */
async function signInFromPhone(email: string): Promise<string> {
  return (await api<{ access_token: string }>('authentication/login-2', { email, password: PASSWORD, captcha: await captcha() }, { 'user-agent': PHONE })).access_token
}

async function successToast(page: Page) {
  await page.locator('[data-sonner-toast][data-type="success"]').first().waitFor({ state: 'visible' })
}

async function shoot(page: Page, name: string) {
  const width = page.viewportSize()!.width
  await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true })
}

describe.each(['ar', 'en'] as const)('the profile in %s', (lang) => {
  it('edits the details and the theme, uploads a photo, changes the email, ends another session and signs out', { timeout: 120_000 }, async () => {
    const { email, token } = await signUp(lang)
    const phone = await signInFromPhone(email)
    const { page } = await openPage({ width: 390, height: 844 })
    await page.context().addCookies([{ name: 'token', value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }])

    await page.goto(`/${lang}/profile`)
    expect(await page.locator('.profile-card bdi').first().textContent()).toBe(NAME[lang])
    expect(await page.locator('.profile-card img').getAttribute('src')).toBe('/images/placeholders/avatar.svg')
    await shoot(page, `profile-${lang}`)
    await expectAccessible(page)

    // The name and the theme: the page comes back dark, and stays so elsewhere.
    await page.locator('#auth-name').fill(NEW_NAME[lang])
    await page.locator('#auth-theme').selectOption('dark')
    await page.locator('#details button[type="submit"]').click()
    await successToast(page)
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark')
    expect(await page.locator('.profile-card bdi').first().textContent()).toBe(NEW_NAME[lang])
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(14, 21, 18)')
    await shoot(page, `profile-dark-${lang}`)
    await page.goto(`/${lang}`)
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark')

    // A photo: previewed once chosen, then shown on the profile.
    await page.goto(`/${lang}/profile`)
    await page.locator('#profile-avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png({ width: 48, height: 48 })) })
    await page.locator('.avatar-preview').waitFor()
    await page.locator('.avatar-form button[type="submit"]').click()
    await successToast(page)
    const photo = page.locator('.profile-card img')
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.png$/)
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48)

    // The email: a code to the new address, typed into the boxes.
    const newEmail = uniqueEmail(`${lang}-new`)
    await page.locator('#auth-email').fill(newEmail)
    await page.locator('#email-current-password').fill(PASSWORD)
    await page.locator('#email button[type="submit"]').click()
    await successToast(page)
    await page.locator('#email .otp-boxes input').first().waitFor()
    expect(await page.locator('#email .auth-intro bdi').textContent()).toBe(newEmail)
    await shoot(page, `profile-email-code-${lang}`)
    await expectAccessible(page)
    await page.locator('#email .otp-boxes input').first().click()
    await page.keyboard.type(await mailedCode(newEmail), { delay: 30 })
    await successToast(page)
    await expect.poll(() => page.locator('.profile-card bdi[dir="ltr"]').first().textContent()).toBe(newEmail)

    // The signed-in devices: this one marked, the phone signed out.
    await page.goto(`/${lang}/profile/sessions`)
    const sessions = page.locator('li.session')
    expect(await sessions.count()).toBe(2)
    expect(await page.locator('li.session[aria-current="true"] .badge').count()).toBe(1)
    expect(await page.locator('li.session:not([aria-current]) .session-device').textContent()).toContain('Safari')
    await shoot(page, `profile-sessions-${lang}`)
    await expectAccessible(page)
    await page.locator('li.session:not([aria-current]) button').click()
    await successToast(page)
    await expect.poll(() => sessions.count()).toBe(1)
    const me = await fetch(`${baseUrl()}/api/v1/authentication/me`, { headers: { authorization: `Bearer ${phone}` } })
    expect(me.status).toBe(401)

    // And this device: signed out, at the login page.
    await page.locator('.profile-menu form.sign-out button').click()
    await page.waitForURL(`**/${lang}/login`)
    await successToast(page)
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'token')).toBe(false)
  })

  it('lays the profile and the devices out on a wide screen', { timeout: 60_000 }, async () => {
    const { email, token } = await signUp(lang)
    await signInFromPhone(email)
    const { page } = await openPage({ width: 1280, height: 900 })
    await page.context().addCookies([{ name: 'token', value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }])
    await page.goto(`/${lang}/profile`)
    await shoot(page, `profile-${lang}`)
    await page.goto(`/${lang}/profile/sessions`)
    await shoot(page, `profile-sessions-${lang}`)
    await expectAccessible(page)
  })

  it('works without JavaScript: a refusal shows the error in place, and saving comes back to the profile', { timeout: 60_000 }, async () => {
    const { token } = await signUp(lang)
    const { page, errors } = await openPage({ width: 390, height: 844 }, undefined, { javaScriptEnabled: false })
    await page.context().addCookies([{ name: 'token', value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }])
    await page.goto(`/${lang}/profile`)
    await page.locator('#password-current-password').fill('not my password')
    await page.locator('#auth-password').fill('a brand new passphrase')
    await page.locator('#password button[type="submit"]').click()
    await page.locator('#password .field-error').waitFor()
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'])
    // The answer opens at the form's section, not at the top of the long page.
    expect(new URL(page.url()).hash).toBe('#password')
    expect(await page.locator('#password-title').evaluate((heading) => heading.getBoundingClientRect().top)).toBeLessThan(844)
    await shoot(page, `profile-password-error-${lang}-nojs`)
    await page.locator('#auth-name').fill(NEW_NAME[lang])
    await page.locator('#details button[type="submit"]').click()
    await page.waitForURL(`**/${lang}/profile#details`)
    expect(await page.locator('.profile-card bdi').first().textContent()).toBe(NEW_NAME[lang])
  })
})
