// Ratings and sharing as readers use them, in both languages. A guest who tries to rate is
// invited to sign in, signs in on the login page and lands back at the rating; then rates
// with a click on a star and with the keys, the rating outlives a reload, and is removed.
// The share links open a 626×436 popup and copy the link. Screenshots of the post and the
// player page at phone and desktop widths land in test-results/ with SCREENSHOTS=1.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { baseUrl, expectAccessible, it, type Lang, shoot, signInWithPassword, successToast } from './fixtures.ts'

const COPY = {
  ar: {
    post: 'قيّم هذا المنشور',
    player: 'قيّم هذا اللاعب',
    yourRating: 'تقييمك',
    lower: 'خفّض تقييمي',
    raise: 'ارفع تقييمي',
    remove: 'أزل تقييمي',
    invitation: 'سجّل الدخول لتقيّم',
    rate: 'قيّم',
    share: 'شارك',
    copyLink: 'انسخ الرابط',
  },
  en: {
    post: 'Rate this post',
    player: 'Rate this player',
    yourRating: 'Your rating',
    lower: 'Lower my rating',
    raise: 'Raise my rating',
    remove: 'Remove my rating',
    invitation: 'Sign in to rate',
    rate: 'Rate',
    share: 'Share',
    copyLink: 'Copy link',
  },
}

type Rated = 'post' | 'player'

/** The rating section of a post or a player page. */
const rating = (page: Page, lang: Lang, of: Rated) => page.getByRole('region', { name: COPY[lang][of], exact: true })
const slider = (page: Page, lang: Lang, of: Rated) => rating(page, lang, of).getByRole('slider', { name: COPY[lang].yourRating })

/** The newest post of the news section: the page a reader rates here. */
async function newestPost(page: Page, lang: Lang): Promise<string> {
  await page.goto(`/${lang}/news`)
  const path = await page.getByRole('main').getByRole('article').first().getByRole('link').first().getAttribute('href')
  return path!
}

/** The reader touches the rating, which wakes it: the form turns into the stars, and the server says who reads. */
async function ratingReady(page: Page, lang: Lang, of: Rated) {
  await rating(page, lang, of).scrollIntoViewIfNeeded()
  await rating(page, lang, of).hover()
  await slider(page, lang, of).waitFor()
  // Who reads (a guest or a signed-in reader) is the island's state, which it keeps in data-reader.
  await expect.poll(() => rating(page, lang, of).getAttribute('data-reader')).not.toBeNull()
}

/** A click on star `n` (1-based), in its first half (a half star) or its second (a whole one). */
async function clickStar(page: Page, lang: Lang, n: number, half: boolean) {
  // The stars are drawn, not named: the pointer lands on one by where it is on the slider.
  const box = (await slider(page, lang, 'post').locator(`[data-star="${n}"]`).boundingBox())!
  // The first half of a star is its inline start: the right in Arabic.
  const rtl = lang === 'ar'
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

describe.each(['ar', 'en'] as const)('ratings in %s', (lang) => {
  const copy = COPY[lang]

  it('invite a guest to sign in, bring them back, and take a click, the keys and a removal', { timeout: 120_000 }, async ({ openPage, accounts }) => {
    const account = await accounts.signUp(lang, 'Rater')
    const { page } = await openPage({ viewport: { width: 390, height: 844 } })
    const post = await newestPost(page, lang)
    const stars = slider(page, lang, 'post')
    await page.goto(post)
    await ratingReady(page, lang, 'post')
    await shoot(page, `rating-guest-${lang}`, { around: rating(page, lang, 'post') })
    await clickStar(page, lang, 4, false)
    const invitation = rating(page, lang, 'post').getByRole('link', { name: copy.invitation })
    await invitation.waitFor()
    expect(await invitation.evaluate((link) => link === document.activeElement)).toBe(true)
    expect(await stars.getAttribute('aria-valuenow')).toBe('0')
    await invitation.click()

    await page.waitForURL(`**/${lang}/login?next=*`)
    await signInWithPassword(page, lang, account)
    await page.waitForURL((url) => url.pathname === new URL(post, baseUrl()).pathname && url.hash === '#rating')
    await ratingReady(page, lang, 'post')
    // The summary reads "4.5 · 2 ratings" (the average, then the count), or "No ratings yet".
    const summary = rating(page, lang, 'post').getByRole('paragraph').filter({ has: page.getByRole('img') })
    const summaryPart = async (part: 0 | 1) => (await summary.textContent())!.split(' · ')[part] ?? null
    // Other tests rate posts too; what counts is that this reader's rating is one more.
    const countText = () => summaryPart(1)
    const countBefore = await countText()

    await saved(page, () => clickStar(page, lang, 4, false))
    await expect.poll(() => stars.getAttribute('aria-valuenow')).toBe('4')
    await saved(page, () => clickStar(page, lang, 2, true))
    await expect.poll(() => stars.getAttribute('aria-valuenow')).toBe('1.5')
    const own = rating(page, lang, 'post').getByRole('paragraph').filter({ hasText: `${copy.yourRating}:` })
    await expect.poll(() => own.textContent()).toBe(`${copy.yourRating}: 1.5 ${copy.remove}`)

    // The keys: one step up along the line (left in Arabic), then End and one step down.
    await stars.focus()
    await saved(page, () => page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight'))
    expect(await stars.getAttribute('aria-valuenow')).toBe('2')
    await saved(page, async () => {
      await page.keyboard.press('End')
      await page.keyboard.press('ArrowDown')
    })
    expect(await stars.getAttribute('aria-valuenow')).toBe('4.5')
    expect(await stars.getAttribute('aria-valuetext')).toMatch(/4\.5/)
    await expect.poll(countText).not.toBe(countBefore)
    await expectAccessible(page)
    await shoot(page, `rating-signed-in-${lang}`, { around: rating(page, lang, 'post') })

    await page.reload()
    await ratingReady(page, lang, 'post')
    await expect.poll(() => stars.getAttribute('aria-valuenow')).toBe('4.5')
    expect(await summaryPart(0)).toBe('4.5')

    await saved(page, () => rating(page, lang, 'post').getByRole('button', { name: copy.remove }).click())
    await expect.poll(() => stars.getAttribute('aria-valuenow')).toBe('0')
    expect(await own.count()).toBe(0)
  })

  it('rate a player with the minus and plus buttons', { timeout: 120_000 }, async ({ openPage, accounts }) => {
    const account = await accounts.signUp(lang, 'Rater')
    const { page } = await openPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`/${lang}/login?next=${encodeURIComponent(`/${lang}/player/1`)}`)
    await signInWithPassword(page, lang, account)
    await page.waitForURL(`**/${lang}/player/1`)
    await ratingReady(page, lang, 'player')
    const stars = slider(page, lang, 'player')
    await expect.poll(() => stars.getAttribute('aria-valuenow')).toBe('0')
    const [minus, plus] = [rating(page, lang, 'player').getByRole('button', { name: copy.lower }), rating(page, lang, 'player').getByRole('button', { name: copy.raise })]
    expect((await plus.boundingBox())!.width).toBe(24)
    // The drawn stars' size is what is checked here.
    expect((await stars.locator('[data-star="1"]').boundingBox())!.width).toBe(32)
    await saved(page, async () => {
      await plus.click()
      await plus.click()
      await plus.click()
      await minus.click()
    })
    expect(await stars.getAttribute('aria-valuenow')).toBe('1')
    await expectAccessible(page)
    await shoot(page, `rating-player-${lang}`, { around: rating(page, lang, 'player') })
  })

  it('works without JavaScript: the form, and the way to sign in', { timeout: 60_000 }, async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
    await page.goto(`/${lang}/player/1#rating`)
    await shoot(page, `rating-no-js-${lang}`, { around: rating(page, lang, 'player') })
    expect(await rating(page, lang, 'player').getByLabel(copy.yourRating).getByRole('option').count()).toBe(11)
    await rating(page, lang, 'player').getByRole('button', { name: copy.rate, exact: true }).click()
    await page.waitForURL(`**/${lang}/login?next=*`)
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/${lang}/player/1#rating`)
  })
})

describe.each(['ar', 'en'] as const)('the rating and share widgets in %s', (lang) => {
  it.for([390, 1280])('fit a post and a player page %dpx wide', { timeout: 60_000 }, async (width, { openPage }) => {
    const { page } = await openPage({ viewport: { width, height: 844 } })
    await page.goto(await newestPost(page, lang))
    await ratingReady(page, lang, 'post')
    await shoot(page, `rating-post-${lang}`, { around: rating(page, lang, 'post') })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.goto(`/${lang}/player/1`)
    await ratingReady(page, lang, 'player')
    await shoot(page, `rating-player-page-${lang}`, { around: rating(page, lang, 'player') })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  })
})

describe.each(['ar', 'en'] as const)('sharing in %s', (lang) => {
  it('opens a network in a 626×436 popup and copies the link', { timeout: 60_000 }, async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } })
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
    const share = page.getByRole('region', { name: COPY[lang].share, exact: true })
    await share.scrollIntoViewIfNeeded()
    // The first touch wakes the island, which turns the links into buttons that share in place.
    await share.hover()
    await share.getByRole('button', { name: COPY[lang].copyLink }).waitFor()
    await share.getByRole('link', { name: 'X', exact: true }).click()
    const opened = await page.evaluate(() => (window as unknown as { opened: string[][] }).opened)
    expect(opened).toHaveLength(1)
    const [url, , features] = opened[0]!
    expect(new URL(url!).origin).toBe('https://x.com')
    expect(new URL(url!).searchParams.get('url')).toBe(new URL(post, baseUrl()).href)
    expect(features).toMatch(/^width=626,height=436,/)

    // The toaster and Sonner wake with the first toast, not with the share island.
    const toasterLoaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/toaster-[\w-]+\.js$/.test(entry.name)))
    expect(await toasterLoaded()).toBe(false)
    await share.getByRole('button', { name: COPY[lang].copyLink }).click()
    await successToast(page)
    expect(await toasterLoaded()).toBe(true)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(post, baseUrl()).href)
    await expectAccessible(page)
    await shoot(page, `share-${lang}`, { around: share })
  })
})
