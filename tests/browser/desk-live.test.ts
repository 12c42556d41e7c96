// Issue 16, browser test 1: an editor runs a match from the live desk's console: kick-off, a
// goal (by its key), a card, a substitution, three entries of live text, half-time and full
// time, and undoes an event; in English at 1280px and in Arabic at 390px. Each change shows
// on the console, and the database holds what readers will get. axe checks the console.
import type { Page } from 'playwright-core'
import type { LiveSnapshot } from '../../lib/live.ts'
import { describe, expect } from 'vitest'
import { expectAccessible, it, type Lang, setRole, shoot, successToast, withDb } from './fixtures.ts'

/**
 * A scheduled match of the test's own, kicking off in ten minutes between two seeded clubs:
 * an invented fixture, so labelled demo, which keeps it out of what `demo:live` replays.
 */
const newMatch = () =>
  withDb(async (sql) => {
    const [row] = await sql<{ id: number }[]>`
      with pick as (
        select s.id as season_id, (select id from clubs order by id limit 1) as home,
               (select id from clubs order by id offset 1 limit 1) as away
        from seasons s order by s.id limit 1)
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, demo, source_key)
      select season_id, now() + interval '10 minutes', home, away, 'scheduled', true, ${`test:desk-live:${crypto.randomUUID()}`} from pick
      returning id::int`
    return row!.id
  })

const WORDS = {
  en: {
    kickOff: 'Kick off',
    halfTime: 'Half-time',
    fullTime: 'Full time',
    confirm: 'Confirm',
    live: 'Live',
    yellow: 'Yellow card',
    red: 'Red card',
    sub: 'Substitution',
    player: "Player's name",
    off: 'Player going off',
    on: 'Player coming on',
    arabic: 'Text in Arabic',
    english: 'Text in English',
    add: 'Add the entry',
    sheet: /^Team sheet:/,
    starter: 'Starter 1: name',
    shirt: 'Starter 1: shirt number',
    formation: 'Formation',
    saveSheet: 'Save the team sheet',
  },
  ar: {
    kickOff: 'انطلاق المباراة',
    halfTime: 'نهاية الشوط الأول',
    fullTime: 'انتهت',
    confirm: 'تأكيد',
    live: 'مباشر',
    yellow: 'بطاقة صفراء',
    red: 'بطاقة حمراء',
    sub: 'تبديل',
    player: 'اسم اللاعب',
    off: 'اللاعب الخارج',
    on: 'اللاعب الداخل',
    arabic: 'النص بالعربية',
    english: 'النص بالإنجليزية',
    add: 'إضافة التعليق',
    sheet: /^تشكيلة/,
    starter: 'أساسي 1: الاسم',
    shirt: 'أساسي 1: رقم القميص',
    formation: 'الخطة',
    saveSheet: 'حفظ التشكيلة',
  },
}

const consoleOf = (page: Page) => page.locator('[data-island="live-console"]')

/** The island has hydrated: React has taken over its marker. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const marker = document.querySelector('[data-island="live-console"]')
    return marker !== null && Object.keys(marker).some((key) => key.startsWith('__reactContainer'))
  })

/** Answers the console's confirmation: its own button, in the group that asks. */
async function confirm(page: Page, lang: Lang) {
  await page.locator('.console-confirm').getByRole('button', { name: WORDS[lang].confirm }).click()
}

/** A status step: its button, then the confirmation, then the toast that says it was saved. */
async function step(page: Page, lang: Lang, name: string) {
  await page.getByRole('button', { name, exact: true }).click()
  await confirm(page, lang)
  await successToast(page)
}

/** An event from its button: the player's name, then the form's own confirmation. */
async function event(page: Page, lang: Lang, name: string, player: string) {
  await consoleOf(page).getByRole('button', { name: new RegExp(`^${name}`) }).click()
  await page.getByLabel(WORDS[lang].player, { exact: true }).fill(player)
  await page.locator('form.console-form').first().getByRole('button', { name: WORDS[lang].confirm }).click()
  await page.getByText(player).first().waitFor()
}

const timeline = (page: Page) => consoleOf(page).locator('.timeline')

/**
 * Presses a console key once the last save is done: while one is in flight the console takes
 * no key (its buttons say so, disabled), and a key pressed then was lost on a busy machine.
 */
async function pressWhenReady(page: Page, key: string) {
  await expect.poll(() => consoleOf(page).locator('button.console-event').first().isEnabled()).toBe(true)
  await page.keyboard.press(key)
}

describe('the live desk console', () => {
  const runs = [
    { lang: 'en', viewport: { width: 1280, height: 900 } },
    { lang: 'ar', viewport: { width: 390, height: 844 } },
  ] as const
  for (const { lang, viewport } of runs) {
    it(`runs a match from kick-off to full time, in ${lang === 'en' ? 'English' : 'Arabic'}`, { timeout: 120_000 }, async ({ signedIn }) => {
      const words = WORDS[lang]
      const { page, account } = await signedIn(lang, { viewport })
      await setRole(account.email, 'editor')
      const id = await newMatch()

      await page.goto(`/${lang}/desk/matches`)
      await page.locator(`a[href="/${lang}/desk/matches/${id}"]`).click()
      await page.waitForURL(`**/${lang}/desk/matches/${id}`)
      await hydrated(page)

      await step(page, lang, words.kickOff)
      await expect.poll(() => consoleOf(page).locator('.console-state').textContent()).toContain(words.live)
      await consoleOf(page).locator('.console-clock').waitFor()

      // The goal by its key: g opens the form for the home side, Enter sends it.
      await page.keyboard.press('g')
      await page.getByLabel(words.player, { exact: true }).fill('Home Scorer')
      await page.keyboard.press('Enter')
      await expect.poll(() => consoleOf(page).locator('.console-board .score-home').textContent()).toBe('1')

      // The card for the away side, chosen by its key.
      await pressWhenReady(page, 'a')
      await expect.poll(() => consoleOf(page).locator('input[name="console-side"][value="away"]').isChecked()).toBe(true)
      await event(page, lang, words.yellow, 'Away Booked')
      // The console draws its timeline from the snapshot it reloads after the save.
      await expect.poll(() => timeline(page).locator('.side-away.event-yellow_card').count()).toBe(1)

      await consoleOf(page).getByRole('button', { name: new RegExp(`^${words.sub}`) }).click()
      await page.getByLabel(words.off, { exact: true }).fill('Away Tired')
      await page.getByLabel(words.on, { exact: true }).fill('Away Fresh')
      await page.keyboard.press('Enter')
      await timeline(page).locator('.event-substitution').waitFor()
      await shoot(page, `desk-live-console-${lang}`)
      await expectAccessible(page)

      // Undo: a red card given in error, taken back with u and a confirmation.
      await event(page, lang, words.red, 'Wrong Player')
      await page.locator('body').click({ position: { x: 1, y: 1 } })
      await pressWhenReady(page, 'u')
      await page.locator('.console-confirm').waitFor()
      await page.keyboard.press('Enter')
      await expect.poll(() => timeline(page).locator('.event-red_card').count()).toBe(0)

      const entries = [
        { ar: 'بداية قوية للفريق المضيف', en: '' },
        { ar: '', en: 'A booking for the away side' },
        { ar: 'تبديل أول للضيوف', en: 'A first change for the visitors' },
      ]
      for (const entry of entries) {
        await page.getByLabel(words.arabic, { exact: true }).fill(entry.ar)
        await page.getByLabel(words.english, { exact: true }).fill(entry.en)
        await page.getByRole('button', { name: words.add, exact: true }).click()
        await page.locator('.console-entry').getByText(entry.ar || entry.en, { exact: true }).waitFor()
      }

      // The home side's team sheet: a formation and its goalkeeper, typed.
      await page.getByText(words.sheet).first().click()
      await page.getByLabel(words.formation).first().fill('4-4-2')
      await page.getByLabel(words.starter, { exact: true }).first().fill('Home Keeper')
      await page.getByLabel(words.shirt, { exact: true }).first().fill('1')
      await page.getByRole('button', { name: words.saveSheet }).first().click()
      await successToast(page)

      await step(page, lang, words.halfTime)
      await step(page, lang, words.fullTime)
      // The badge says full time, then that the fixture is a demo one.
      await expect.poll(() => consoleOf(page).locator('.console-state .status-badge').textContent()).toMatch(new RegExp(`^${words.fullTime}`))

      const saved = await withDb(async (sql) => {
        const [match] = await sql<{ status: string; ft: number[]; ht: number[] }[]>`
          select status, array[ft_home, ft_away] as ft, array[ht_home, ht_away] as ht from matches where id = ${id}`
        const events = await sql<{ kind: string; side: number; player_name: string; other_player_name: string | null }[]>`
          select kind, side, player_name, other_player_name from match_events where match_id = ${id} order by id`
        const [text] = await sql<{ count: number }[]>`select count(*)::int as count from match_commentary where match_id = ${id}`
        return { match, events, commentary: text!.count }
      })
      expect(saved.match).toEqual({ status: 'finished', ft: [1, 0], ht: [1, 0] })
      expect(saved.events).toEqual([
        { kind: 'goal', side: 1, player_name: 'Home Scorer', other_player_name: null },
        { kind: 'yellow_card', side: 2, player_name: 'Away Booked', other_player_name: null },
        { kind: 'substitution', side: 2, player_name: 'Away Tired', other_player_name: 'Away Fresh' },
      ])
      expect(saved.commentary).toBe(3)
      // What a reader's page catches up from says the same.
      const live = (await (await page.request.get(`/api/v1/matches/${id}/live`)).json()) as { data: LiveSnapshot }
      expect(live.data).toMatchObject({ status: 'finished', ft: [1, 0] })
      expect(live.data.events.map((e) => e.kind)).toEqual(['goal', 'yellow_card', 'substitution'])
      expect(live.data.commentary).toHaveLength(3)
      expect(live.data.lineups.home).toMatchObject({ formation: '4-4-2', starters: [{ name: 'Home Keeper', shirtNumber: 1 }] })
    })
  }
})
