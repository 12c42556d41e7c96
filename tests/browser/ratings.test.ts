// Ratings and sharing as readers use them, in both languages. A guest who tries to rate is
// invited to sign in, signs in on the login page and lands back at the rating; then rates
// with a click on a star and with the keys, the rating outlives a reload, and is removed.
// The share links open a 626×436 popup and copy the link. Screenshots of the post and the
// player page at phone and desktop widths land in test-results/.
import { type Challenge, solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, expectAccessible, openPage, visitorAddress, withBrowser } from './browser.ts'

withBrowser()

type Lang = 'ar' | 'en'

const PASSWORD = 'a long enough passphrase'

/** A verified account with a password, made through the API as a reader's sign-up makes it. */
async function readerAccount(lang: Lang): Promise<string> {
  const email = `rater-${lang}-${crypto.randomUUID().slice(0, 8)}@example.test`
  const challenge = (await (await fetch(`${baseUrl()}/api/v1/captcha/challenge`)).json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  const captcha = btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }))
  const call = async (path: string, body: unknown, bearer?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...visitorAddress() }
    if (bearer) headers.authorization = `Bearer ${bearer}`
    const res = await fetch(`${baseUrl()}/api/v1/authentication/${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    expect(res.status, path).toBe(200)
    return ((await res.json()) as { data: { access_token: string } }).data
  }
  const pending = await call('register', { name: 'Rater', email, password: PASSWORD, captcha })
  let code: string | undefined
  for (let i = 0; i < 100 && !code; i++) {
    const mails = (await (await fetch(`${baseUrl()}/__dev/mail?to=${encodeURIComponent(email)}`)).json()) as { text: string }[]
    code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1]
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await call('check-otp', { code }, pending.access_token)
  return email
}

/** The newest post of the news section: the page a reader rates here. */
async function newestPost(page: Page, lang: Lang): Promise<string> {
  await page.goto(`/${lang}/news`)
  const path = await page.locator('.post-card a').first().getAttribute('href')
  return path!
}

/** The island has woken: the form has turned into the stars, and the server has said who reads. */
async function ratingReady(page: Page) {
  await page.locator('#rating').scrollIntoViewIfNeeded()
  await page.locator('#rating[data-reader] [role="slider"]').waitFor()
}

const slider = (page: Page) => page.locator('#rating [role="slider"]')

/** A click on star `n` (1-based), in its first half (a half star) or its second (a whole one). */
async function clickStar(page: Page, n: number, half: boolean, rtl: boolean) {
  const star = page.locator(`#rating [role="slider"] .star[data-star="${n}"]`)
  const box = (await star.boundingBox())!
  // The first half of a star is its inline start: the right in Arabic.
  const startX = rtl ? box.x + box.width : box.x
  const along = (half ? 0.25 : 0.75) * box.width
  await page.mouse.click(rtl ? startX - along : startX + along, box.y + box.height / 2)
}

/** The answer to the next rating saved, and its toast. */
async function saved(page: Page, act: () => Promise<void>) {
  const answer = page.waitForResponse((res) => res.url().includes('/ratings') && res.request().method() === 'POST')
  await act()
  expect((await answer).status()).toBe(200)
}

/** What the screen shows around `selector`, at the page's width. */
async function shoot(page: Page, name: string, selector = '#rating') {
  await page.locator(selector).evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await page.screenshot({ path: `test-results/${name}-${page.viewportSize()!.width}.png` })
}

describe.each(['ar', 'en'] as const)('ratings in %s', (lang) => {
  const rtl = lang === 'ar'

  it('invite a guest to sign in, bring them back, and take a click, the keys and a removal', { timeout: 120_000 }, async () => {
    const email = await readerAccount(lang)
    const { page } = await openPage({ width: 390, height: 844 })
    const post = await newestPost(page, lang)
    await page.goto(post)
    await ratingReady(page)
    await shoot(page, `rating-guest-${lang}`)
    await clickStar(page, 4, false, rtl)
    const invitation = page.locator('.rating-invite a')
    await invitation.waitFor()
    expect(await page.evaluate(() => document.activeElement?.closest('.rating-invite') !== null)).toBe(true)
    expect(await slider(page).getAttribute('aria-valuenow')).toBe('0')
    await invitation.click()

    await page.waitForURL(`**/${lang}/login?next=*`)
    await page.waitForFunction(() => customElements.get('altcha-widget') !== undefined)
    await page.locator('#auth-identifier').fill(email)
    await page.locator('#auth-password').fill(PASSWORD)
    await page.locator('button[value="password"]').click()
    await page.waitForURL((url) => url.pathname === new URL(post, baseUrl()).pathname && url.hash === '#rating')
    await ratingReady(page)
    // Other tests rate posts too; what counts is that this reader's rating is one more.
    const countText = () => page.evaluate(() => document.querySelector('.rating-count')?.textContent ?? null)
    const countBefore = await countText()

    await saved(page, () => clickStar(page, 4, false, rtl))
    await expect.poll(() => slider(page).getAttribute('aria-valuenow')).toBe('4')
    await saved(page, () => clickStar(page, 2, true, rtl))
    await expect.poll(() => slider(page).getAttribute('aria-valuenow')).toBe('1.5')
    await expect.poll(() => page.locator('.rating-own strong').textContent()).toBe('1.5')

    // The keys: one step up along the line (left in Arabic), then End and one step down.
    await slider(page).focus()
    await saved(page, () => page.keyboard.press(rtl ? 'ArrowLeft' : 'ArrowRight'))
    expect(await slider(page).getAttribute('aria-valuenow')).toBe('2')
    await saved(page, async () => {
      await page.keyboard.press('End')
      await page.keyboard.press('ArrowDown')
    })
    expect(await slider(page).getAttribute('aria-valuenow')).toBe('4.5')
    expect(await slider(page).getAttribute('aria-valuetext')).toMatch(/4\.5/)
    await expect.poll(countText).not.toBe(countBefore)
    await expectAccessible(page)
    await shoot(page, `rating-signed-in-${lang}`)

    await page.reload()
    await ratingReady(page)
    await expect.poll(() => slider(page).getAttribute('aria-valuenow')).toBe('4.5')
    expect(await page.locator('.rating-average-value').textContent()).toBe('4.5')

    await saved(page, () => page.locator('.rating-remove').click())
    await expect.poll(() => slider(page).getAttribute('aria-valuenow')).toBe('0')
    expect(await page.locator('.rating-own').count()).toBe(0)
  })

  it('rate a player with the minus and plus buttons', { timeout: 120_000 }, async () => {
    const email = await readerAccount(lang)
    const { page } = await openPage({ width: 1280, height: 900 })
    await page.goto(`/${lang}/login?next=${encodeURIComponent(`/${lang}/player/1`)}`)
    await page.waitForFunction(() => customElements.get('altcha-widget') !== undefined)
    await page.locator('#auth-identifier').fill(email)
    await page.locator('#auth-password').fill(PASSWORD)
    await page.locator('button[value="password"]').click()
    await page.waitForURL(`**/${lang}/player/1`)
    await ratingReady(page)
    await expect.poll(() => slider(page).getAttribute('aria-valuenow')).toBe('0')
    const [minus, plus] = [page.locator('.rating-step').first(), page.locator('.rating-step').last()]
    expect((await plus.boundingBox())!.width).toBe(24)
    expect((await page.locator('#rating [role="slider"] .star').first().boundingBox())!.width).toBe(32)
    await saved(page, async () => {
      await plus.click()
      await plus.click()
      await plus.click()
      await minus.click()
    })
    expect(await slider(page).getAttribute('aria-valuenow')).toBe('1')
    await expectAccessible(page)
    await shoot(page, `rating-player-${lang}`)
  })

  it('works without JavaScript: the form, and the way to sign in', { timeout: 60_000 }, async () => {
    const { page } = await openPage({ width: 390, height: 844 }, undefined, { javaScriptEnabled: false })
    await page.goto(`/${lang}/player/1#rating`)
    await page.screenshot({ path: `test-results/rating-no-js-${lang}-390.png` })
    expect(await page.locator('#rating select[name="value"] option').count()).toBe(11)
    await page.locator('#rating button[type="submit"]').click()
    await page.waitForURL(`**/${lang}/login?next=*`)
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/${lang}/player/1#rating`)
  })
})

describe.each(['ar', 'en'] as const)('the rating and share widgets in %s', (lang) => {
  it.each([390, 1280])('fit a post and a player page %dpx wide', { timeout: 60_000 }, async (width) => {
    const { page } = await openPage({ width, height: 844 })
    await page.goto(await newestPost(page, lang))
    await ratingReady(page)
    await shoot(page, `rating-post-${lang}`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.goto(`/${lang}/player/1`)
    await ratingReady(page)
    await shoot(page, `rating-player-page-${lang}`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  })
})

describe.each(['ar', 'en'] as const)('sharing in %s', (lang) => {
  it('opens a network in a 626×436 popup and copies the link', { timeout: 60_000 }, async () => {
    const { page } = await openPage({ width: 1280, height: 800 })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() })
    await page.addInitScript(() => {
      const opened: string[][] = []
      Object.assign(window, { opened })
      window.open = (...args: unknown[]) => {
        opened.push(args.map(String))
        return null
      }
    })
    const post = await newestPost(page, lang)
    await page.goto(post)
    await page.locator('.share').scrollIntoViewIfNeeded()
    await page.locator('.share-copy').waitFor()
    await page.locator('.share-x').click()
    const opened = await page.evaluate(() => (window as unknown as { opened: string[][] }).opened)
    expect(opened).toHaveLength(1)
    const [url, , features] = opened[0]!
    expect(new URL(url!).origin).toBe('https://x.com')
    expect(new URL(url!).searchParams.get('url')).toBe(new URL(post, baseUrl()).href)
    expect(features).toMatch(/^width=626,height=436,/)

    await page.locator('.share-copy').click()
    await page.locator('[data-sonner-toast][data-type="success"]').first().waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(post, baseUrl()).href)
    await expectAccessible(page)
    await shoot(page, `share-${lang}`, '.share')
  })
})
