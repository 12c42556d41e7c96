// Islands hydrate when their strategy says, and only then fetch React and their chunk.
// The Toaster island (hydrate="load" on the site) is served here with its strategy
// rewritten in flight, so each strategy is exercised on a real island.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { baseUrl, it, toasts } from './fixtures.ts'

/**
 * Goes to the privacy policy (a page with no island of its own) with a queued toast, its
 * island set to `strategy`; the scripts it loads.
 */
async function goWithToast(page: Page, lang: 'ar' | 'en', strategy: string) {
  await page.context().addCookies([{ name: 'flash', value: 'info.alreadySignedIn', url: baseUrl() }])
  await page.route(`**/${lang}/privacy-policy`, async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace('data-hydrate="load"', `data-hydrate="${strategy}"`)
    await route.fulfill({ response, body })
  })
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto(`/${lang}/privacy-policy`)
  return scripts
}

describe('hydration strategies', () => {
  it('idle: hydrates without any interaction', async ({ openPage }) => {
    const { page } = await openPage()
    await goWithToast(page, 'en', 'idle')
    await toasts(page).waitFor({ state: 'visible', timeout: 5000 })
  })

  it('interaction: waits for the visitor, then hydrates', async ({ openPage }) => {
    const { page } = await openPage()
    const scripts = await goWithToast(page, 'en', 'interaction')
    await page.waitForTimeout(1500)
    expect(await toasts(page).count()).toBe(0)
    expect(scripts.some((s) => /hydrate-/.test(s))).toBe(false)
    // The island's marker is markup with no role, found as the page's own script finds it.
    await page.locator('[data-island="toaster"]').evaluate((marker) => marker.dispatchEvent(new FocusEvent('focusin', { bubbles: true })))
    await toasts(page).waitFor({ state: 'visible', timeout: 5000 })
    expect(scripts.some((s) => /hydrate-/.test(s))).toBe(true)
  })

  it('visible: waits until the island scrolls into view', async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 420 } })
    const scripts = await goWithToast(page, 'en', 'visible')
    await page.waitForTimeout(1500)
    expect(await toasts(page).count()).toBe(0)
    expect(scripts.some((s) => /hydrate-/.test(s))).toBe(false)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await toasts(page).waitFor({ state: 'visible', timeout: 5000 })
  })
})

describe('catalogs', () => {
  it.for([
    ['ar', 'أنت مسجَّل الدخول بالفعل.'],
    ['en', 'You are already signed in.'],
  ] as const)('an island on a %s page loads that language catalog and no other', async ([lang, message], { openPage }) => {
    const { page } = await openPage()
    const scripts = await goWithToast(page, lang, 'load')
    await toasts(page).filter({ hasText: message }).waitFor({ state: 'visible' })
    const catalogs = scripts.filter((s) => /\/messages-[\w-]+\.js$/.test(s))
    expect(catalogs).toHaveLength(1)
    const source = await (await fetch(baseUrl() + catalogs[0])).text()
    expect(source.includes('يرجى تسجيل الدخول')).toBe(lang === 'ar')
  })
})
