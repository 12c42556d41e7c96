// The desk's football corrections in a browser (issue 15, browser test 4): an editor corrects
// a club's Arabic name in the Arabic desk, and a reader's club page (through the edge cache)
// shows it; the same for the English short name in the English desk. axe checks the club's
// edit screen; screenshots of it land in test-results/ with SCREENSHOTS=1 (Arabic at 390px, English at 1280px).
import { describe, expect } from 'vitest'
import { expectAccessible, it, setRole, shoot, successToast, withDb } from './fixtures.ts'

/** A club of the test's own, with an alias and a crest, so the screen shows every part. */
async function newClub(): Promise<string> {
  const tag = crypto.randomUUID().slice(0, 6)
  return withDb(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into clubs (name, short_name, crest, crest_credit, crest_licence, source_key)
      values (${sql.json({ en: `Browser Test Club ${tag}`, ar: `نادي المتصفح ${tag}` })}, ${sql.json({ en: `BTC ${tag}`, ar: `المتصفح` })},
        '/favicon.svg', 'Hadaf', 'CC BY 4.0', ${`test:browser:${tag}`})
      returning id::text`
    await sql`insert into club_aliases (alias_key, alias, club_id) values (${`browser test ${tag}`}, ${`Browser Test ${tag}`}, ${row!.id})`
    return row!.id
  })
}

describe('the desk’s football corrections', () => {
  it('an editor corrects a club’s Arabic name in the Arabic desk, and the club page shows it', async ({ signedIn, openPage }) => {
    const { page, account } = await signedIn('ar', { viewport: { width: 390, height: 844 } })
    await setRole(account.email, 'editor')
    const id = await newClub()
    // A reader has seen the page with the old name, so the edge cache holds it.
    const reader = (await openPage()).page
    await reader.goto(`/ar/club/${id}`)
    await expect.poll(() => reader.locator('h1').textContent()).toContain('نادي المتصفح')

    await page.goto('/ar/desk/clubs')
    await page.getByRole('searchbox').fill('نادي المتصفح')
    await page.getByRole('button', { name: 'بحث' }).click()
    await page.locator(`a[href="/ar/desk/clubs/${id}"]`).click()
    await page.waitForURL(`**/ar/desk/clubs/${id}`)
    const arabicName = page.getByLabel('الاسم بالعربية', { exact: true })
    expect(await arabicName.getAttribute('dir')).toBe('rtl')
    await shoot(page, 'desk-club-edit-ar', {})
    await expectAccessible(page)

    const corrected = `نادي التصحيح ${crypto.randomUUID().slice(0, 4)}`
    await arabicName.fill(corrected)
    await page.getByRole('button', { name: 'احفظ التصحيحات' }).click()
    await page.waitForURL(`**/ar/desk/clubs/${id}`)
    await successToast(page)
    // The field is now marked as corrected.
    await expect.poll(() => page.locator('label[for="desk-name-ar"]').textContent()).toContain('مصحَّح')

    // The reader's next visits show the new name within the edge cache's recheck (a few seconds).
    await expect
      .poll(async () => {
        await reader.goto(`/ar/club/${id}`)
        return reader.locator('h1').textContent()
      }, { timeout: 15_000, interval: 1000 })
      .toContain(corrected)
  })

  it('an editor corrects the English short name in the English desk; the screen passes axe at 1280px', async ({ signedIn }) => {
    const { page, account } = await signedIn('en')
    await setRole(account.email, 'editor')
    const id = await newClub()
    await page.goto(`/en/desk/clubs/${id}`)
    await shoot(page, 'desk-club-edit-en')
    await expectAccessible(page)
    const shortName = page.getByLabel(/^Short name in English/)
    expect(await shortName.getAttribute('dir')).toBe('ltr')
    await shortName.fill('Corrected FC')
    await page.getByRole('button', { name: 'Save the corrections' }).click()
    await successToast(page)
    const saved = await withDb((sql) => sql<{ short: string; corrected: string[] }[]>`select short_name ->> 'en' as short, corrected from clubs where id = ${id}`)
    expect(saved[0]).toEqual({ short: 'Corrected FC', corrected: ['short_name.en'] })
  })

  it('the merge review, the deductions and the conflicts screens pass axe', async ({ signedIn }) => {
    const { page, account } = await signedIn('ar', { viewport: { width: 390, height: 844 } })
    await setRole(account.email, 'editor')
    const [from, into] = [await newClub(), await newClub()]
    await withDb(async (sql) => {
      await sql`update clubs set corrected = '["name.ar"]' where id = ${from}`
      await sql`insert into import_conflicts (target_type, target_id, field, stored, incoming, source)
        values ('club', ${from}, 'name.ar', (select name -> 'ar' from clubs where id = ${from}), '"اسم مستورد"', 'football.json/2024-25/sa.1.json')`
    })
    for (const path of [`/ar/desk/clubs/${from}/merge?into=${into}`, '/ar/desk/deductions', '/ar/desk/conflicts', '/ar/desk/players']) {
      await page.goto(path)
      await shoot(page, `desk-football-${path.split('/')[3]}-${path.split('/').length}`)
      await expectAccessible(page)
    }
  })
})
