// The profile in both languages, as a person uses it: an account made through the API (the
// code read from the dev outbox), then the profile page, where the name and the theme are
// changed (the page turns dark), a photo is uploaded and shown, the email is changed with
// the code typed into the boxes, another device is signed out, and finally this one.
// With SCREENSHOTS=1, screenshots of every screen at phone and desktop widths land in test-results/.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { png } from '../support/image-fixtures.ts'
import { baseUrl, codeGroup, expectAccessible, it, mailedCode, shoot, signInElsewhere, successToast, typeCode, uniqueEmail } from './fixtures.ts'

const NEW_NAME = { ar: 'ليلى حسن', en: 'Layla Hassan' }
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

const COPY = {
  ar: {
    details: 'بياناتك',
    name: 'الاسم',
    theme: 'المظهر',
    dark: 'داكن',
    save: 'حفظ التغييرات',
    photo: 'الصورة',
    choosePhoto: 'اختر صورة',
    chosenPhoto: 'الصورة التي اخترتها',
    upload: 'رفع الصورة',
    yourPhoto: 'صورتك',
    email: 'عنوان البريد الإلكتروني',
    newEmail: 'عنوان البريد الإلكتروني الجديد',
    currentPassword: 'كلمة المرور الحالية',
    sendCode: 'أرسل رمزًا إلى العنوان الجديد',
    password: 'كلمة المرور',
    newPassword: 'كلمة المرور الجديدة',
    changePassword: 'تغيير كلمة المرور',
    wrongPassword: 'كلمة المرور الحالية غير صحيحة.',
    account: 'الحساب',
    thisDevice: 'هذا الجهاز',
    signOut: 'تسجيل الخروج',
  },
  en: {
    details: 'Your details',
    name: 'Name',
    theme: 'Theme',
    dark: 'Dark',
    save: 'Save changes',
    photo: 'Photo',
    choosePhoto: 'Choose a photo',
    chosenPhoto: 'The photo you chose',
    upload: 'Upload photo',
    yourPhoto: 'Your photo',
    email: 'Email address',
    newEmail: 'New email address',
    currentPassword: 'Current password',
    sendCode: 'Send a code to the new address',
    password: 'Password',
    newPassword: 'New password',
    changePassword: 'Change password',
    wrongPassword: 'The current password is incorrect.',
    account: 'Account',
    thisDevice: 'This device',
    signOut: 'Sign out',
  },
}

/** One of the profile's forms, named by its section's heading. */
const form = (page: Page, name: string) => page.getByRole('form', { name, exact: true })

/** The name at the top of the profile: the summary's first entry, isolated in a <bdi> as a name in either script must be. */
const shownName = (page: Page) => page.getByRole('definition').first().locator('bdi')

/** Whether the root element carries the dark theme: the attribute the styles key on. */
const theme = (page: Page) => page.locator('html').getAttribute('data-theme')

describe.each(['ar', 'en'] as const)('the profile in %s', (lang) => {
  const copy = COPY[lang]

  it('edits the details and the theme, uploads a photo, changes the email, ends another session and signs out', { timeout: 120_000 }, async ({ signedIn }) => {
    const { page, account } = await signedIn(lang, { viewport: { width: 390, height: 844 } })
    const phone = await signInElsewhere(account, PHONE)

    await page.goto(`/${lang}/profile`)
    expect(await shownName(page).textContent()).toBe(account.name)
    // No photo yet: the placeholder, decorative (alt=""), so it has no role but presentation.
    expect(await page.getByRole('main').getByRole('presentation').getAttribute('src')).toBe('/images/placeholders/avatar.svg')
    expect(await page.getByRole('img', { name: copy.yourPhoto }).count()).toBe(0)
    await shoot(page, `profile-${lang}`)
    await expectAccessible(page)

    // The name and the theme: the page comes back dark, and stays so elsewhere.
    const details = form(page, copy.details)
    await details.getByLabel(copy.name, { exact: true }).fill(NEW_NAME[lang])
    await details.getByLabel(copy.theme, { exact: true }).selectOption({ label: copy.dark })
    await details.getByRole('button', { name: copy.save }).click()
    await successToast(page)
    await expect.poll(() => theme(page)).toBe('dark')
    expect(await shownName(page).textContent()).toBe(NEW_NAME[lang])
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(14, 21, 18)')
    await shoot(page, `profile-dark-${lang}`)
    await page.goto(`/${lang}`)
    expect(await theme(page)).toBe('dark')

    // A photo: previewed once chosen, then shown on the profile.
    await page.goto(`/${lang}/profile`)
    const photoForm = form(page, copy.photo)
    // The pointer on the field is the reader's first touch, which wakes the form's island.
    await photoForm.getByLabel(copy.choosePhoto).hover()
    await photoForm.getByLabel(copy.choosePhoto).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png({ width: 48, height: 48 })) })
    await photoForm.getByRole('img', { name: copy.chosenPhoto }).waitFor()
    await photoForm.getByRole('button', { name: copy.upload }).click()
    await successToast(page)
    const photo = page.getByRole('img', { name: copy.yourPhoto, exact: true })
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.png$/)
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48)

    // The email: a code to the new address, typed into the boxes.
    const newEmail = uniqueEmail(`profile-${lang}-new`)
    const emailForm = form(page, copy.email)
    await emailForm.getByLabel(copy.newEmail).fill(newEmail)
    await emailForm.getByLabel(copy.currentPassword).fill(account.password)
    await emailForm.getByRole('button', { name: copy.sendCode }).click()
    await successToast(page)
    await codeGroup(page, lang).getByRole('textbox').first().waitFor()
    const emailSection = page.getByRole('region', { name: copy.email, exact: true })
    // The new address is isolated in a <bdi>, so an Arabic sentence keeps it whole and in order.
    expect(await emailSection.getByText(newEmail, { exact: true }).evaluate((element) => element.localName)).toBe('bdi')
    await shoot(page, `profile-email-code-${lang}`)
    await expectAccessible(page)
    await typeCode(page, lang, await mailedCode(newEmail))
    account.email = newEmail
    await successToast(page)
    const shownEmail = page.getByRole('definition').getByText(newEmail, { exact: true })
    await expect.poll(() => shownEmail.count()).toBe(1)
    // An address reads left to right in both languages.
    expect(await shownEmail.getAttribute('dir')).toBe('ltr')

    // The signed-in devices: this one marked, the phone signed out.
    await page.goto(`/${lang}/profile/sessions`)
    const sessions = page.getByRole('main').getByRole('listitem')
    expect(await sessions.count()).toBe(2)
    const thisDevice = sessions.filter({ has: page.getByText(copy.thisDevice, { exact: true }) })
    expect(await thisDevice.count()).toBe(1)
    expect(await thisDevice.getAttribute('aria-current')).toBe('true')
    const otherDevice = sessions.filter({ hasNot: page.getByText(copy.thisDevice, { exact: true }) })
    expect(await otherDevice.getAttribute('aria-current')).toBeNull()
    expect(await otherDevice.textContent()).toContain('Safari')
    await shoot(page, `profile-sessions-${lang}`)
    await expectAccessible(page)
    await otherDevice.getByRole('button').click()
    await successToast(page)
    await expect.poll(() => sessions.count()).toBe(1)
    const me = await fetch(`${baseUrl()}/api/v1/authentication/me`, { headers: { authorization: `Bearer ${phone}` } })
    expect(me.status).toBe(401)

    // And this device: signed out, at the login page.
    await page.getByRole('navigation', { name: copy.account }).getByRole('button', { name: copy.signOut, exact: true }).click()
    await page.waitForURL(`**/${lang}/login`)
    await successToast(page)
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'token')).toBe(false)
  })

  it('lays the profile and the devices out on a wide screen', { timeout: 60_000 }, async ({ signedIn }) => {
    const { page, account } = await signedIn(lang, { viewport: { width: 1280, height: 900 } })
    await signInElsewhere(account, PHONE)
    await page.goto(`/${lang}/profile`)
    await shoot(page, `profile-${lang}`)
    await page.goto(`/${lang}/profile/sessions`)
    await shoot(page, `profile-sessions-${lang}`)
    await expectAccessible(page)
  })

  it('works without JavaScript: a refusal shows the error in place, and saving comes back to the profile', { timeout: 60_000 }, async ({ signedIn }) => {
    const { page, errors } = await signedIn(lang, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
    await page.goto(`/${lang}/profile`)
    const passwordForm = form(page, copy.password)
    await passwordForm.getByLabel(copy.currentPassword).fill('not my password')
    await passwordForm.getByLabel(copy.newPassword).fill('a brand new passphrase')
    await passwordForm.getByRole('button', { name: copy.changePassword }).click()
    await form(page, copy.password).getByText(copy.wrongPassword, { exact: true }).waitFor()
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'])
    // The answer opens at the form's section, not at the top of the long page.
    expect(new URL(page.url()).hash).toBe('#password')
    const heading = page.getByRole('heading', { name: copy.password, exact: true, level: 2 })
    // The browser scrolls to the fragment as the page loads, and again once its fonts settle the layout.
    await expect.poll(() => heading.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(844)
    await shoot(page, `profile-password-error-${lang}-nojs`)
    await form(page, copy.details).getByLabel(copy.name, { exact: true }).fill(NEW_NAME[lang])
    await form(page, copy.details).getByRole('button', { name: copy.save }).click()
    await page.waitForURL(`**/${lang}/profile#details`)
    expect(await shownName(page).textContent()).toBe(NEW_NAME[lang])
  })
})
