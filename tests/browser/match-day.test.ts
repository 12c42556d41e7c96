// The matches page as readers use it (issue 26, section 3; decision 124): a reader in Egypt and
// one in Morocco (the `country` cookie the picker sets) open the same day and see different
// channels first for the same match, in both languages, narrow and wide, each page passing axe;
// the filters work with JavaScript off. With SCREENSHOTS=1, screenshots land in test-results/.
import { describe, expect } from 'vitest'
import { formatTime } from '../../lib/format.ts'
import { baseUrl, expectAccessible, it, type Lang, shoot, withDb } from './fixtures.ts'

const DAY = '2031-06-14'
const KICKOFF = `${DAY}T17:00:00Z`

interface Day {
  match: string
  live: string
  channel: { EG: string; MA: string }
  commentator: { EG: string; MA: string }
}

let made: Promise<Day> | undefined

/** A day of the test's own: a match of its own league on Egyptian and Moroccan channels, and a live match of another. */
function matchDay(): Promise<Day> {
  made ??= withDb(async (sql) => {
    const tag = crypto.randomUUID().slice(0, 6)
    const league = async (name: string) => {
      await sql`insert into competitions (id, kind, name, short_name)
        values (${`browser.${name.toLowerCase()}${tag}`}, 'league', ${sql.json({ en: `${name} League ${tag}`, ar: `دوري ${name} ${tag}` })}, ${sql.json({ en: tag })})`
      const [season] = await sql<{ id: string }[]>`insert into seasons (competition_id, label) values (${`browser.${name.toLowerCase()}${tag}`}, '2030/31') returning id::text`
      return season!.id
    }
    const clubs = await sql<{ id: string }[]>`select id::text from clubs order by id limit 4`
    const match = async (season: string, home: number, status: string) => {
      const [row] = await sql<{ id: string }[]>`
        insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
        values (${season}, ${KICKOFF}, ${clubs[home]!.id}, ${clubs[home + 1]!.id}, ${status}, ${`test:browser-day:${tag}:${home}`})
        returning id::text`
      return row!.id
    }
    const day: Day = {
      match: await match(await league('Nile'), 0, 'scheduled'),
      live: await match(await league('Atlas'), 2, 'live'),
      channel: { EG: `Nile Sport ${tag}`, MA: `Atlas TV ${tag}` },
      commentator: { EG: 'Medhat Shalaby', MA: 'Jawad Badda' },
    }
    const channel = async (country: 'EG' | 'MA', free: boolean) => {
      const [row] = await sql<{ id: string }[]>`
        insert into channels (name, free_to_air, countries) values (${sql.json({ ar: `${day.channel[country]} ع`, en: day.channel[country] })}, ${free}, ${[country]})
        returning id::text`
      return row!.id
    }
    const [eg, ma] = [await channel('EG', true), await channel('MA', false)]
    await sql`insert into broadcasts (match_id, channel_id, list_order, countries, commentators, language) values
      (${day.match}, ${ma}, 0, '{MA}', ${sql.json([{ ar: 'جواد بادة', en: day.commentator.MA }])}, 'ar'),
      (${day.match}, ${eg}, 1, '{EG}', ${sql.json([{ ar: 'مدحت شلبي', en: day.commentator.EG }])}, 'ar')`
    return day
  })
  return made
}

const WIDTHS = [390, 1280]
const CASES = (['ar', 'en'] as Lang[]).flatMap((lang) => WIDTHS.map((width) => ({ lang, width })))

describe('the matches page', () => {
  it.for(CASES)('a reader in Egypt and one in Morocco see their own channels for the same match ($lang, $width px)', async ({ lang, width }, { openPage }) => {
    const day = await matchDay()
    for (const [country, other] of [
      ['EG', 'MA'],
      ['MA', 'EG'],
    ] as const) {
      const { page } = await openPage({ viewport: { width, height: 900 }, timezoneId: 'Africa/Cairo' })
      await page.context().addCookies([{ name: 'country', value: country, url: baseUrl() }])
      await page.goto(`/${lang}/matches?date=${DAY}`)
      const row = page.getByRole('listitem').filter({ has: page.locator(`a[href="/${lang}/matches/${day.match}"]`) })
      const watch = row.getByRole('list', { name: lang === 'ar' ? 'على التلفزيون' : 'On TV' })
      const channel = lang === 'ar' ? `${day.channel[country]} ع` : day.channel[country]
      await expect.poll(() => watch.getByText(channel, { exact: true }).count()).toBe(1)
      expect(await row.getByText(lang === 'ar' ? `${day.channel[other]} ع` : day.channel[other], { exact: true }).count()).toBe(0)
      const commentator = { EG: lang === 'ar' ? 'مدحت شلبي' : day.commentator.EG, MA: lang === 'ar' ? 'جواد بادة' : day.commentator.MA }
      expect(await watch.getByText(commentator[country]).count()).toBe(1)
      // Free to air is marked on Egypt's channel only.
      expect(await watch.getByText(lang === 'ar' ? 'مجانية' : 'Free to air', { exact: true }).count()).toBe(country === 'EG' ? 1 : 0)
      // The kick-off in the reader's time: Cairo's here, whatever the page was rendered in.
      await expect.poll(() => row.locator('time').first().textContent()).toBe(formatTime(new Date(KICKOFF), 'Africa/Cairo'))
      await shoot(page, `match-day-${lang}-${country}`)
      await expectAccessible(page)
    }
  })

  it.for(['ar', 'en'] as Lang[])('filters with JavaScript off, by the day’s form (%s, 390 px)', async (lang, { openPage }) => {
    const day = await matchDay()
    const words = {
      ar: { show: 'عرض', live: 'مباشر الآن', tv: 'على التلفزيون في بلدي', free: 'القنوات المجانية فقط', none: 'لا مباراة من مباريات هذا اليوم على قناة مجانية في بلدك.' },
      en: { show: 'Show', live: 'Live now', tv: 'On TV in my country', free: 'Free-to-air only', none: 'No match of this day is on a free-to-air channel in your country.' },
    }[lang]
    const { page } = await openPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
    await page.context().addCookies([{ name: 'country', value: 'MA', url: baseUrl() }])
    await page.goto(`/${lang}/matches?date=${DAY}`)
    // Read through locators: a page without script cannot run an evaluated function.
    const listed = async () => Promise.all((await page.locator('a.match-link').all()).map(async (a) => (await a.getAttribute('href'))!.split('/').pop()))
    expect(await listed()).toEqual(expect.arrayContaining([day.match, day.live]))

    await page.getByLabel(words.live, { exact: true }).check()
    await page.getByRole('button', { name: words.show, exact: true }).click()
    await page.waitForURL(/live=1/)
    expect(await listed()).toEqual([day.live])

    await page.getByLabel(words.live, { exact: true }).uncheck()
    await page.getByLabel(words.tv, { exact: true }).check()
    await page.getByRole('button', { name: words.show, exact: true }).click()
    await page.waitForURL(/tv=mine/)
    expect(await listed()).toEqual([day.match])

    // Morocco's channel for the match is paid: nothing is free to air there.
    await page.getByLabel(words.tv, { exact: true }).uncheck()
    await page.getByLabel(words.free, { exact: true }).check()
    await page.getByRole('button', { name: words.show, exact: true }).click()
    await page.waitForURL(/free=1/)
    expect(await listed()).toEqual([])
    await expect.poll(() => page.getByText(words.none).count()).toBe(1)
    // axe runs as a script in the page: the day's page passes it with script on, above.
    await shoot(page, `match-day-filtered-${lang}`)
  })
})
