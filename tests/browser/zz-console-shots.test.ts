import postgres from 'postgres'
import { describe, inject } from 'vitest'
import { it, shoot } from './fixtures.ts'

describe('shots', () => {
  for (const lang of ['ar', 'en'] as const) {
    for (const width of [390, 1280]) {
      it(`console ${lang} ${width}`, { timeout: 60_000 }, async ({ signedIn }) => {
        const { page, account } = await signedIn(lang, { viewport: { width, height: 900 } })
        const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} })
        await sql`update users set role = 'editor' where lower(email) = lower(${account.email})`
        const [row] = await sql<{ id: number }[]>`
          with pick as (select s.id as season_id, (select id from clubs order by id limit 1) as home,
            (select id from clubs order by id offset 1 limit 1) as away from seasons s order by s.id limit 1)
          insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
          select season_id, now() + interval '5 minutes', home, away, 'scheduled', ${`test:zz:${crypto.randomUUID()}`} from pick returning id::int`
        await sql.end()
        await page.goto(`/${lang}/desk/matches`)
        await page.screenshot({ path: `test-results/zz-list-${lang}-${width}.png`, fullPage: true })
        await page.goto(`/${lang}/desk/matches/${row!.id}`)
        await page.waitForFunction(() => Object.keys(document.querySelector('[data-island="live-console"]')!).some((k) => k.startsWith('__reactContainer')))
        await page.getByRole('button').filter({ hasText: /Kick off|انطلاق المباراة/ }).click()
        await page.locator('.console-confirm').screenshot({ path: `test-results/zz-confirm-${lang}-${width}.png` })
        await page.locator('.console-confirm button').first().click()
        await page.locator('.console-clock').waitFor()
        await page.keyboard.press('s')
        await page.locator('details.console-lineup').first().evaluate((d) => ((d as HTMLDetailsElement).open = true))
        await page.locator('details.console-keys').evaluate((d) => ((d as HTMLDetailsElement).open = true))
        await shoot(page, `zz-console-${lang}`)
      })
    }
  }
})
