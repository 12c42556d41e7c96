// A reader's path through the real content: home → a league → a club → a player → a
// match → a news item, in both languages; every page shows imported data and its JSON-LD
// parses.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, openPage, withBrowser } from './browser.ts'

withBrowser()

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => (JSON.parse(text) as { '@type': string })['@type'])
}

const WORDS = {
  ar: { league: 'الدوري الإنجليزي الممتاز', club: 'ليفربول', player: 'محمد صلاح', results: 'النتائج', news: 'الأخبار' },
  en: { league: 'Premier League', club: 'Liverpool', player: 'Mohamed Salah', results: 'Results', news: 'News' },
}

describe.each(['ar', 'en'] as const)('a reader in %s', (lang) => {
  it('goes from the home page to a league, a club, a player, a match and a news item', async () => {
    const words = WORDS[lang]
    const { page } = await openPage()
    await page.goto(`/${lang}`)

    await page.getByRole('navigation', { name: lang === 'ar' ? 'البطولات' : 'Competitions' }).getByRole('link', { name: words.league, exact: true }).click()
    await page.waitForURL(`**/${lang}/leagues/en.1`)
    expect(await page.locator('table.standings tbody tr').count()).toBe(20)
    expect(await jsonLdTypes(page)).toEqual(['BreadcrumbList'])

    await page.goto(`/${lang}/leagues/en.1?season=2023-24`)
    await page.locator('table.standings').getByRole('link', { name: words.club, exact: true }).click()
    await page.waitForURL(`**/${lang}/club/*`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(words.club)
    expect(await jsonLdTypes(page)).toContain('SportsTeam')
    await expectAccessible(page)

    await page.getByRole('link', { name: words.player }).first().click()
    await page.waitForURL(`**/${lang}/player/*`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(words.player)
    expect(await jsonLdTypes(page)).toContain('Person')

    await page.goBack()
    await page.getByRole('region', { name: words.results }).or(page.locator('section.match-list', { hasText: words.results })).first().locator('a.match-link').first().click()
    await page.waitForURL(`**/${lang}/matches/*`)
    expect(await page.locator('.scoreboard .score-home').count()).toBe(1)
    expect(await jsonLdTypes(page)).toContain('SportsEvent')
    await expectAccessible(page)

    await page.getByRole('navigation', { name: lang === 'ar' ? 'القائمة الرئيسية' : 'Main' }).getByRole('link', { name: words.news }).click()
    await page.waitForURL(`**/${lang}/news`)
    await page.locator('.post-card-title a').first().click()
    await page.waitForURL(`**/${lang}/news/*`)
    expect(await page.locator('article').first().textContent()).not.toBe('')
    expect(await jsonLdTypes(page)).toContain('NewsArticle')
    await expectAccessible(page)
  })
})

describe('kick-off times', () => {
  it.each([
    ['America/New_York', '10:00', 'GMT-5'],
    ['Asia/Tokyo', '00:00', 'GMT+9'],
  ])('show in the reader zone (%s)', async (zone, time, label) => {
    const { page } = await openPage(undefined, zone)
    await page.goto('/en/matches?date=2022-12-18')
    await page.locator('a.match-link', { hasText: 'Argentina' }).click()
    await page.waitForURL('**/en/matches/*')
    const kickoff = page.locator('.match-facts .kickoff')
    await expect.poll(() => kickoff.locator('time').textContent()).toBe(time)
    expect(await kickoff.locator('[data-zone-label]').textContent()).toBe(label)
  })
})
