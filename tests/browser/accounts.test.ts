// A visitor's account from start to finish, in both languages: sign up, confirm with the
// code from the mail (typed into the boxes), sign out, sign in with the password, reset it,
// sign in with the new one, then with a code by email. Codes come from the dev outbox. A
// second run does sign-up and sign-in with JavaScript turned off.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import {
  captchaReady,
  CODE_LABEL,
  codeGroup,
  expectAccessible,
  it,
  type Lang,
  mailedCode,
  shoot,
  SIGN_IN,
  signInWithPassword,
  spamQuestion,
  successToast,
  typeCode,
} from './fixtures.ts'

const NEW_PASSWORD = 'an even longer passphrase'

const COPY = {
  ar: {
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    newPassword: 'كلمة المرور الجديدة',
    createAccount: 'إنشاء الحساب',
    confirm: 'تأكيد',
    resend: 'أرسل رمزًا جديدًا بعد',
    sendResetCode: 'أرسلوا إليّ رمزًا',
    signInCode: 'أرسلوا إليّ رمز دخول بالبريد بدلًا من ذلك',
    signOut: 'تسجيل الخروج',
    wrongCode: 'الرمز غير صحيح. المحاولات المتبقية: 4.',
    wrongPassword: 'بيانات الدخول غير صحيحة',
  },
  en: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    newPassword: 'New password',
    createAccount: 'Create account',
    confirm: 'Confirm',
    resend: 'Send a new code in',
    sendResetCode: 'Send me a code',
    signInCode: 'Email me a sign-in code instead',
    signOut: 'Sign out',
    wrongCode: 'The code is incorrect. Attempts remaining: 4.',
    wrongPassword: 'Invalid credentials',
  },
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

async function signOut(page: Page, lang: Lang) {
  await page.goto(`/${lang}/profile/sessions`)
  await button(page, COPY[lang].signOut).click()
  await page.waitForURL(`**/${lang}/login`)
  await successToast(page)
}

describe.each(['ar', 'en'] as const)('an account in %s', (lang) => {
  const copy = COPY[lang]

  it('is made, signed into every way, and its password reset', { timeout: 180_000 }, async ({ openPage, accounts }) => {
    const { page, errors } = await openPage({ viewport: { width: 390, height: 844 } })
    const account = accounts.fresh(lang, lang === 'ar' ? 'سامي' : 'Sami')

    await page.goto(`/${lang}/sign-up`)
    await captchaReady(page)
    await shoot(page, `accounts-sign-up-${lang}`)
    await expectAccessible(page)
    await field(page, copy.name).fill(account.name)
    await field(page, copy.email).fill(account.email)
    await field(page, copy.password).fill(account.password)
    await button(page, copy.createAccount).click()

    // The code step (isOtpSent): boxes instead of the plain field, and the resend countdown.
    await page.waitForURL(`**/${lang}/login/code`)
    await successToast(page)
    await codeGroup(page, lang).getByRole('textbox').first().waitFor()
    const resend = page.getByRole('button', { name: copy.resend })
    await expect.poll(() => resend.textContent()).toMatch(/00:(5\d|60)/)
    expect(await resend.isDisabled()).toBe(true)
    // The address is isolated in a <bdi>, so an Arabic sentence keeps it whole and in order.
    const address = page.getByRole('main').getByText(account.email, { exact: true })
    expect(await address.evaluate((element) => element.localName)).toBe('bdi')
    await shoot(page, `accounts-code-${lang}`)
    await expectAccessible(page)

    // A wrong code: the message in place, tied to the boxes, and the boxes cleared for another try.
    await typeCode(page, lang, '000000')
    const wrongCode = page.getByText(copy.wrongCode, { exact: true })
    await wrongCode.waitFor()
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'])
    expect(await codeGroup(page, lang).getAttribute('aria-describedby')).toContain(await wrongCode.getAttribute('id'))
    await shoot(page, `accounts-code-error-${lang}`)

    await typeCode(page, lang, await mailedCode(account.email, 1))
    await page.waitForURL(`**/${lang}`)
    await successToast(page)
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    expect(await page.evaluate(() => document.cookie)).not.toContain('token=')

    await signOut(page, lang)
    expect((await page.context().cookies()).some((c) => c.name === 'token')).toBe(false)

    // A wrong password: the server's message above the fields, then the right one.
    await page.goto(`/${lang}/login`)
    await signInWithPassword(page, lang, { email: account.email, password: 'not the passphrase' })
    const refusal = page.getByRole('alert')
    await refusal.waitFor()
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)'])
    expect(await refusal.textContent()).toBe(copy.wrongPassword)
    await shoot(page, `accounts-login-error-${lang}`)
    // The address stays in its field: only the password is typed again.
    await field(page, SIGN_IN[lang].password).fill(account.password)
    await button(page, SIGN_IN[lang].submit).click()
    await page.waitForURL(`**/${lang}`)
    await successToast(page)
    await signOut(page, lang)

    // Reset: the address, then the code (the focus moves on to the new password) and the new password.
    await page.goto(`/${lang}/rest-password`)
    await captchaReady(page)
    await field(page, copy.email).fill(account.email)
    await button(page, copy.sendResetCode).click()
    await page.waitForURL(`**/${lang}/rest-password/code`)
    await codeGroup(page, lang).getByRole('textbox').first().waitFor()
    await shoot(page, `accounts-reset-code-${lang}`)
    await typeCode(page, lang, await mailedCode(account.email, 2))
    const newPassword = field(page, copy.newPassword)
    await expect.poll(() => newPassword.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.type(NEW_PASSWORD)
    await page.keyboard.press('Enter')
    account.password = NEW_PASSWORD
    await page.waitForURL(`**/${lang}/login`)
    await successToast(page)

    await page.goto(`/${lang}/login`)
    await signInWithPassword(page, lang, account)
    await page.waitForURL(`**/${lang}`)
    await signOut(page, lang)

    // A code by email instead of the password.
    await captchaReady(page)
    await field(page, SIGN_IN[lang].identifier).fill(account.email)
    await button(page, copy.signInCode).click()
    await page.waitForURL(`**/${lang}/login/code`)
    await codeGroup(page, lang).getByRole('textbox').first().waitFor()
    await typeCode(page, lang, await mailedCode(account.email, 3))
    await page.waitForURL(`**/${lang}`)
    await successToast(page)
  })

  it('lays the forms out on a wide screen', async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 1280, height: 900 } })
    for (const path of ['login', 'sign-up', 'rest-password']) {
      await page.goto(`/${lang}/${path}`)
      await shoot(page, `accounts-${path}-${lang}`)
    }
    await expectAccessible(page)
  })
})

describe('an account without JavaScript', () => {
  it.for(['ar', 'en'] as const)('signs up with the plain code field and signs in again in %s', async (lang, { openPage, accounts }) => {
    const copy = COPY[lang]
    const { page } = await openPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
    const account = accounts.fresh(lang, lang === 'ar' ? 'سامي' : 'Sami')
    await page.goto(`/${lang}/sign-up`)
    await field(page, copy.name).fill(account.name)
    await field(page, copy.email).fill(account.email)
    await field(page, copy.password).fill(account.password)
    const question = await spamQuestion(page)
    await question.field.fill(question.answer)
    await button(page, copy.createAccount).click()
    await page.waitForURL(`**/${lang}/login/code`)
    await shoot(page, `accounts-code-${lang}-nojs`)
    await field(page, CODE_LABEL[lang]).fill(await mailedCode(account.email, 1))
    await button(page, copy.confirm).click()
    await page.waitForURL(`**/${lang}`)

    await page.goto(`/${lang}/profile/sessions`)
    await button(page, copy.signOut).click()
    await page.waitForURL(`**/${lang}/login`)

    await field(page, SIGN_IN[lang].identifier).fill(account.email)
    await field(page, SIGN_IN[lang].password).fill(account.password)
    const again = await spamQuestion(page)
    await again.field.fill(again.answer)
    await button(page, SIGN_IN[lang].submit).click()
    await page.waitForURL(`**/${lang}`)
    expect((await page.context().cookies()).some((c) => c.name === 'token')).toBe(true)
  })
})
