// Tables as they stand: while a match of a season is in play, its league page, its match
// pages and the home page's snippet count the live score, say the order is provisional and mark the clubs
// playing; before kick-off and after full time they show the results alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchPage, sql, unseenPath } from './helpers.ts'

async function page(path: string): Promise<string> {
  return (await fetchPage(unseenPath(path))).text()
}

/** The rows of the page's first standings table, as text: "1 Beta ● 2 1 1 0 2 0 +2 4". */
function rows(body: string): string[] {
  const table = /<table class="standings[^"]*">([\s\S]*?)<\/table>/.exec(body)?.[1] ?? ''
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)]
    .slice(1)
    .map((row) => row[1]!.replace(/<span class="standings-playing" role="img" aria-label="([^"]+)"><\/span>/g, ' [$1] ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim())
}

const ISLAND = 'data-island="standings-live"'

describe('the league page while a match is in play', () => {
  const key = `as-it-stands-${crypto.randomUUID()}`
  const competition = `fx.live${Math.floor(Math.random() * 1e6)}`
  let live = 0

  beforeAll(async () => {
    const db = sql()
    await db`insert into competitions (id, kind, name, short_name) values (${competition}, 'league', ${db.json({ en: 'Live League', ar: 'دوري مباشر' })}, ${db.json({ en: 'LL', ar: 'د.م' })})`
    const [season] = await db<{ id: number }[]>`insert into seasons (competition_id, label) values (${competition}, '2026/27') returning id::int`
    const [alpha, beta, gamma] = await db<{ id: number }[]>`
      insert into clubs (name, short_name, source_key)
      select json_build_object('en', n, 'ar', n), json_build_object('en', n, 'ar', n), ${key} || n from unnest(array['Alpha', 'Beta', 'Gamma']) n
      returning id::int`
    // Alpha 3 points, Beta 1: Beta goes top only by winning the match in play.
    await db`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, round, source_key) values
        (${season!.id}, '2026-08-01T18:00Z', ${alpha!.id}, ${gamma!.id}, 'finished', 1, 0, 'Matchday 1', ${key + '-1'}),
        (${season!.id}, '2026-08-02T18:00Z', ${beta!.id}, ${gamma!.id}, 'finished', 0, 0, 'Matchday 2', ${key + '-2'})`
    const [match] = await db<{ id: number }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, round, source_key)
      values (${season!.id}, now(), ${beta!.id}, ${alpha!.id}, 'scheduled', 'Matchday 3', ${key + '-3'}) returning id::int`
    live = match!.id
    // The worker's first page builds its modules, which on a busy machine takes much of a test's time.
    await page('/en/leagues')
  }, 60_000)

  afterAll(async () => {
    await sql()`delete from competitions where id = ${competition}`
    await sql()`delete from clubs where source_key like ${key + '%'}`
  })

  it('shows the results alone before kick-off, then the live score counted and marked, then the final order', async () => {
    const before = await page(`/en/leagues/${competition}`)
    expect(rows(before)[0]).toMatch(/^1 Alpha 1 1 0 0 1 0 \+1 3/)
    expect(before).not.toContain('As it stands')
    expect(before).not.toContain(ISLAND)

    await sql()`update matches set status = 'live', ft_home = 2, ft_away = 0, minute = 60 where id = ${live}`
    const during = await page(`/en/leagues/${competition}`)
    expect(rows(during).slice(0, 2)).toEqual([
      expect.stringMatching(/^1 Beta \[Playing now\] 2 1 1 0 2 0 \+2 4/),
      expect.stringMatching(/^2 Alpha \[Playing now\] 2 1 0 1 1 2 -1 3/),
    ])
    expect(rows(during)[2]).not.toContain('Playing now')
    expect(during.replaceAll('<!-- -->', '')).toMatch(/<caption>Standings 2026\/27 <span class="status-badge status-live">As it stands<\/span><\/caption>/)
    expect(during).toContain('As it stands, the matches in play count at their current score')
    expect(during).toContain(`${ISLAND} data-props="{&quot;matches&quot;:[{&quot;matchId&quot;:${live},`)
    // The match in play is listed under the table, linking to its page.
    expect(during).toMatch(new RegExp(`<h3 class="match-list-title"[^>]*>In play</h3><ul><li class="match-row"><a class="match-link" href="/en/matches/${live}">`))

    // The match's own page shows its table the same way.
    const matchPage = await page(`/en/matches/${live}`)
    expect(rows(matchPage)[0]).toMatch(/^1 Beta \[Playing now\] 2 1 1 0 2 0 \+2 4/)
    expect(matchPage.replaceAll('<!-- -->', '')).toContain('<caption>Table <span class="status-badge status-live">As it stands</span></caption>')

    const arabic = await page(`/ar/leagues/${competition}`)
    expect(arabic).toContain('حسب النتائج الحالية')
    expect(rows(arabic)[0]).toMatch(/^1 Beta \[يلعب الآن\]/)

    await sql()`update matches set status = 'finished' where id = ${live}`
    const after = await page(`/en/leagues/${competition}`)
    expect(rows(after)[0]).toMatch(/^1 Beta 2 1 1 0 2 0 \+2 4/)
    expect(after).not.toContain('As it stands')
    expect(after).not.toContain('Playing now')
    expect(after).not.toContain(ISLAND)
  })
})

/** The clubs of the home page's snippet, in order, with their points and whether they are playing now. */
function snippet(body: string): { club: number; points: number; playing: boolean }[] {
  return [...body.matchAll(/<th scope="row" class="standings-team"><a href="\/en\/club\/(\d+)">[\s\S]*?<td class="standings-points">(\d+)/g)].map((m) => ({
    club: Number(m[1]),
    points: Number(m[2]),
    playing: m[0].includes('Playing now'),
  }))
}

describe('the home page while a match of its league is in play', () => {
  it('counts it in the snippet, marked as it stands, and not once it is gone', async () => {
    const db = sql()
    const [flagship] = await db<{ id: number; round: string }[]>`
      select s.id::int, (select m.round from matches m where m.season_id = s.id order by m.kickoff desc limit 1) as round
      from seasons s join competitions c on c.id = s.competition_id
      where c.kind = 'league' and exists (select 1 from matches m where m.season_id = s.id and m.status = 'finished')
      order by c.priority, s.label desc limit 1`
    const before = snippet(await page('/en'))
    const [first, second] = before
    // The second beats the leader 9–0 in a match in play: three more points, as it stands.
    const [match] = await db<{ id: number }[]>`
      insert into matches (season_id, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, minute, round, source_key)
      values (${flagship!.id}, now(), ${second!.club}, ${first!.club}, 'live', 9, 0, 30, ${flagship!.round}, ${`as-it-stands:${crypto.randomUUID()}`})
      returning id::int`
    try {
      const body = await page('/en')
      expect(body).toContain('<span class="status-badge status-live">As it stands</span></caption>')
      const during = snippet(body)
      expect(during.find((row) => row.club === second!.club)).toEqual({ club: second!.club, points: second!.points + 3, playing: true })
      expect(during.find((row) => row.club === first!.club)).toEqual({ club: first!.club, points: first!.points, playing: true })
      expect(during.filter((row) => row.playing)).toHaveLength(2)
      expect(body).toContain(`<a class="match-link" href="/en/matches/${match!.id}">`)
      expect(body).toContain(ISLAND)
    } finally {
      await db`delete from matches where id = ${match!.id}`
    }
    const after = await page('/en')
    expect(snippet(after)).toEqual(before)
    expect(after).not.toContain('As it stands')
    expect(after).not.toContain(ISLAND)
  })
})
