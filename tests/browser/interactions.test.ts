// What a person does with the platform itself: switch language and theme, and meet the
// guards, with the toast island hydrating to tell them why they moved.
import { describe, expect } from 'vitest'
import { it, NOTIFICATIONS, toasts } from './fixtures.ts'

describe('the language switch', () => {
  it('opens the same page in English and remembers the choice for the next visit to /', async ({ openPage }) => {
    const { page } = await openPage()
    await page.goto('/ar/news')
    await page.getByRole('link', { name: 'English' }).click()
    await page.waitForURL('**/en/news')
    // The direction is set on <html> alone (the style guide's rule), so that is where it is read.
    expect(await page.getAttribute('html', 'dir')).toBe('ltr')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('News')
    await page.goto('/')
    expect(new URL(page.url()).pathname).toBe('/en')
  })
})

describe('the theme switch', () => {
  it('turns the dark theme on and off without JavaScript', async ({ openPage }) => {
    const { page } = await openPage()
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/en/matches')
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    const light = await background()
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click()
    await page.waitForURL('**/en/matches')
    // The choice is the data-theme attribute on <html>, which the styles key on.
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    expect(await background()).not.toBe(light)
    await page.getByRole('button', { name: 'Switch to the light theme' }).click()
    await page.waitForURL('**/en/matches')
    expect(await page.getAttribute('html', 'data-theme')).toBe('light')
    expect(await background()).toBe(light)
  })

  it('follows the system dark setting until the visitor chooses', async ({ openPage }) => {
    const { page } = await openPage()
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/ar')
    expect(await page.getAttribute('html', 'data-theme')).toBeNull()
    await expect(page.getByRole('button', { name: 'التبديل إلى الوضع الفاتح' }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('button', { name: 'التبديل إلى الوضع الداكن' }).isVisible()).resolves.toBe(false)
  })
})

describe('the auth guard', () => {
  it.for([
    ['ar', 'يرجى تسجيل الدخول لعرض تلك الصفحة.', 'left'],
    ['en', 'Please sign in to see that page.', 'right'],
  ] as const)('sends a guest from the profile to login in %s and says why in a toast', async ([lang, message, side], { openPage }) => {
    const { page } = await openPage()
    await page.goto(`/${lang}`)
    // Only the header's search island, until the guard's toast needs its own. Island markers
    // are markup with no role: the page's script finds them by data-island, and so does this.
    expect(await page.locator('[data-island]:not([data-island="search-modal"])').count()).toBe(0)
    await page.getByRole('link', { name: lang === 'ar' ? 'حسابي' : 'My account' }).click()
    await page.waitForURL(`**/${lang}/login?next=%2F${lang}%2Fprofile`)
    await toasts(page).filter({ hasText: message }).waitFor({ state: 'visible' })
    // Where the toasts stand is sonner's markup on their list: data-x-position, data-y-position.
    const toaster = page.getByRole('region', { name: NOTIFICATIONS[lang] }).getByRole('list')
    expect(await toaster.getAttribute('data-x-position')).toBe(side)
    expect(await toaster.getAttribute('data-y-position')).toBe('top')
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(await toasts(page).count()).toBe(0)
  })
})
