// The newsroom's posts, end to end in a browser, in both languages (issue 15): a contributor
// writes a bilingual news item in the TipTap editors (the Arabic one right to left) and sends
// it for review; an editor edits it, previews it in each language, schedules it, and sees the
// cron publish it; a reader finds it on the home page and in search. axe checks the list,
// the editor, the revisions and the preview; screenshots of the editor land in /tmp.
import postgres from 'postgres'
import { describe, expect, inject } from 'vitest'
import { isoToZonedLocal } from '../../lib/zoned-time.ts'
import { baseUrl, expectAccessible, it, successToast } from './fixtures.ts'

const word = `derby${crypto.randomUUID().slice(0, 6)}`
const story = {
  titleAr: `الهلال يفوز بالديربي ${word}`,
  titleEn: `Al Hilal win the derby ${word}`,
  summaryAr: 'فوز مستحق في ليلة ماطرة.',
  summaryEn: 'A deserved win on a rainy night.',
  bodyAr: 'سجل سالم الدوسري هدف الفوز في الدقيقة الأخيرة.',
  bodyEn: 'Salem Al Dawsari scored the winner in the last minute.',
}

let postPath = ''

async function setRole(email: string, role: 'contributor' | 'editor') {
  const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} })
  try {
    await sql`update users set role = ${role} where lower(email) = lower(${email})`
  } finally {
    await sql.end()
  }
}

async function firstClubName(): Promise<string> {
  const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} })
  try {
    const [club] = await sql<{ en: string }[]>`select name ->> 'en' as en from clubs where name ->> 'en' ~ '^[A-Za-z ]{4,}$' order by id limit 1`
    return club!.en
  } finally {
    await sql.end()
  }
}

/** The cron's minute has come for the post: its time set just past, then the scheduled handler run. */
async function runCronFor(id: string) {
  const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} })
  try {
    await sql`update posts set published_at = now() - interval '1 second' where id = ${id} and status = 'scheduled'`
  } finally {
    await sql.end()
  }
  const res = await fetch(`${baseUrl()}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('* * * * *')}`)
  expect(res.ok).toBe(true)
}

describe('the desk’s posts', () => {
  it('a contributor writes a bilingual news item and submits it for review (Arabic desk)', async ({ signedIn }) => {
    const { page, account } = await signedIn('ar')
    await setRole(account.email, 'contributor')
    await page.goto('/ar/desk/posts/new')
    await page.locator('#desk-title-ar').fill(story.titleAr)
    await page.locator('#desk-summary-ar').fill(story.summaryAr)
    const arabicBody = page.locator('#desk-body-ar-editor [contenteditable="true"]')
    // TipTap is its own chunk, fetched when the island wakes: on a busy machine, seconds.
    await arabicBody.waitFor()
    expect(await arabicBody.getAttribute('dir')).toBe('rtl')
    expect(await arabicBody.getAttribute('lang')).toBe('ar')
    await arabicBody.click()
    await page.keyboard.type(story.bodyAr)
    // The toolbar's buttons have names in the page's language.
    await page.getByRole('button', { name: 'غامق' }).first().click()
    await page.keyboard.type(' هدف قاتل')
    await page.locator('#desk-title-en').fill(story.titleEn)
    await page.locator('#desk-summary-en').fill(story.summaryEn)
    const englishBody = page.locator('#desk-body-en-editor [contenteditable="true"]')
    expect(await englishBody.getAttribute('dir')).toBe('ltr')
    await englishBody.click()
    await page.keyboard.type(story.bodyEn)
    await expect.poll(() => page.locator('#desk-body-ar').inputValue()).toContain('<strong>')

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `/tmp/desk-editor-ar-${width}.png`, fullPage: true })
    }
    await expectAccessible(page)

    // The first save is the autosave (the button is there too, and says the same).
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/ar\/desk\/posts\/\d+$/)
    await expect.poll(() => page.getByRole('status').filter({ hasText: /حُفظ في/ }).count(), { timeout: 10_000 }).toBe(1)
    await page.getByRole('button', { name: 'حفظ', exact: true }).click()
    await page.waitForURL(/\/ar\/desk\/posts\/\d+$/)
    await successToast(page)
    postPath = new URL(page.url()).pathname.replace(/^\/ar/, '')
    expect(await page.locator('#desk-body-ar').inputValue()).toContain(story.bodyAr)

    // A contributor is not offered publishing.
    expect(await page.getByRole('button', { name: 'انشر الآن' }).count()).toBe(0)
    await page.getByRole('button', { name: 'إرسال للمراجعة' }).click()
    await successToast(page)
    await expect.poll(() => page.locator('.desk-workflow .desk-status-review').count()).toBe(1)

    await page.goto('/ar/desk/posts?status=review')
    await page.getByRole('link', { name: story.titleAr }).waitFor()
    await expectAccessible(page)
   }, 90_000)

  it('an editor edits it, previews it in each language, schedules it and sees the cron publish it (English desk)', async ({ signedIn }) => {
    expect(postPath).not.toBe('')
    const { page, account } = await signedIn('en')
    await setRole(account.email, 'editor')
    await page.goto('/en/desk/posts?status=review')
    await page.getByRole('link', { name: story.titleEn }).click()
    await page.waitForURL(/\/en\/desk\/posts\/\d+$/)
    const id = /(\d+)$/.exec(page.url())![1]!

    const englishBody = page.locator('#desk-body-en-editor [contenteditable="true"]')
    await englishBody.waitFor()
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `/tmp/desk-editor-en-${width}.png`, fullPage: true })
    }
    await expectAccessible(page)

    // An edit autosaves after a pause.
    await englishBody.click()
    await page.keyboard.press('End')
    await page.keyboard.type(' It was his tenth goal of the season.')
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Saved at/ }).count(), { timeout: 15_000 }).toBe(1)

    // A tag by the combobox: typed, chosen with the keys, ticked, autosaved.
    const clubName = await firstClubName()
    // The picker wakes when it scrolls into view.
    await page.locator('#desk-tag-q').scrollIntoViewIfNeeded()
    const box = page.getByRole('combobox', { name: 'Find a tag' })
    await box.click()
    await box.fill(clubName)
    await page.getByRole('listbox', { name: 'Tags found' }).getByRole('option').first().waitFor()
    await box.press('ArrowDown')
    expect(await box.getAttribute('aria-activedescendant')).toBe('desk-tag-option-0')
    await box.press('Enter')
    await page.getByRole('checkbox', { name: new RegExp(clubName) }).first().waitFor()
    expect(await page.getByRole('checkbox', { name: new RegExp(clubName) }).first().isChecked()).toBe(true)
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Saved at/ }).count(), { timeout: 15_000 }).toBe(1)

    // Revisions: the autosave made one, and the diff shows what it added.
    await page.goto(`/en/desk/posts/${id}/revisions`)
    await page.getByRole('link', { name: /Compare revision 1 with now/ }).click()
    await page.locator('.desk-diff ins').first().waitFor()
    await expectAccessible(page)

    for (const lang of ['en', 'ar'] as const) {
      await page.goto(`/${lang}/desk/posts/${id}/preview/${lang}`)
      await page.locator('.post-body').getByText(lang === 'ar' ? story.bodyAr : story.bodyEn, { exact: false }).waitFor()
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
      await page.locator('.desk-preview-bar').waitFor()
      await page.screenshot({ path: `/tmp/desk-preview-${lang}-1280.png`, fullPage: true })
      await expectAccessible(page)
    }

    // Scheduled a minute ahead, in the zone the page names.
    await page.goto(`/en/desk/posts/${id}`)
    const zone = await page.locator('input[name="zone"]').inputValue()
    await page.locator('#desk-publish-at').fill(isoToZonedLocal(new Date(Date.now() + 120_000).toISOString(), zone))
    await page.getByRole('button', { name: 'Schedule' }).click()
    await successToast(page)
    await expect.poll(() => page.locator('.desk-workflow .desk-status-scheduled').count()).toBe(1)
    await expectAccessible(page)

    await runCronFor(id)
    await page.reload()
    await expect.poll(() => page.locator('.desk-workflow .desk-status-published').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Unpublish' }).count()).toBe(1)
  }, 90_000)

  it('a reader finds it on the home page and in search, in both languages', async ({ openPage }) => {
    const { page } = await openPage()
    for (const [lang, title] of [
      ['en', story.titleEn],
      ['ar', story.titleAr],
    ] as const) {
      await page.goto(`/${lang}`)
      await page.getByRole('link', { name: title }).first().waitFor()
      await page.goto(`/${lang}/search?q=${encodeURIComponent(word)}`)
      await page.getByRole('link', { name: title }).first().click()
      await page.locator('.post-body').waitFor()
      expect(await page.locator('meta[name="robots"]').count()).toBe(0)
    }
  })
})
