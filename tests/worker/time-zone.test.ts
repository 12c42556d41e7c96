// Local development has no geolocation: request.cf is miniflare's stand-in, which places every
// reader in America/Chicago. `npm start` passes the machine's zone instead (LOCAL_TIME_ZONE,
// scripts/serve.ts), and the day's matches are the machine's day. The 2022 World Cup final
// kicked off at 15:00 UTC on 18 December: 09:00 that day in Chicago, 05:00 the next in Kiribati.
import { describe, expect, it } from 'vitest'
import { sql } from './helpers.ts'
import { fetchWith } from './stand-in.ts'

async function finalLink(): Promise<string> {
  const [row] = await sql()<{ id: number }[]>`
    select m.id from matches m
    join club_aliases h on h.club_id = m.home_club_id and h.alias = 'Argentina'
    join club_aliases a on a.club_id = m.away_club_id and a.alias = 'France'
    where m.kickoff = '2022-12-18T15:00:00Z'`
  return `href="/en/matches/${row!.id}"`
}

/** Whether the day's page lists the final, for a request whose `cf` places the reader in `cfZone`. */
async function listsFinal(settings: Partial<Env>, day: string, cfZone = 'America/Chicago'): Promise<boolean> {
  const res = await fetchWith(settings, `/en/matches?date=${day}`, { cf: { timezone: cfZone } })
  expect(res.status).toBe(200)
  return (await res.text()).includes(await finalLink())
}

describe("the matches page in local development's time zone", () => {
  it("lists a day by the machine's zone, not the stand-in's", async () => {
    const kiribati = { LOCAL_TIME_ZONE: 'Pacific/Kiritimati' }
    expect(await listsFinal(kiribati, '2022-12-19')).toBe(true)
    expect(await listsFinal(kiribati, '2022-12-18')).toBe(false)
  })

  it("keeps to the site's own zone when the machine's is not known", async () => {
    // Mecca time, 18:00 on the 18th, though the stand-in says Kiribati.
    expect(await listsFinal({ LOCAL_TIME_ZONE: '' }, '2022-12-18', 'Pacific/Kiritimati')).toBe(true)
    expect(await listsFinal({ LOCAL_TIME_ZONE: '' }, '2022-12-19', 'Pacific/Kiritimati')).toBe(false)
  })

  it('is never read in production, where Cloudflare places the reader', async () => {
    const production = { APP_ENV: 'production', SITE_URL: 'https://hadaf.example', LOCAL_TIME_ZONE: 'Pacific/Kiritimati' }
    expect(await listsFinal(production, '2022-12-18')).toBe(true)
    expect(await listsFinal(production, '2022-12-19')).toBe(false)
  })
})
