// Debian's Chromium driven by playwright-core (test tools cannot download browsers here).
import AxeBuilder from '@axe-core/playwright'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'

export const baseUrl = () => inject('baseUrl')

let browser: Browser | undefined
let current: OpenedPage | undefined

/** One Chromium per test file; each test's page closes after it, and console errors fail it. */
export function withBrowser() {
  afterEach(async () => {
    const errors = current?.errors ?? []
    await current?.close()
    current = undefined
    expect(errors, 'console errors').toEqual([])
  })
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
    })
  })
  afterAll(async () => {
    await browser?.close()
  })
}

export interface OpenedPage {
  page: Page
  /** Console errors and page errors seen so far: a test fails on any. */
  errors: string[]
  close(): Promise<void>
}

let visitors = 0

/**
 * Every browser context, and every request a test sends itself, comes from an address of its
 * own, as different visitors do: the site limits sign-in and code requests per address (10 a
 * minute), and the whole suite runs from 127.0.0.1.
 */
export function visitorAddress(): { 'cf-connecting-ip': string } {
  visitors += 1
  return { 'cf-connecting-ip': `203.0.113.${visitors % 250}` }
}

/** `javaScriptEnabled: false` opens the page as a visitor without JavaScript sees it. */
export async function openPage(
  viewport = { width: 1280, height: 800 },
  timezoneId?: string,
  { javaScriptEnabled = true }: { javaScriptEnabled?: boolean } = {},
): Promise<OpenedPage> {
  // Headless Chromium announces itself as HeadlessChrome, which isbot counts as a crawler;
  // a person's browser does not, and the site treats crawlers differently.
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser!.version()} Safari/537.36`
  const context = await browser!.newContext({
    viewport,
    baseURL: baseUrl(),
    userAgent,
    timezoneId,
    javaScriptEnabled,
    extraHTTPHeaders: visitorAddress(),
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  current = { page, errors, close: () => context.close() }
  return current
}

/**
 * No serious or critical axe violations (WCAG 2.1 AA rules), judged once nothing on the page
 * is moving: a toast sliding in is half transparent, and its colours would be measured so.
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  )
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(serious).toEqual([])
}
