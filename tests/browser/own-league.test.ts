// Our own leagues in a browser (issue 34): an editor builds a league at the desk, without a
// script's help, from nothing: a competition, a season, four clubs, a round of fixtures from a
// pasted CSV, two results and one awarded match, and sees its table. A reader then finds the
// league's match on the matches of the day, follows one of its clubs and opens its calendar
// feed. Arabic on a phone's width, English on a desktop's; axe checks each desk screen.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { DEFAULT_TIME_ZONE } from '../../lib/format.ts'
import { expectAccessible, it, type Lang, setRole, successToast, withDb } from './fixtures.ts'

const WORDS = {
  ar: {
    createCompetition: 'إنشاء البطولة',
    createSeason: 'أنشئ الموسم',
    createClub: 'أنشئ النادي',
    saveClubs: 'احفظ الأندية',
    check: 'تحقّق',
    create: 'أنشئ',
    saveResults: 'احفظ نتائج الجولة',
    save: 'حفظ',
    follow: 'متابعة',
    following: 'تتابعه',
    standings: /^الترتيب 2026\/27/,
  },
  en: {
    createCompetition: 'Create the competition',
    createSeason: 'Create the season',
    createClub: 'Create the club',
    saveClubs: 'Save the clubs',
    check: 'Check',
    create: 'Create',
    saveResults: "Save the round's results",
    save: 'Save',
    follow: 'Follow',
    following: 'Following',
    standings: /^Standings 2026\/27/,
  },
}

const HOUR = 3_600_000

/** `at` as Cairo's wall clock writes it: the date and the hour, for the fixture list. */
function cairo(at: number): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:00` }
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

describe('a league made at the desk', () => {
  for (const [lang, viewport] of [
    ['ar', { width: 390, height: 844 }],
    ['en', { width: 1280, height: 800 }],
  ] as [Lang, { width: number; height: number }][]) {
    it(`is built by an editor and followed by a reader (${lang}, ${viewport.width}px)`, { timeout: 120_000 }, async ({ signedIn }) => {
      const words = WORDS[lang]
      const tag = crypto.randomUUID().slice(0, 6)
      const competition = `bt.${tag}`
      const { page, account } = await signedIn(lang, { viewport })
      await setRole(account.email, 'editor')

      // The competition, typed in its zone.
      await page.goto(`/${lang}/desk/competitions`)
      await expectAccessible(page)
      await page.locator('#desk-id').fill(competition)
      await page.locator('#desk-name-ar').fill(`دوري المتصفح ${tag}`)
      await page.locator('#desk-name-en').fill(`Browser League ${tag}`)
      await page.locator('#desk-short_name-ar').fill(`المتصفح ${tag}`)
      await page.locator('#desk-short_name-en').fill(`Browser ${tag}`)
      await page.locator('#desk-country').fill('EG')
      await page.locator('#desk-timezone').fill('Africa/Cairo')
      await button(page, words.createCompetition).click()
      await page.waitForURL(`**/${lang}/desk/competitions/${competition}`)
      await successToast(page)

      // Its season.
      await page.goto(`/${lang}/desk/seasons`)
      await page.locator('#desk-competition_id').selectOption(competition)
      await page.locator('#desk-label').fill('2026/27')
      await button(page, words.createSeason).click()
      await page.waitForURL(/\/desk\/seasons\/\d+$/)
      const seasonPath = new URL(page.url()).pathname

      // Four clubs no source carries, each with its ground.
      const names = ['Nile', 'Delta', 'Canal', 'Oasis'].map((name, i) => ({ en: `${name} ${tag}`, ar: `${['النيل', 'الدلتا', 'القناة', 'الواحة'][i]} ${tag}` }))
      for (const name of names) {
        await page.goto(`/${lang}/desk/clubs`)
        await page.locator('#desk-name-ar').fill(name.ar)
        await page.locator('#desk-name-en').fill(name.en)
        await page.locator('#desk-stadium-name-ar').fill(`ملعب ${name.ar}`)
        await page.locator('#desk-stadium-name-en').fill(`${name.en} Stadium`)
        await button(page, words.createClub).click()
        await page.waitForURL(/\/desk\/clubs\/\d+$/)
      }

      // The season's clubs, found by the search and ticked.
      await page.goto(`${seasonPath}?q=${tag}`)
      for (const box of await page.locator('input[type="checkbox"][name^="club."]').all()) await box.check()
      await button(page, words.saveClubs).click()
      await successToast(page)
      await expectAccessible(page)

      // The federation's list, pasted: checked first, then created.
      const [a, b, c, d] = names.map((name) => name[lang])
      const [twoDays, yesterday, soon] = [cairo(Date.now() - 50 * HOUR), cairo(Date.now() - 26 * HOUR), cairo(Date.now() + 3 * HOUR)]
      const csv = [
        'date,time,home,away,round,venue',
        `${twoDays.date},${twoDays.time},${a},${b},Matchday 1,`,
        `${twoDays.date},${twoDays.time},${c},${d},Matchday 1,`,
        `${yesterday.date},${yesterday.time},${a},${c},Matchday 2,`,
        `${soon.date},${soon.time},${b},${d},Matchday 2,`,
      ].join('\n')
      await page.goto(`${seasonPath}/fixtures`)
      await page.locator('#desk-csv').fill(csv)
      await button(page, words.check).click()
      await expect.poll(() => withDb(async (sql) => (await sql`select count(*)::int as n from matches m join seasons s on s.id = m.season_id where s.competition_id = ${competition}`)[0]!.n)).toBe(0)
      await page.locator('#desk-csv').fill(csv)
      await button(page, words.create).click()
      await successToast(page)
      await expectAccessible(page)
      const matches = await withDb((sql) =>
        sql<{ id: string; round: string; home: string }[]>`
          select m.id::text, m.round, h.name ->> 'en' as home from matches m join seasons s on s.id = m.season_id join clubs h on h.id = m.home_club_id
          where s.competition_id = ${competition} order by m.kickoff, m.id`,
      )
      expect(matches.map((m) => m.round)).toEqual(['Matchday 1', 'Matchday 1', 'Matchday 2', 'Matchday 2'])

      // Two results on the round's form: Nile 2–1 Delta, Canal 0–0 Oasis.
      await page.goto(`${seasonPath}/fixtures?round=${encodeURIComponent('Matchday 1')}`)
      const [first, second] = matches
      await page.locator(`[name="ft.home.${first!.id}"]`).fill('2')
      await page.locator(`[name="ft.away.${first!.id}"]`).fill('1')
      await page.locator(`[name="ft.home.${second!.id}"]`).fill('0')
      await page.locator(`[name="ft.away.${second!.id}"]`).fill('0')
      await button(page, words.saveResults).click()
      await successToast(page)

      // One forfeit: Nile v Canal awarded 3–0, with its reason.
      await page.goto(`/${lang}/desk/matches/${matches[2]!.id}/fate`)
      await page.locator('#desk-status').selectOption('awarded')
      await page.locator('[name="ft.home"]').fill('3')
      await page.locator('[name="ft.away"]').fill('0')
      await page.locator('#desk-reason-ar').fill('لم يحضر الفريق الضيف.')
      await page.locator('#desk-reason-en').fill('The away side did not turn up.')
      await button(page, words.save).click()
      await successToast(page)

      // The table, by the competition's rules: Nile 6, Canal 1, Oasis 1, Delta 0.
      await page.goto(`/${lang}/leagues/${competition}?season=2026-27`)
      const table = page.getByRole('table', { name: words.standings })
      const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') })
      await expect.poll(() => rows.count()).toBe(4)
      expect(await rows.first().textContent()).toContain(a)
      // Two played, two won, five for, one against: the 6 can only be its points.
      expect(await rows.first().locator('td').allTextContents()).toContain('6')
      await expectAccessible(page)

      // A reader finds the match to come on its day, follows its home club, opens its feed.
      const reader = (await signedIn(lang, { viewport })).page
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(Date.now() + 3 * HOUR)
      await reader.goto(`/${lang}/matches?date=${day}&competition=${competition}`)
      await expect.poll(() => reader.locator(`a[href="/${lang}/matches/${matches[3]!.id}"]`).count()).toBe(1)
      const clubId = await withDb(async (sql) => (await sql<{ id: string }[]>`select home_club_id::text as id from matches where id = ${matches[3]!.id}`)[0]!.id)
      await reader.goto(`/${lang}/club/${clubId}`)
      await reader.locator('#follow').getByRole('button', { name: words.follow, exact: true }).click()
      await expect.poll(() => reader.locator('#follow').getByRole('button', { name: words.following, exact: true }).count()).toBe(1)
      const feed = await reader.request.get(`/${lang}/club/${clubId}/calendar.ics`)
      expect(feed.status()).toBe(200)
      const ics = await feed.text()
      expect(ics).toContain(`UID:match-${matches[3]!.id}@`)
      expect(ics).toContain(b)
    })
  }
})
