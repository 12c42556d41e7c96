// The search modal as a reader meets it: opened by Ctrl+K, by "/" and by the header button
// before its own code has loaded, results as they type, arrows and Enter to go, Escape to
// come back where they were; in Arabic and English, and the page without JavaScript.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { expectAccessible, it } from './fixtures.ts'

/** Goes to `path`, recording the scripts the page loads. */
async function goTracked(page: Page, path: string) {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto(path)
  return scripts
}

const dialog = (page: Page) => page.getByRole('dialog')
const input = (page: Page) => dialog(page).getByRole('combobox')

/** The option the combobox points at: it names it by id, and that reference is what is checked. */
async function activeOption(page: Page): Promise<string | null> {
  const id = await input(page).getAttribute('aria-activedescendant')
  return id ? page.locator(`[id="${id}"]`).innerText() : null
}

describe('the search modal', () => {
  it('opens with Ctrl+K, loading nothing of its own before; arrows and Enter go to a result', async ({ openPage }) => {
    const { page } = await openPage()
    const scripts = await goTracked(page, '/en/news')
    await page.waitForLoadState('networkidle')
    expect(scripts.some((s) => /search-modal|hydrate-/.test(s))).toBe(false)
    await page.keyboard.press('Control+k')
    await dialog(page).waitFor({ state: 'visible' })
    expect(scripts.some((s) => /search-modal/.test(s))).toBe(true)
    await expect(input(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true)
    await input(page).fill('Mohamed Salah')
    const option = dialog(page).getByRole('option', { name: /Mohamed Salah/ }).first()
    await option.waitFor({ state: 'visible' })
    expect(await dialog(page).getByRole('group', { name: 'Players' }).isVisible()).toBe(true)
    await page.keyboard.press('ArrowDown')
    expect(await activeOption(page)).toContain('Mohamed Salah')
    expect(await option.getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('ArrowDown')
    expect(await activeOption(page)).not.toContain('Mohamed Salah')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/en\/player\/\d+$/)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Mohamed Salah')
  })

  it('opens with "/" in Arabic, finds unvowelled names, and Escape returns focus', async ({ openPage }) => {
    const { page } = await openPage()
    await page.goto('/ar')
    const switcher = page.getByRole('link', { name: 'English' })
    await switcher.focus()
    await page.keyboard.press('/')
    await dialog(page).waitFor({ state: 'visible' })
    expect(await input(page).inputValue()).toBe('')
    await input(page).fill('الاهلي')
    await dialog(page).getByRole('option', { name: /^الأهلي/ }).first().waitFor({ state: 'visible' })
    expect(await dialog(page).getByRole('group', { name: 'المباريات' }).isVisible()).toBe(true)
    // The field runs right to left, so its text begins at its inline start.
    expect(await input(page).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    // The modal hands focus back on the next frame, after it has left the page.
    await expect.poll(() => switcher.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('opens from the header button, keeps focus inside, scopes, remembers searches, and is accessible', async ({ openPage }) => {
    const { page } = await openPage()
    await page.goto('/en/leagues')
    const button = page.getByRole('link', { name: 'Search', exact: true })
    await button.click()
    await dialog(page).waitFor({ state: 'visible' })
    expect(new URL(page.url()).pathname).toBe('/en/leagues')
    await input(page).fill('barcelna')
    await dialog(page).getByRole('option', { name: /Barcelona/ }).first().waitFor({ state: 'visible' })
    await dialog(page).getByRole('button', { name: 'Clubs' }).click()
    await expect(dialog(page).getByRole('button', { name: 'Clubs' }).getAttribute('aria-pressed')).resolves.toBe('true')
    await expect.poll(() => dialog(page).getByRole('listbox').getByRole('group').count(), { timeout: 10_000 }).toBe(1)
    await expectAccessible(page)
    // Tab cycles within the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog(page).evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await dialog(page).getByRole('button', { name: 'Close search' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    // The modal hands focus back on the next frame, after it has left the page.
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true)
    // Following a result keeps the search for next time.
    await button.click()
    await input(page).fill('Real Madrid')
    await dialog(page).getByRole('option', { name: /Real Madrid/ }).first().click()
    await page.waitForURL(/\/en\/club\/\d+$/)
    await page.keyboard.press('Control+k')
    await dialog(page).getByRole('option', { name: 'Real Madrid' }).waitFor({ state: 'visible' })
    expect(await dialog(page).getByRole('group', { name: 'Recent searches' }).isVisible()).toBe(true)
  })

  it('says so when nothing is found, and sends Enter to the full results page', async ({ openPage }) => {
    const { page } = await openPage()
    await page.goto('/en')
    await page.keyboard.press('Control+k')
    await input(page).fill('zzqxv')
    await dialog(page).getByText('No results for').waitFor({ state: 'visible' })
    await input(page).fill('Liverpool')
    await dialog(page).getByRole('option', { name: /Liverpool/ }).first().waitFor({ state: 'visible' })
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/en\/search\?q=Liverpool$/)
    // Each group of results is a region named by its heading ("Players", "Clubs" …).
    expect(await page.getByRole('main').getByRole('region').count()).toBeGreaterThan(0)
    // The results page itself (expectAccessible needs scripts, so it is judged here, not without them).
    await expectAccessible(page)
  })

  it('fits a phone in Arabic', async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 800 } })
    await page.goto('/ar/news')
    await page.getByRole('link', { name: 'بحث', exact: true }).click()
    await input(page).fill('محمد صلاح')
    await dialog(page).getByRole('option', { name: /محمد صلاح/ }).first().waitFor({ state: 'visible' })
    const box = await dialog(page).boundingBox()
    expect(box!.width).toBeLessThanOrEqual(390)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBe(0)
    await expectAccessible(page)
  })
})

describe('search without JavaScript', () => {
  it('follows the header link to the search page and searches there', async ({ openPage }) => {
    const { page } = await openPage({ javaScriptEnabled: false })
    await page.goto('/en/news')
    await page.getByRole('link', { name: 'Search', exact: true }).click()
    await page.waitForURL(/\/en\/search$/)
    const search = page.getByRole('search')
    await search.getByRole('searchbox').fill('Salah')
    await search.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(/\/en\/search\?q=Salah$/)
    await page.getByRole('main').getByRole('listitem').filter({ hasText: 'Mohamed Salah' }).first().waitFor()
    await page.getByRole('navigation', { name: 'Search in' }).getByRole('link', { name: 'Players' }).click()
    await page.waitForURL(/\/en\/search\?q=Salah&type=players$/)
  })
})
