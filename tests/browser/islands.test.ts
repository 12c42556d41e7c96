// Islands hydrate when their strategy says, and only then fetch React and their chunk.
// The Toaster island (hydrate="load" on the site) is served here with its strategy
// rewritten in flight, so each strategy is exercised on a real island.
import type { Page } from 'playwright-core'
import { describe, expect, inject } from 'vitest'
import { startReplay } from '../../scripts/live/replay.ts'
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
  ] as const)('an island on a %s page loads the islands catalog of that language and no other', async ([lang, message], { openPage }) => {
    const { page } = await openPage()
    const scripts = await goWithToast(page, lang, 'load')
    await toasts(page).filter({ hasText: message }).waitFor({ state: 'visible' })
    const catalogs = scripts.filter((s) => /\/(islands|messages)-[\w-]+\.js$/.test(s))
    expect(catalogs).toHaveLength(1)
    const source = await (await fetch(baseUrl() + catalogs[0])).text()
    // The toaster's own label, in that language; the server's words stay on the server.
    expect(source.includes('الإشعارات')).toBe(lang === 'ar')
    expect(source.includes('Please sign in')).toBe(false)
  })
})

describe('before the reader interacts', () => {
  // Each page type as a reader first meets it.
  const PAGES = {
    home: '',
    league: '/leagues/en.1',
    club: '/club/1',
    player: '/player/1',
    'finished match': '/matches/1',
    'post with media': '/news/spain-beat-argentina-to-win-2026-world-cup-final',
    'news list': '/news',
    search: '/search?q=hilal',
    login: '/login',
    'sign-up': '/sign-up',
    reset: '/rest-password',
  }
  /** The only code a page may run before a touch: the island entry and the kick-off time corrector. */
  const FIRST_SCRIPTS = /^\/assets\/(client|local-time)\.js$/

  async function scriptsUntilQuiet(page: Page, path: string): Promise<string[]> {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto(path, { waitUntil: 'networkidle' })
    await page.waitForTimeout(500)
    return scripts
  }

  it.for(Object.entries(PAGES).flatMap(([type, path]) => (['ar', 'en'] as const).map((lang) => [type, lang, path] as const)))(
    '%s in %s loads no island code until a touch',
    async ([, lang, path], { openPage }) => {
      const { page } = await openPage()
      const scripts = await scriptsUntilQuiet(page, `/${lang}${encodeURI(path)}`)
      expect(scripts.filter((script) => !FIRST_SCRIPTS.test(script))).toEqual([])
    },
  )

  it.for([
    ['to come', 3600],
    ['live', 1],
  ] as const)('a match %s runs its live parts at once, without React or a catalog', { timeout: 30_000 }, async ([, leadIn], { openPage }) => {
    // A minute of match a minute: a replay that kicks off after `leadIn` seconds stays live.
    const replay = await startReplay({ databaseUrl: inject('databaseUrl'), baseUrl: baseUrl(), match: 'worldcup/2022', speed: 1, leadIn })
    try {
      if (leadIn === 1) await new Promise((resolve) => setTimeout(resolve, 2500))
      const { page } = await openPage()
      const scripts = await scriptsUntilQuiet(page, `/ar/matches/${replay.replayId}`)
      expect(scripts.filter((script) => /\/(hydrate|messages)-/.test(script))).toEqual([])
      expect(scripts.some((script) => /\/match-status-/.test(script))).toBe(true)
      const board = page.getByRole('region', { name: 'النتيجة', exact: true })
      if (leadIn === 1) await expect.poll(() => board.getByRole('img', { name: 'النتيجة 0 مقابل 0' }).count()).toBe(1)
      else await expect.poll(() => board.getByText(/^تنطلق المباراة بعد/).count()).toBe(1)
    } finally {
      replay.stop()
      await replay.done
    }
  })

  it('the profile, signed in, loads no island code until a touch', async ({ signedIn }) => {
    const { page } = await signedIn('en')
    const scripts = await scriptsUntilQuiet(page, '/en/profile')
    expect(scripts.filter((script) => !FIRST_SCRIPTS.test(script))).toEqual([])
  })

  it('leaves a player with a poster asleep while it is merely in view, and wakes it when the reader scrolls', async ({ openPage }) => {
    // A phone as tall as the post: the player is in view from the start.
    const { page } = await openPage({ viewport: { width: 390, height: 2400 } })
    const scripts = await scriptsUntilQuiet(page, `/en${PAGES['post with media']}`)
    expect(await page.getByRole('figure').first().isVisible()).toBe(true)
    expect(scripts.some((s) => /hydrate-/.test(s))).toBe(false)
    // A scroll event that moves nothing (an Arabic page settling on a phone) is not the reader.
    await page.evaluate(() => window.dispatchEvent(new Event('scroll')))
    await page.waitForTimeout(500)
    expect(scripts.some((s) => /hydrate-/.test(s))).toBe(false)
    const woke = page.waitForRequest(/hydrate-/)
    await page.mouse.wheel(0, 100)
    await woke
  })

  it('wakes the rating at its first touch, not when it scrolls into view', async ({ openPage }) => {
    const { page } = await openPage()
    const scripts = await scriptsUntilQuiet(page, '/en/player/1')
    // The marker has no box of its own (display: contents): a reader touches what is inside.
    const rating = page.locator('[data-island="rating"] > *').first()
    await rating.scrollIntoViewIfNeeded()
    await page.waitForTimeout(500)
    expect(scripts.some((s) => /hydrate-/.test(s))).toBe(false)
    const woke = page.waitForRequest(/hydrate-/)
    await rating.hover()
    await woke
  })
})
