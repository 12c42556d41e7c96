// What a person sees on every route, in both languages, in a real browser.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect } from 'vitest'
import { expectAccessible, it, shoot } from './fixtures.ts'

/** The first post of a kind from the team's content, by its slug in `lang`. */
function postPath(kind: string, section: string, lang: 'ar' | 'en'): string {
  const dir = `content/posts/${kind}`
  const file = readdirSync(dir).sort()[0]!
  const { slug } = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { slug: Record<string, string> }
  return `/${section}/${encodeURIComponent(slug[lang]!)}`
}

const ROUTES = [
  '',
  '/club/1',
  '/player/1',
  '/leagues',
  '/leagues/en.1',
  '/matches',
  '/matches/1',
  '/news',
  '/articles',
  '/analytics',
  '/caricatures',
  '/search',
  '/contact-us',
  '/privacy-policy',
  '/terms-conditions',
  '/login',
  '/sign-up',
  '/rest-password',
]

describe.each([
  ['ar', 'rtl'],
  ['en', 'ltr'],
] as const)('in %s', (lang, dir) => {
  const posts = [
    postPath('news', 'news', lang),
    postPath('article', 'articles', lang),
    postPath('analytics', 'analytics', lang),
    postPath('caricature', 'caricatures', lang),
  ]

  it.for([...ROUTES, ...posts])(`/${lang}%s answers 200 with its language, landmarks and no serious axe violation`, async (path, { openPage }) => {
    const { page } = await openPage()
    const response = await page.goto(`/${lang}${path}`)
    expect(response?.status()).toBe(200)
    // The language and direction are set on <html> alone (the style guide's rule): read there.
    expect(await page.getAttribute('html', 'lang')).toBe(lang)
    expect(await page.getAttribute('html', 'dir')).toBe(dir)
    for (const role of ['banner', 'main', 'contentinfo'] as const) {
      await expect(page.getByRole(role).count(), role).resolves.toBe(1)
    }
    expect(await page.getByRole('navigation').count()).toBeGreaterThanOrEqual(1)
    await expectAccessible(page)
  })

  it('shows the 404 text for an unknown page', async ({ openPage }) => {
    const { page, errors } = await openPage()
    const response = await page.goto(`/${lang}/no-such-page`)
    expect(response?.status()).toBe(404)
    const text = lang === 'ar' ? 'الصفحة غير موجودة: /ar/no-such-page' : 'Page not found: /en/no-such-page'
    await expect(page.getByText(text).count()).resolves.toBe(1)
    // Chromium reports the 404 status of the document itself as a console error.
    errors.length = 0
  })

  it('shows a signed goal difference with its sign in front, as it is read in both directions', async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`/${lang}/leagues/en.1?season=2023-24`)
    await page.evaluate(() => document.fonts.ready)
    const standings = page.getByRole('table', { name: /^(Standings|الترتيب) / })
    for (const signed of [/^\+\d+$/, /^-\d+$/]) {
      const cell = standings.getByRole('cell', { name: signed }).first()
      // Where the sign and the first digit are drawn: a sign after the digits reads "62+".
      const { text, sign, digit } = await cell.evaluate((element) => {
        const figures = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode()!
        const at = (i: number) => {
          const range = document.createRange()
          range.setStart(figures, i)
          range.setEnd(figures, i + 1)
          return range.getBoundingClientRect().left
        }
        return { text: element.textContent, sign: at(0), digit: at(1) }
      })
      expect(sign, text!).toBeLessThan(digit)
    }
  })

  it.for([
    ['narrow', { width: 390, height: 844 }],
    ['wide', { width: 1280, height: 800 }],
  ] as const)('lays the home page out without sideways scrolling on a %s screen', async ([, viewport], { openPage }) => {
    const { page } = await openPage({ viewport })
    await page.goto(`/${lang}`)
    await page.evaluate(() => document.fonts.ready)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await shoot(page, `home-${lang}`)
  })
})
