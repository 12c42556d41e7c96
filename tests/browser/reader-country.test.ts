// The reader's country in a browser (issue 26, section 2; decisions 122 and 123): a reader in
// Egypt and one in Morocco see different channels first for the same demo fixture, in both
// languages, narrow and wide, each page passing axe; the country picker works with and without
// JavaScript. The demo fixture's Moroccan broadcast is added through the desk API, as an editor would.
import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { baseUrl, callApi, expectAccessible, it, type Lang, setRole, shoot, withDb } from './fixtures.ts'

interface Broadcast {
  channel: { id: string }
  countries: string[]
  commentators: { ar?: string; en?: string }[]
  language: string | null
}

const EGYPT_FIRST = { ar: 'أون تايم سبورتس', en: 'ON Time Sports' }
const MOROCCO_FIRST = { ar: 'الرياضية', en: 'Arryadia' }
const IN_COUNTRY = { ar: { EG: 'في مصر', MA: 'في المغرب' }, en: { EG: 'In Egypt', MA: 'In Morocco' } }

/** A demo fixture the seed gave the Egyptian channel, with the Moroccan one added for Morocco. */
async function demoFixtureShownInEgyptAndMorocco(token: string): Promise<string> {
  const { match, arryadia } = await withDb(async (sql) => {
    const [row] = await sql<{ match: string; arryadia: string }[]>`
      select b.match_id::text as match, (select id::text from channels where source_key = 'seed:arryadia') as arryadia
      from broadcasts b join channels c on c.id = b.channel_id join matches m on m.id = b.match_id
      where m.demo and c.source_key = 'seed:on-time-sports'
      order by m.kickoff limit 1`
    return row!
  })
  const bearer = { authorization: `Bearer ${token}` }
  const current = await callApi<Broadcast[]>('GET', `desk/matches/${match}/broadcasts`, undefined, bearer)
  const list = current.data.filter((b) => b.channel.id !== arryadia).map((b) => ({ channel_id: Number(b.channel.id), countries: b.countries, commentators: b.commentators, language: b.language }))
  list.push({ channel_id: Number(arryadia), countries: ['MA'], commentators: [{ ar: 'معلّق مغربي (تجريبي)', en: 'Moroccan commentator (demo)' }], language: 'ar' })
  const put = await callApi('PUT', `desk/matches/${match}/broadcasts`, list, bearer)
  expect(put.status).toBe(200)
  return match
}

/** The channels listed under the reader's own country, before the folded ones. */
const firstCountry = (page: Page) => page.locator('.where-to-watch h3 + .watch-channels')

describe("where to watch, by the reader's country", () => {
  for (const lang of ['ar', 'en'] as Lang[]) {
    for (const width of [390, 1280]) {
      it(`shows a reader in Egypt and one in Morocco their own channel first (${lang}, ${width} px)`, async ({ openPage, accounts }) => {
        const editor = await accounts.signUp(lang)
        await setRole(editor.email, 'editor')
        const match = await demoFixtureShownInEgyptAndMorocco(editor.token)
        for (const [country, channel] of [['EG', EGYPT_FIRST], ['MA', MOROCCO_FIRST]] as const) {
          const { page } = await openPage({ viewport: { width, height: 844 } })
          await page.context().addCookies([{ name: 'country', value: country, url: baseUrl(), sameSite: 'Lax' }])
          await page.goto(`/${lang}/matches/${match}`)
          const section = page.getByRole('region', { name: lang === 'ar' ? 'أين تُشاهَد' : 'Where to watch' })
          await expect.poll(() => section.getByRole('heading', { level: 3 }).first().textContent()).toBe(IN_COUNTRY[lang][country])
          await expect.poll(() => firstCountry(page).textContent()).toContain(channel[lang])
          // The kick-off in the capitals, each a <time> with its offset.
          expect(await page.locator('.capital-times time').count()).toBe(7)
          await shoot(page, `where-to-watch-${country}-${lang}`, { around: section })
          await expectAccessible(page)
        }
      })
    }
  }
})

describe('the country picker', () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`chooses Morocco on the match page and keeps it, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({ openPage, accounts }) => {
      const editor = await accounts.signUp('ar')
      await setRole(editor.email, 'editor')
      const match = await demoFixtureShownInEgyptAndMorocco(editor.token)
      const { page } = await openPage({ javaScriptEnabled, viewport: { width: 390, height: 844 } })
      await page.context().addCookies([{ name: 'country', value: 'EG', url: baseUrl(), sameSite: 'Lax' }])
      await page.goto(`/ar/matches/${match}`)
      await expect.poll(() => firstCountry(page).textContent()).toContain(EGYPT_FIRST.ar)
      const section = page.getByRole('region', { name: 'أين تُشاهَد' })
      await section.getByLabel('دولتك', { exact: true }).selectOption('MA')
      await section.getByRole('button', { name: 'تعيين الدولة' }).click()
      await page.waitForURL(`**/ar/matches/${match}`)
      await expect.poll(() => firstCountry(page).textContent()).toContain(MOROCCO_FIRST.ar)
      const cookie = (await page.context().cookies()).find((c) => c.name === 'country')
      expect(cookie?.value).toBe('MA')
      // The header's picker now names the reader's country.
      await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'دولتك: المغرب' }).count()).toBe(1)
      // axe runs in the page: only where scripts do.
      if (javaScriptEnabled) await expectAccessible(page)
    })
  }

  it('opens from the header on any page and goes back to it', async ({ openPage }) => {
    const { page } = await openPage({ javaScriptEnabled: false })
    await page.goto('/en/news')
    await page.getByRole('banner').getByRole('link', { name: 'Country' }).click()
    await page.waitForURL('**/en/country?next=%2Fen%2Fnews')
    await page.getByRole('combobox', { name: 'Your country', exact: true }).selectOption('TN')
    await page.getByRole('button', { name: 'Set country' }).click()
    await page.waitForURL('**/en/news')
    expect((await page.context().cookies()).find((c) => c.name === 'country')?.value).toBe('TN')
  })
})
