// A visitor's account from start to finish, in both languages: sign up, confirm with the
// code from the mail (typed into the boxes), sign out, sign in with the password, reset it,
// sign in with the new one, then with a code by email. Codes come from the dev outbox. A
// second run does sign-up and sign-in with JavaScript turned off.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, expectAccessible, openPage, withBrowser } from './browser.ts'

withBrowser()

type Lang = 'ar' | 'en'

const NAME = { ar: 'سامي', en: 'Sami' }
const PASSWORD = 'a long enough passphrase'
const NEW_PASSWORD = 'an even longer passphrase'

function uniqueEmail(lang: Lang): string {
  return `browser-${lang}-${crypto.randomUUID().slice(0, 8)}@example.test`
}

/** The code in the newest of at least `count` mails to `email`, read as a developer would. */
async function mailedCode(email: string, count: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${baseUrl()}/__dev/mail?to=${encodeURIComponent(email)}`)
    const mails = (await res.json()) as { text: string }[]
    const code = mails.length >= count ? /\b(\d{6})\b/.exec(mails[0]!.text)?.[1] : undefined
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no code mailed to ${email}`)
}

/** A success toast has appeared (the flash toast of the page we arrived at). */
async function successToast(page: Page) {
  await page.locator('[data-sonner-toast][data-type="success"]').first().waitFor({ state: 'visible' })
}

/** The first box has the focus once clicked; typing the code fills the rest and submits. */
async function typeCode(page: Page, code: string) {
  const boxes = page.locator('.otp-boxes input')
  expect(await boxes.count()).toBe(6)
  expect(await page.locator('.otp-boxes').getAttribute('dir')).toBe('ltr')
  await boxes.first().click()
  await page.keyboard.type(code, { delay: 30 })
}

/**
 * The captcha widget has loaded. The form island holds a submission until it has, but a
 * click that comes before the island itself wakes would post without it.
 */
async function captchaReady(page: Page) {
  await page.waitForFunction(() => customElements.get('altcha-widget') !== undefined)
}

async function signOut(page: Page, lang: Lang) {
  await page.goto(`/${lang}/profile/sessions`)
  await page.locator('form.sign-out button').click()
  await page.waitForURL(`**/${lang}/login`)
  await successToast(page)
}

async function signInWithPassword(page: Page, lang: Lang, email: string, password: string) {
  await page.goto(`/${lang}/login`)
  await captchaReady(page)
  await page.locator('#auth-identifier').fill(email)
  await page.locator('#auth-password').fill(password)
  await page.locator('button[value="password"]').click()
}

describe.each(['ar', 'en'] as const)('an account in %s', (lang) => {
  it('is made, signed into every way, and its password reset', { timeout: 180_000 }, async () => {
    const { page, errors } = await openPage({ width: 390, height: 844 })
    const email = uniqueEmail(lang)

    await page.goto(`/${lang}/sign-up`)
    await captchaReady(page)
    await page.screenshot({ path: `test-results/accounts-sign-up-${lang}-390.png`, fullPage: true })
    await expectAccessible(page)
    await page.locator('#auth-name').fill(NAME[lang])
    await page.locator('#auth-email').fill(email)
    await page.locator('#auth-password').fill(PASSWORD)
    await page.locator('form.auth-form button[type="submit"]').click()

    // The code step (isOtpSent): boxes instead of the plain field, and the resend countdown.
    await page.waitForURL(`**/${lang}/login/code`)
    await successToast(page)
    await page.locator('.otp-boxes input').first().waitFor()
    const resend = page.locator('form.auth-resend button')
    await expect.poll(() => resend.textContent()).toMatch(/00:(5\d|60)/)
    expect(await resend.isDisabled()).toBe(true)
    expect(await page.locator('.auth-intro bdi').textContent()).toBe(email)
    await page.screenshot({ path: `test-results/accounts-code-${lang}-390.png`, fullPage: true })
    await expectAccessible(page)

    // A wrong code: the message in place, the boxes cleared for another try.
    await typeCode(page, '000000')
    await page.locator('.field-error').waitFor()
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'])
    expect(await page.locator('.field-error').textContent()).toBe(lang === 'ar' ? 'الرمز غير صحيح. المحاولات المتبقية: 4.' : 'The code is incorrect. Attempts remaining: 4.')
    await page.screenshot({ path: `test-results/accounts-code-error-${lang}-390.png`, fullPage: true })

    await typeCode(page, await mailedCode(email, 1))
    await page.waitForURL(`**/${lang}`)
    await successToast(page)
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    expect(await page.evaluate(() => document.cookie)).not.toContain('token=')

    await signOut(page, lang)
    expect((await page.context().cookies()).some((c) => c.name === 'token')).toBe(false)

    // A wrong password: the server's message above the fields, then the right one.
    await signInWithPassword(page, lang, email, 'not the passphrase')
    await page.locator('.form-errors').waitFor()
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)'])
    expect(await page.locator('.form-errors').textContent()).toBe(lang === 'ar' ? 'بيانات الدخول غير صحيحة' : 'Invalid credentials')
    await page.screenshot({ path: `test-results/accounts-login-error-${lang}-390.png`, fullPage: true })
    await page.locator('#auth-password').fill(PASSWORD)
    await page.locator('button[value="password"]').click()
    await page.waitForURL(`**/${lang}`)
    await successToast(page)
    await signOut(page, lang)

    // Reset: the address, then the code (the focus moves on to the new password) and the new password.
    await page.goto(`/${lang}/rest-password`)
    await captchaReady(page)
    await page.locator('#auth-email').fill(email)
    await page.locator('form.auth-form button[type="submit"]').click()
    await page.waitForURL(`**/${lang}/rest-password/code`)
    await page.locator('.otp-boxes input').first().waitFor()
    await page.screenshot({ path: `test-results/accounts-reset-code-${lang}-390.png`, fullPage: true })
    await typeCode(page, await mailedCode(email, 2))
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('auth-password')
    await page.keyboard.type(NEW_PASSWORD)
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/${lang}/login`)
    await successToast(page)

    await signInWithPassword(page, lang, email, NEW_PASSWORD)
    await page.waitForURL(`**/${lang}`)
    await signOut(page, lang)

    // A code by email instead of the password.
    await captchaReady(page)
    await page.locator('#auth-identifier').fill(email)
    await page.locator('button[value="code"]').click()
    await page.waitForURL(`**/${lang}/login/code`)
    await page.locator('.otp-boxes input').first().waitFor()
    await typeCode(page, await mailedCode(email, 3))
    await page.waitForURL(`**/${lang}`)
    await successToast(page)
  })

  it('lays the forms out on a wide screen', async () => {
    const { page } = await openPage({ width: 1280, height: 900 })
    for (const path of ['login', 'sign-up', 'rest-password']) {
      await page.goto(`/${lang}/${path}`)
      await page.screenshot({ path: `test-results/accounts-${path}-${lang}-1280.png`, fullPage: true })
    }
    await expectAccessible(page)
  })
})

describe('an account without JavaScript', () => {
  /** The spam question's answer, read from its label ("… what is 3 + 4?"). */
  async function answerQuestion(page: Page) {
    const [, a, b] = /(\d) \+ (\d)/.exec((await page.locator('label[for="captcha-answer"]').textContent()) ?? '') ?? []
    await page.locator('#captcha-answer').fill(String(Number(a) + Number(b)))
  }

  it.each(['ar', 'en'] as const)('signs up with the plain code field and signs in again in %s', async (lang) => {
    const { page } = await openPage({ width: 390, height: 844 }, undefined, { javaScriptEnabled: false })
    const email = uniqueEmail(lang)
    await page.goto(`/${lang}/sign-up`)
    await page.locator('#auth-name').fill(NAME[lang])
    await page.locator('#auth-email').fill(email)
    await page.locator('#auth-password').fill(PASSWORD)
    await answerQuestion(page)
    await page.locator('form.auth-form button[type="submit"]').click()
    await page.waitForURL(`**/${lang}/login/code`)
    await page.screenshot({ path: `test-results/accounts-code-${lang}-390-nojs.png`, fullPage: true })
    await page.locator('#auth-code').fill(await mailedCode(email, 1))
    await page.locator('form.auth-form button[type="submit"]').click()
    await page.waitForURL(`**/${lang}`)

    await page.goto(`/${lang}/profile/sessions`)
    await page.locator('form.sign-out button').click()
    await page.waitForURL(`**/${lang}/login`)

    await page.locator('#auth-identifier').fill(email)
    await page.locator('#auth-password').fill(PASSWORD)
    await answerQuestion(page)
    await page.locator('button[value="password"]').click()
    await page.waitForURL(`**/${lang}`)
    expect((await page.context().cookies()).some((c) => c.name === 'token')).toBe(true)
  })
})
