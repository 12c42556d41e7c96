// Where to watch in a browser (issue 26): an editor fills a match day in the Arabic desk,
// putting a channel on every match of a round, then names a commentator on one match; the
// channels screen and its form pass axe in English. With SCREENSHOTS=1, screenshots land in test-results/.
import { describe, expect } from 'vitest'
import { expectAccessible, it, setRole, shoot, successToast, withDb } from './fixtures.ts'

/** A league of the test's own with a round of three matches, and a channel to put on them. */
async function matchDay(): Promise<{ season: string; channel: string; channelAr: string; matches: string[] }> {
  const tag = crypto.randomUUID().slice(0, 6)
  return withDb(async (sql) => {
    await sql`insert into competitions (id, kind, name, short_name)
      values (${`browser.${tag}`}, 'league', ${sql.json({ en: `Browser League ${tag}`, ar: `دوري المتصفح ${tag}` })}, ${sql.json({ en: tag })})`
    const [season] = await sql<{ id: string }[]>`insert into seasons (competition_id, label) values (${`browser.${tag}`}, '2026/27') returning id::text`
    const clubs = await sql<{ id: string }[]>`select id::text from clubs order by id limit 6`
    const matches: string[] = []
    for (let n = 0; n < 3; n++) {
      const [row] = await sql<{ id: string }[]>`
        insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, source_key)
        values (${season!.id}, 'Matchday 7', now() + ${`${n + 1} days`}::interval, ${clubs[2 * n]!.id}, ${clubs[2 * n + 1]!.id}, 'scheduled',
          ${`test:browser:${tag}:${n}`})
        returning id::text`
      matches.push(row!.id)
    }
    const channelAr = `قناة المتصفح ${tag}`
    const [channel] = await sql<{ id: string }[]>`
      insert into channels (name, free_to_air, countries) values (${sql.json({ ar: channelAr, en: `Browser TV ${tag}` })}, true, '{EG,SA}')
      returning id::text`
    return { season: season!.id, channel: channel!.id, channelAr, matches }
  })
}

describe('where to watch at the desk', () => {
  it('an editor puts a channel on every match of a round in the Arabic desk, then names a match’s commentator', async ({ signedIn }) => {
    const { page, account } = await signedIn('ar', { viewport: { width: 390, height: 844 } })
    await setRole(account.email, 'editor')
    const day = await matchDay()

    await page.goto('/ar/desk')
    await page.getByRole('link', { name: 'أين تُشاهَد', exact: true }).click()
    await page.getByLabel('الموسم', { exact: true }).selectOption(day.season)
    await page.getByRole('button', { name: 'عرض', exact: true }).click()
    await page.getByLabel('الجولة', { exact: true }).selectOption('Matchday 7')
    await page.getByRole('button', { name: 'عرض', exact: true }).click()
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(4)

    await page.getByLabel('القناة', { exact: true }).selectOption(day.channel)
    await page.getByRole('button', { name: 'انسخها إلى كل مباريات الجولة' }).click()
    await successToast(page)
    // Each match of the round now says where to watch it, its countries named in Arabic.
    await expect.poll(() => page.getByRole('table').getByText(day.channelAr).count()).toBe(3)
    await expect.poll(() => page.getByRole('table').getByText('السعودية، مصر').count()).toBe(3)
    await shoot(page, 'desk-round-ar')
    await expectAccessible(page)

    await page.locator(`a[href="/ar/desk/matches/${day.matches[1]}/broadcasts"]`).click()
    await page.waitForURL(`**/ar/desk/matches/${day.matches[1]}/broadcasts`)
    const arabic = page.getByLabel('المعلّقون بالعربية').first()
    expect(await arabic.getAttribute('dir')).toBe('rtl')
    await arabic.fill('معلّق المتصفح')
    await page.getByLabel('المعلّقون بالإنجليزية').first().fill('Browser Voice')
    await page.getByRole('button', { name: 'احفظ أين تُشاهَد' }).click()
    await successToast(page)
    await shoot(page, 'desk-match-broadcasts-ar')
    await expectAccessible(page)

    const stored = await withDb((sql) => sql<{ match: string; commentators: unknown }[]>`
      select match_id::text as match, commentators from broadcasts where channel_id = ${day.channel} order by match_id`)
    expect(stored).toEqual([
      { match: day.matches[0], commentators: [] },
      { match: day.matches[1], commentators: [{ ar: 'معلّق المتصفح', en: 'Browser Voice' }] },
      { match: day.matches[2], commentators: [] },
    ])
  })

  it('the channels screen and a channel’s form pass axe in English at 1280px', async ({ signedIn }) => {
    const { page, account } = await signedIn('en')
    await setRole(account.email, 'editor')
    await page.goto('/en/desk/channels')
    await expect.poll(() => page.getByRole('link', { name: 'beIN SPORTS', exact: true }).count()).toBe(1)
    await shoot(page, 'desk-channels-en')
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Arryadia', exact: true }).click()
    expect(await page.getByLabel('Morocco').isChecked()).toBe(true)
    expect(await page.getByLabel('Free to air').isChecked()).toBe(true)
    await shoot(page, 'desk-channel-edit-en')
    await expectAccessible(page)
  })
})
