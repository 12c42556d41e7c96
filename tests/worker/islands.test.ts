import { describe, expect, it } from 'vitest'
import { FIXTURE, fixtureId } from './fixtures.ts'
import { executableScripts, fetchPage, sql } from './helpers.ts'

describe('islands', () => {
  // Every page's header holds the search modal island, which hydrates only when wanted:
  // up front a page ships the small client entry and nothing else.
  const ENTRY = /src="\/(client\/entry\.ts|assets\/client\.js)"/

  it.each(['/ar/news', '/en/leagues', '/en/privacy-policy', '/ar/no-such-page', '/en/matches?date=2024-05-20'])(
    '%s has only the header search island and ships only the client entry',
    async (path) => {
      const body = await (await fetchPage(path)).text()
      const scripts = executableScripts(body)
      expect(scripts).toHaveLength(1)
      expect(scripts[0]).toMatch(ENTRY)
      expect(body.match(/data-island="[^"]*"/g)).toEqual(['data-island="search-modal"'])
      expect(body).toContain('data-hydrate="interaction"')
    },
  )

  it('ships the tiny kick-off time corrector and the client entry on pages with upcoming kick-offs', async () => {
    // A day of its own, ten days ahead: other tests fill today with live matches.
    const fixture = await fixtureId(sql(), 'matches', FIXTURE.matchSourceKey)
    const [row] = await sql()<{ day: string }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, demo, source_key)
      select season_id, date_trunc('day', now()) + interval '10 days 18 hours', home_club_id, away_club_id, 'scheduled', true, ${`test:islands:${crypto.randomUUID()}`}
      from matches where id = ${fixture}
      returning to_char(kickoff at time zone 'Asia/Riyadh', 'YYYY-MM-DD') as day`
    const body = await (await fetchPage(`/ar/matches?date=${row!.day}`)).text()
    expect(body.match(/data-island="[^"]*"/g)).toEqual(['data-island="search-modal"'])
    const scripts = executableScripts(body)
    expect(scripts).toHaveLength(2)
    expect(scripts.some((s) => /src="\/(client|assets)\/local-time\.(ts|js)"/.test(s))).toBe(true)
    expect(scripts.some((s) => ENTRY.test(s))).toBe(true)
  })

  it('renders an island inside a marker with its name, strategy and escaped JSON props', async () => {
    const body = await (await fetchPage('/en/login', { headers: { cookie: 'flash=success.alreadySignedIn' } })).text()
    const marker = /<div class="island" data-island="toaster" data-props="([^"]*)" data-hydrate="load">/.exec(body)
    expect(marker).not.toBeNull()
    const props = JSON.parse(marker![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'))
    expect(props).toEqual({ toasts: [{ type: 'success', message: 'You are already signed in.' }] })
  })
})

describe('the API', () => {
  it('answers the health probe in the envelope without touching the database', async () => {
    const res = await fetchPage('/api/v1/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 200, message: 'ok' })
    expect(res.headers.get('x-db-queries')).toBe('0')
  })
})
