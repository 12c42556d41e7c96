// A reader's path through the real content: home → a league → a club → a player → a
// match → a news item, in both languages; every page shows imported data and its JSON-LD
// parses.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { expectAccessible, it } from './fixtures.ts'

async function jsonLdTypes(page: Page): Promise<string[]> {
  // Structured data is markup for crawlers, with no role: the script elements are what is read.
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => (JSON.parse(text) as { '@type': string })['@type'])
}

const WORDS = {
  ar: {
    competitions: 'البطولات',
    main: 'القائمة الرئيسية',
    league: 'الدوري الإنجليزي الممتاز',
    standings: /^الترتيب /,
    club: 'ليفربول',
    player: 'محمد صلاح',
    results: 'النتائج',
    score: 'النتيجة',
    figures: /^النتيجة \d+ مقابل \d+$/,
    news: 'الأخبار',
  },
  en: {
    competitions: 'Competitions',
    main: 'Main',
    league: 'Premier League',
    standings: /^Standings /,
    club: 'Liverpool',
    player: 'Mohamed Salah',
    results: 'Results',
    score: 'Score',
    figures: /^Score \d+ to \d+$/,
    news: 'News',
  },
}

describe.each(['ar', 'en'] as const)('a reader in %s', (lang) => {
  it('goes from the home page to a league, a club, a player, a match and a news item', async ({ openPage }) => {
    const words = WORDS[lang]
    const { page } = await openPage()
    await page.goto(`/${lang}`)

    await page.getByRole('navigation', { name: words.competitions }).getByRole('link', { name: words.league, exact: true }).click()
    await page.waitForURL(`**/${lang}/leagues/en.1`)
    const standings = page.getByRole('table', { name: words.standings })
    // A club's row is the one its name heads.
    expect(await standings.getByRole('row').filter({ has: page.getByRole('rowheader') }).count()).toBe(20)
    expect(await jsonLdTypes(page)).toEqual(['BreadcrumbList'])

    await page.goto(`/${lang}/leagues/en.1?season=2023-24`)
    await standings.getByRole('link', { name: words.club, exact: true }).click()
    await page.waitForURL(`**/${lang}/club/*`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(words.club)
    expect(await jsonLdTypes(page)).toContain('SportsTeam')
    await expectAccessible(page)

    await page.getByRole('link', { name: words.player }).first().click()
    await page.waitForURL(`**/${lang}/player/*`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(words.player)
    expect(await jsonLdTypes(page)).toContain('Person')

    await page.goBack()
    await page.getByRole('region', { name: words.results, exact: true }).getByRole('link').first().click()
    await page.waitForURL(`**/${lang}/matches/*`)
    expect(await page.getByRole('region', { name: words.score, exact: true }).getByRole('img', { name: words.figures }).count()).toBe(1)
    expect(await jsonLdTypes(page)).toContain('SportsEvent')
    await expectAccessible(page)

    await page.getByRole('navigation', { name: words.main }).getByRole('link', { name: words.news }).click()
    await page.waitForURL(`**/${lang}/news`)
    await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').click()
    await page.waitForURL(`**/${lang}/news/*`)
    expect(await page.getByRole('article').first().textContent()).not.toBe('')
    expect(await jsonLdTypes(page)).toContain('NewsArticle')
    await expectAccessible(page)
  })
})

describe('kick-off times', () => {
  it.for([
    ['America/New_York', '10:00', 'GMT-5'],
    ['Asia/Tokyo', '00:00', 'GMT+9'],
  ] as const)('show in the reader zone (%s)', async ([zone, time, label], { openPage }) => {
    const { page } = await openPage({ timezoneId: zone })
    await page.goto('/en/matches?date=2022-12-18')
    await page.getByRole('main').getByRole('link', { name: /Argentina/ }).click()
    await page.waitForURL('**/en/matches/*')
    // The first of the match's facts is its kick-off: the date, the time and the zone's label.
    const kickoff = page.getByRole('region', { name: 'Score' }).getByRole('definition').first()
    await expect.poll(() => kickoff.getByRole('time').textContent()).toBe(time)
    expect(await kickoff.getByText(label, { exact: true }).count()).toBe(1)
  })
})
