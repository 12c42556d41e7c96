// A league table as it stands, seen by a reader with the page open: an editor's goal through
// the live API reorders it without a reload, and full time takes the provisional mark away
// and leaves the final order.
import { describe, expect } from 'vitest'
import { callApi, expectAccessible, it, type Lang, setRole, withDb } from './fixtures.ts'

const AS_IT_STANDS: Record<Lang, string> = { en: 'As it stands', ar: 'حسب النتائج الحالية' }
const CLUBS = [
  { en: 'Alpha', ar: 'ألفا' },
  { en: 'Beta', ar: 'بيتا' },
  { en: 'Gamma', ar: 'غاما' },
]

/**
 * A league of its own: Alpha has beaten Gamma, Beta drew with Gamma, and Beta v Alpha is to
 * come. Beta goes top only by winning it.
 */
async function newLeague(key: string): Promise<{ competition: string; matchId: number }> {
  const competition = `fx.stands${Math.floor(Math.random() * 1e6)}`
  return withDb((sql) =>
    sql.begin(async (tx) => {
      await tx`insert into competitions (id, kind, name, short_name) values (${competition}, 'league', ${tx.json({ en: 'Stands League', ar: 'دوري الترتيب' })}, ${tx.json({ en: 'SL', ar: 'د.ت' })})`
      const [season] = await tx<{ id: number }[]>`insert into seasons (competition_id, label) values (${competition}, '2026/27') returning id::int`
      const [alpha, beta, gamma] = await Promise.all(
        CLUBS.map(async (name) => (await tx<{ id: number }[]>`insert into clubs (name, short_name, source_key) values (${tx.json(name)}, ${tx.json(name)}, ${key + name.en}) returning id::int`)[0]!.id),
      )
      await tx`
        insert into matches (season_id, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, round, source_key) values
          (${season!.id}, '2026-08-01T18:00Z', ${alpha!}, ${gamma!}, 'finished', 1, 0, 'Matchday 1', ${key + '-1'}),
          (${season!.id}, '2026-08-02T18:00Z', ${beta!}, ${gamma!}, 'finished', 0, 0, 'Matchday 2', ${key + '-2'})`
      const [match] = await tx<{ id: number }[]>`
        insert into matches (season_id, kickoff, home_club_id, away_club_id, status, round, source_key)
        values (${season!.id}, now(), ${beta!}, ${alpha!}, 'scheduled', 'Matchday 3', ${key + '-3'}) returning id::int`
      return { competition, matchId: match!.id }
    }),
  )
}

describe('a league table as it stands', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`moves with a goal in play and shows the final order after full time, in ${lang === 'en' ? 'English' : 'Arabic'}`, { timeout: 60_000 }, async ({ openPage, accounts }) => {
      const key = `as-it-stands-${crypto.randomUUID()}`
      const { competition, matchId } = await newLeague(key)
      const editor = await accounts.signUp(lang)
      await setRole(editor.email, 'editor')
      const edit = (method: string, path: string, body: unknown) => callApi(method, `matches/${matchId}${path}`, body, { authorization: `Bearer ${editor.token}` })
      try {
        expect((await edit('PATCH', '', { status: 'live', minute: 1 })).status).toBe(200)
        const { page } = await openPage({ viewport: lang === 'en' ? { width: 1280, height: 900 } : { width: 390, height: 844 } })
        await page.goto(`/${lang}/leagues/${competition}`)
        const table = page.getByRole('table').first()
        const order = () => table.getByRole('rowheader').allTextContents()
        const names = (...which: number[]) => which.map((i) => CLUBS[i]![lang])

        // 0–0 at kick-off: a point each, Alpha still top.
        expect(await table.getByText(AS_IT_STANDS[lang], { exact: true }).count()).toBe(1)
        expect(await order()).toEqual(names(0, 1, 2))
        expect(await table.getByRole('img').count()).toBe(2)
        // Marks this document: a reload would lose the mark.
        await page.evaluate(() => Object.assign(window, { sameDocument: true }))

        expect((await edit('POST', '/events', { kind: 'goal', minute: 23, side: 'home', player_name: 'Test Striker' })).status).toBe(200)
        await expect.poll(order, { timeout: 10_000 }).toEqual(names(1, 0, 2))
        expect(await table.getByText(AS_IT_STANDS[lang], { exact: true }).count()).toBe(1)

        expect((await edit('PATCH', '', { status: 'finished', minute: 90 })).status).toBe(200)
        await expect.poll(() => page.getByText(AS_IT_STANDS[lang], { exact: true }).count(), { timeout: 10_000 }).toBe(0)
        expect(await order()).toEqual(names(1, 0, 2))
        expect(await table.getByRole('img').count()).toBe(0)
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
        await expectAccessible(page)
      } finally {
        await withDb(async (sql) => {
          await sql`delete from competitions where id = ${competition}`
          await sql`delete from clubs where source_key like ${key + '%'}`
        })
      }
    })
  }
})
