// The desk's media library in a browser (issue 15, decisions 084–085): a contributor uploads
// a photo with its credit, licence and text in both languages, then picks it as a draft's
// cover in the post editor; axe checks the library and the item page in both languages, and
// screenshots land in /tmp.
import postgres from 'postgres'
import sharp from 'sharp'
import { describe, expect, inject } from 'vitest'
import { expectAccessible, it, successToast } from './fixtures.ts'

async function makeContributor(email: string) {
  const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} })
  try {
    await sql`update users set role = 'contributor' where lower(email) = lower(${email})`
  } finally {
    await sql.end()
  }
}

/** A photo-like JPEG (noise over a gradient's worth of grey), wide enough for every cover width. */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7d44', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer()
}

describe('the desk’s media library', () => {
  it('a contributor uploads a photo with credit and text in both languages and makes it a draft’s cover', async ({ signedIn }) => {
    const { page, account } = await signedIn('en')
    await makeContributor(account.email)
    const tag = crypto.randomUUID().slice(0, 6)
    await page.goto('/en/desk/media')
    await expectAccessible(page)
    await page.locator('#desk-file').setInputFiles({ name: 'goal.jpg', mimeType: 'image/jpeg', buffer: await photo() })
    await page.getByLabel('Credit', { exact: true }).fill(`Hadaf / Sami ${tag}`)
    await page.getByLabel('Licence', { exact: true }).selectOption('own')
    const arabic = page.getByLabel('Text in Arabic', { exact: true })
    expect(await arabic.getAttribute('dir')).toBe('rtl')
    await arabic.fill(`لاعبو الهلال يحتفلون ${tag}`)
    await page.getByLabel('Text in English', { exact: true }).fill(`Al Hilal players celebrate ${tag}`)
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await page.waitForURL(/\/en\/desk\/media\/\d+$/)
    await successToast(page)
    // The covers' widths are listed, each a WebP the browser can open.
    await expect.poll(() => page.locator('.media-variants li').count()).toBe(4)
    const preview = page.locator('img.media-preview')
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    expect(await preview.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/covers\/[0-9a-f-]+\.webp$/)
    await expectAccessible(page)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `/tmp/desk-media-item-en-${width}.png`, fullPage: true })
    }

    await page.goto('/en/desk/posts/new')
    await page.locator('#desk-title-en').fill(`A cover from the library ${tag}`)
    await page.getByRole('radio', { name: `Al Hilal players celebrate ${tag}` }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    // The address may change before the page does: a first autosave that made the post puts
    // its editor's address in the bar, and the save waits for it. The toast is the saved page.
    await page.waitForURL(/\/en\/desk\/posts\/\d+$/)
    await successToast(page)
    await expect.poll(() => page.getByRole('radio', { name: `Al Hilal players celebrate ${tag}` }).isChecked()).toBe(true)

    // The preview shows the cover as readers will: a WebP the browser chose from the widths,
    // its alt text in the page's language, and the credit under it.
    await page.goto(`${new URL(page.url()).pathname}/preview/en`)
    const cover = page.locator('img.post-cover')
    expect(await cover.getAttribute('alt')).toBe(`Al Hilal players celebrate ${tag}`)
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\/media\/covers\/[0-9a-f-]+\.webp$/)
    expect(await page.locator('.post-hero-credit').textContent()).toBe(`Photo: Hadaf / Sami ${tag} (Our own)`)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `/tmp/desk-media-cover-preview-en-${width}.png` })
    }
  })

  it('shows the library in Arabic, right to left, narrow and wide, with no serious axe issue', async ({ signedIn }) => {
    const { page, account } = await signedIn('ar')
    await makeContributor(account.email)
    await page.goto('/ar/desk/media')
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    await expectAccessible(page)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `/tmp/desk-media-ar-${width}.png`, fullPage: true })
    }
    await page.goto('/en/desk/media')
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `/tmp/desk-media-en-${width}.png`, fullPage: true })
    }
  })
})
