// Spoiler-free in the browser (issue 27, section 4; decision 139): a reader who hides every
// score opens a match played an hour ago, in both languages. The HTML the server sent holds no
// score and no scorer; pressing "Show the score" (a plain form, here with JavaScript on and off)
// brings the page back with both, and the page passes axe either way. With SCREENSHOTS=1,
// screenshots land in test-results/.
import { describe, expect } from 'vitest'
import { expectAccessible, it, type Lang, shoot, successToast, withDb } from './fixtures.ts'

interface Played {
  id: string
  scorer: string
}

let made: Promise<Played> | undefined

/** Two clubs of the demo data, 8–5 an hour ago in a league of the test's own, with a scorer. */
function played(): Promise<Played> {
  made ??= withDb(async (sql) => {
    const tag = crypto.randomUUID().slice(0, 6)
    const league = `browser.spoiler${tag}`
    await sql`insert into competitions (id, kind, name, short_name)
      values (${league}, 'league', ${sql.json({ en: `Recorded League ${tag}`, ar: `دوري التسجيل ${tag}` })}, ${sql.json({ en: tag })})`
    const [season] = await sql<{ id: string }[]>`insert into seasons (competition_id, label) values (${league}, '2030/31') returning id::text`
    const clubs = await sql<{ id: string }[]>`select id::text from clubs order by id limit 2`
    const [row] = await sql<{ id: string }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, source_key)
      values (${season!.id}, now() - interval '1 hour', ${clubs[0]!.id}, ${clubs[1]!.id}, 'finished', 8, 5, ${`test:browser-spoiler:${tag}`})
      returning id::text`
    const scorer = `Rewatch Hero ${tag}`
    await sql`insert into match_events (match_id, kind, minute, side, player_name, source_key)
      values (${row!.id}, 'goal', 9, 1, ${scorer}, ${`test:browser-spoiler:${tag}:goal`})`
    return { id: row!.id, scorer }
  })
  return made
}

const SHOW = { ar: 'أظهر النتيجة', en: 'Show the score' }
const CASES = (['ar', 'en'] as Lang[]).flatMap((lang) => [true, false].map((javaScriptEnabled) => ({ lang, javaScriptEnabled })))

describe('a spoiler-free reader', () => {
  it.for(CASES)('sees no score on the match page until they press "Show the score" ($lang, script $javaScriptEnabled)', async ({ lang, javaScriptEnabled }, { signedIn }) => {
    const match = await played()
    const { page, account } = await signedIn(lang, { viewport: { width: 390, height: 900 }, javaScriptEnabled })
    await withDb((sql) => sql`update users set spoiler_free = 'all' where lower(email) = lower(${account.email})`)

    const response = await page.goto(`/${lang}/matches/${match.id}`)
    const html = await response!.text()
    expect(html).not.toContain('8–5')
    expect(html).not.toContain('score-home">8<')
    expect(html).not.toContain(match.scorer)
    expect(await page.title()).not.toMatch(/\d–\d/)
    const show = page.getByRole('button', { name: SHOW[lang] })
    await expect.poll(() => show.count()).toBe(1)
    // axe runs in the page: only with script.
    if (javaScriptEnabled) {
      await expectAccessible(page)
      await shoot(page, `spoiler-free-hidden-${lang}`)
    }

    await show.click()
    await page.waitForURL(new RegExp(`/${lang}/matches/${match.id}#match-${match.id}$`))
    if (javaScriptEnabled) await successToast(page)
    const scoreboard = page.locator('.scoreboard .score')
    await expect.poll(() => scoreboard.getAttribute('aria-label')).toMatch(/8/)
    expect(await page.locator('.scoreboard .score-home').textContent()).toBe('8')
    expect(await page.locator('.scoreboard .score-away').textContent()).toBe('5')
    expect(await page.getByText(match.scorer).count()).toBeGreaterThan(0)
    expect(await page.title()).toContain('8–5')
    expect(await page.getByRole('button', { name: SHOW[lang] }).count()).toBe(0)
    if (javaScriptEnabled) {
      await expectAccessible(page)
      await shoot(page, `spoiler-free-shown-${lang}`)
    }
  })
})
