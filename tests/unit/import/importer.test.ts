// The writing half of the importer against a throwaway in-memory PGlite: small fixtures
// (import-fixtures.ts) with the team's real content/names.
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { importFootballData, type ImportSummary } from '../../../scripts/import/importer.ts'
import { startEmbeddedDb, type EmbeddedDb } from '../../../scripts/lib/embedded-db.ts'
import { migrate, resetSchema } from '../../../scripts/lib/migrate.ts'
import { mergeClubs } from '../../../src/db/club-merge.ts'
import { FILES, writeFixtures } from './import-fixtures.ts'

let db: EmbeddedDb
let sql: postgres.Sql
let root: string

beforeAll(async () => {
  db = await startEmbeddedDb({})
  sql = postgres(db.url, { max: 1, onnotice: () => {} })
  root = await writeFixtures()
}, 60_000)

afterAll(async () => {
  await sql?.end()
  await db?.stop()
  await rm(root, { recursive: true, force: true })
})

beforeEach(async () => {
  await resetSchema(db.url)
  await migrate(db.url)
})

async function run(paths = [root]): Promise<{ summary: ImportSummary; log: string[] }> {
  const log: string[] = []
  const summary = await importFootballData(db.url, paths, { log: (line) => log.push(line) })
  return { summary, log }
}

async function tableCounts(): Promise<Record<string, number>> {
  const [row] = await sql<Record<string, number>[]>`
    select
      (select count(*)::int from competitions) as competitions, (select count(*)::int from seasons) as seasons,
      (select count(*)::int from stadiums) as stadiums, (select count(*)::int from clubs) as clubs,
      (select count(*)::int from club_aliases) as aliases, (select count(*)::int from players) as players,
      (select count(*)::int from squad_members) as squad_members, (select count(*)::int from matches) as matches,
      (select count(*)::int from match_events) as events`
  return row!
}

interface MatchView {
  home: string
  away: string
  kickoff: Date
  kickoff_time_known: boolean
  status: string
  round: string
  group_name: string | null
  match_number: number | null
  venue: string | null
  stadium: string | null
  score: (number | null)[]
}

async function match(home: string, away: string): Promise<MatchView> {
  const rows = await sql<MatchView[]>`
    select h.name ->> 'en' as home, a.name ->> 'en' as away, m.kickoff, m.kickoff_time_known, m.status, m.round,
      m.group_name, m.match_number, m.venue, s.name as stadium,
      json_build_array(m.ft_home, m.ft_away, m.ht_home, m.ht_away, m.et_home, m.et_away, m.pen_home, m.pen_away) as score
    from matches m join clubs h on h.id = m.home_club_id join clubs a on a.id = m.away_club_id
    left join stadiums s on s.id = m.stadium_id
    where h.name ->> 'en' = ${home} and a.name ->> 'en' = ${away}`
  expect(rows, `${home} v ${away}`).toHaveLength(1)
  return rows[0]!
}

describe('importFootballData', () => {
  it('imports fixtures with kick-off instants, scores and statuses', async () => {
    const { summary, log } = await run()
    expect(summary).toMatchObject({ files: 13, errors: 0, competitions: 6, seasons: 7, matches: 10, goals: 11, players: 5 })
    expect(log.some((l) => /^\[\d+\/13\] football\.json\/2024-25\/en\.1\.json — 2 matches; \d+ row\(s\) changed$/.test(l))).toBe(true)

    // 20:00 in London in August is 19:00 UTC (summer time).
    expect(await match('Manchester United', 'Fulham')).toMatchObject({
      kickoff: new Date('2024-08-16T19:00:00Z'),
      kickoff_time_known: true,
      status: 'finished',
      round: 'Matchday 1',
      score: [1, 0, 0, 0, null, null, null, null],
    })
    // No time: noon London time, flagged unknown; no result yet.
    expect(await match('Aston Villa', 'Manchester City')).toMatchObject({
      kickoff: new Date('2024-12-21T12:00:00Z'),
      kickoff_time_known: false,
      status: 'scheduled',
      score: [null, null, null, null, null, null, null, null],
    })
    // Champions League: Central European (summer) time.
    expect((await match('Aston Villa', 'Paris Saint-Germain')).kickoff).toEqual(new Date('2025-04-15T19:00:00Z'))
    // Cairo is UTC+3 until the last Thursday of October; a postponed fixture keeps no score.
    expect((await match('Haras El Hodood', 'Smouha')).kickoff).toEqual(new Date('2024-10-30T14:00:00Z'))
    expect(await match('Zamalek', 'Al Ahly')).toMatchObject({ status: 'postponed', score: [null, null, null, null, null, null, null, null] })
    // Qatar local time in 2022; extra time and penalties; the ground matched through a stadium alias.
    expect(await match('Argentina', 'France')).toMatchObject({
      kickoff: new Date('2022-12-18T15:00:00Z'),
      round: 'Final',
      venue: 'Lusail Iconic Stadium, Lusail',
      stadium: 'Lusail Stadium',
      score: [2, 2, 2, 0, 3, 3, 4, 2],
    })
    // 2026 writes the zone with the time; a bare city ground with no stadium row stays a venue.
    expect(await match('Mexico', 'South Africa')).toMatchObject({
      kickoff: new Date('2026-06-11T19:00:00Z'),
      group_name: 'Group A',
      match_number: 1,
      venue: 'Mexico City',
      stadium: null,
    })
  })

  it('writes goals as events on the side they count for, linked to squad players', async () => {
    await run()
    const events = await sql<{ home: string; kind: string; minute: number; stoppage: number | null; side: number; player_name: string; player: string | null }[]>`
      select h.name ->> 'en' as home, e.kind, e.minute, e.stoppage, e.side, e.player_name, p.name ->> 'en' as player
      from match_events e join matches m on m.id = e.match_id join clubs h on h.id = m.home_club_id
      left join players p on p.id = e.player_id
      order by m.kickoff, e.source_key`
    expect(events.map(({ home, ...e }) => [home, ...Object.values(e)])).toEqual([
      // Aguerd (Morocco) put the ball in his own net: the goal counts for Canada, the home side.
      ['Canada', 'own_goal', 40, null, 1, 'Nayef Aguerd', 'Nayef Aguerd'],
      ['Canada', 'goal', 4, null, 2, 'Hakim Zyiech', null],
      ['Canada', 'goal', 23, null, 2, 'Youssef En-Nesyri', null],
      ['Argentina', 'penalty_goal', 23, null, 1, 'Lionel Messi', 'Lionel Messi'],
      ['Argentina', 'goal', 36, null, 1, 'Ángel Di María', null],
      ['Argentina', 'goal', 108, null, 1, 'Lionel Messi', 'Lionel Messi'],
      ['Argentina', 'penalty_goal', 80, null, 2, 'Kylian Mbappé', 'Kylian Mbappé'],
      ['Argentina', 'goal', 81, null, 2, 'Kylian Mbappé', 'Kylian Mbappé'],
      // The surname alone, matched within France's squad.
      ['Argentina', 'penalty_goal', 118, null, 2, 'Mbappé', 'Kylian Mbappé'],
      ['Mexico', 'goal', 90, 3, 1, 'Santiago Giménez', null],
      ['Mexico', 'goal', 55, null, 2, 'Lyle Foster', null],
    ])
  })

  it('writes one row for a fixture that Football.TXT and football.json both carry', async () => {
    const { log } = await run()
    expect(log.filter((l) => /(eg\.1\.json|eg1\.txt) — \d matches/.test(l))).toHaveLength(2)
    const rows = await sql`
      select m.ft_home, m.ft_away from matches m join clubs h on h.id = m.home_club_id where h.name ->> 'en' = 'Haras El Hodood'`
    expect(rows).toEqual([{ ft_home: 1, ft_away: 3 }])
  })

  it('reconciles spellings to one club, with the directory and the Arabic names', async () => {
    await run()
    const clubs = await sql<{ source_key: string; name: { en: string; ar?: string }; short_name: { en: string; ar?: string }; founded: number | null; city: string | null; country: string | null; stadium: string | null; aliases: string[] }[]>`
      select c.source_key, c.name, c.short_name, c.founded, c.city, c.country, s.name as stadium,
        array(select alias from club_aliases a where a.club_id = c.id order by alias) as aliases
      from clubs c left join stadiums s on s.id = c.stadium_id order by c.source_key`
    const club = (key: string) => clubs.find((c) => c.source_key === key)
    // 'Paris Saint-Germain' (Ligue 1, squads), 'Paris Saint-Germain FC (FRA)' (UCL): one club.
    expect(clubs.filter((c) => c.name.en.includes('Paris'))).toHaveLength(1)
    expect(club('club:paris saint germain')).toMatchObject({
      name: { en: 'Paris Saint-Germain', ar: 'باريس سان جيرمان' },
      founded: 1970,
      city: 'Paris',
      country: 'FR',
      stadium: 'Parc des Princes',
    })
    expect(club('club:paris saint germain')!.aliases).toEqual(expect.arrayContaining(['Paris Saint-Germain', 'Paris Saint-Germain FC (FRA)', 'PSG']))
    // 'Aston Villa FC (ENG)' in the Champions League is the Premier League's Aston Villa.
    expect(clubs.filter((c) => c.name.en === 'Aston Villa')).toHaveLength(1)
    expect(club('club:aston villa')!.aliases).toEqual(expect.arrayContaining(['Aston Villa FC', 'Aston Villa FC (ENG)']))
    expect(club('club:aston villa')).toMatchObject({ country: 'GB' })
    expect(club('club:al hilal')).toMatchObject({ name: { en: 'Al Hilal', ar: 'الهلال' }, short_name: { en: 'Al Hilal', ar: 'الهلال' }, country: 'SA' })
    expect(club('club:manchester city')).toMatchObject({ name: { ar: 'مانشستر سيتي' }, short_name: { ar: 'مان سيتي' } })
    expect(club('nation:MAR')).toMatchObject({ name: { en: 'Morocco', ar: 'المغرب' }, country: 'MA' })
    // Squad clubs: 'Real Madrid C. F.' is Real Madrid; a club named nowhere gets its English name only.
    expect(club('club:real madrid')!.aliases).toContain('Real Madrid C. F.')
    expect(club('club:hadaf test club')).toMatchObject({ name: { en: 'Hadaf Test Club' }, short_name: { en: 'Hadaf Test Club' }, country: 'MA' })
  })

  it('writes squad players with their national team, club and Arabic name', async () => {
    await run()
    const players = await sql<{ name: { en: string; ar?: string }; position: string; shirt_number: number; date_of_birth: Date; nation: string; club: string; season: string }[]>`
      select p.name, p.position, p.shirt_number, p.date_of_birth, n.name ->> 'en' as nation, c.name ->> 'en' as club,
        s.competition_id || ' ' || s.label as season
      from players p join clubs n on n.id = p.nationality_id join clubs c on c.id = p.club_id
      join squad_members sm on sm.player_id = p.id and sm.club_id = n.id join seasons s on s.id = sm.season_id
      where p.source_key = 'player:achraf hakimi:1998-11-04'`
    expect(players).toEqual([
      {
        name: { en: 'Achraf Hakimi', ar: 'أشرف حكيمي' },
        position: 'DF',
        shirt_number: 2,
        date_of_birth: new Date('1998-11-04T00:00:00Z'),
        nation: 'Morocco',
        club: 'Paris Saint-Germain',
        season: 'worldcup 2026',
      },
    ])
  })

  it('writes competitions with names, country, zone and priority, and merges stadium records', async () => {
    await run()
    const competitions = await sql`select id, kind, name, short_name, country, timezone, priority from competitions order by priority`
    expect(competitions.slice(0, 2)).toEqual([
      { id: 'en.1', kind: 'league', name: { en: 'Premier League', ar: 'الدوري الإنجليزي الممتاز' }, short_name: { en: 'Premier League', ar: 'البريميرليغ' }, country: 'GB', timezone: 'Europe/London', priority: 1 },
      { id: 'sa.1', kind: 'league', name: { en: 'Saudi Pro League', ar: 'الدوري السعودي للمحترفين' }, short_name: { en: 'Saudi Pro League', ar: 'الدوري السعودي' }, country: 'SA', timezone: 'Asia/Riyadh', priority: 3 },
    ])
    expect(competitions.find((c) => c.id === 'worldcup')).toMatchObject({ kind: 'cup', country: null, timezone: 'Asia/Qatar' })
    // Lusail from qa.stadiums.txt and worldcup.stadiums.json is one stadium; '(1)' in 'Doha (1)' is dropped.
    const stadiums = await sql`select name, city, country, capacity, opened, timezone from stadiums order by name`
    expect(stadiums).toEqual([
      { name: 'Al Thumama Stadium', city: 'Doha', country: null, capacity: 44400, opened: null, timezone: 'UTC+3' },
      { name: 'Lusail Stadium', city: 'Lusail', country: 'QA', capacity: 88966, opened: null, timezone: 'UTC+3' },
      { name: 'Parc des Princes', city: 'Paris', country: 'FR', capacity: 47929, opened: 1972, timezone: null },
    ])
  })

  it('changes nothing on a second import, and leaves demo fixtures alone', async () => {
    const first = await run()
    expect(first.summary.changedRows).toBeGreaterThan(0)
    const before = await tableCounts()
    // A fixture the demo seed owns (demo = true) is never rewritten, even under an imported key.
    await sql`update matches set demo = true, round = 'Demo' where source_key like 'match:en.1:2024/25:2024-08-16:%'`
    const second = await run()
    expect(second.summary).toEqual({ ...first.summary, changedRows: 0 })
    expect(await tableCounts()).toEqual(before)
    expect((await match('Manchester United', 'Fulham')).round).toBe('Demo')
  })

  it("leaves the fields an editor corrected as the editor set them", async () => {
    await run()
    // What the desk writes (src/db/desk-football.ts): the value, and the field in `corrected`.
    await sql`update clubs set name = name || '{"ar": "الهلال السعودي", "en": "Wrong"}', corrected = '["name.ar"]' where source_key = 'club:al hilal'`
    await sql`update players set position = 'MF', shirt_number = 20, corrected = '["position"]' where source_key = 'player:achraf hakimi:1998-11-04'`
    await run()
    const [club] = await sql<{ name: { ar: string; en: string } }[]>`select name from clubs where source_key = 'club:al hilal'`
    // The corrected Arabic name stays; the English one, not corrected, is the import's again.
    expect(club!.name).toEqual({ ar: 'الهلال السعودي', en: 'Al Hilal' })
    const [player] = await sql<{ position: string; shirt_number: number }[]>`select position, shirt_number from players where source_key = 'player:achraf hakimi:1998-11-04'`
    expect(player).toEqual({ position: 'MF', shirt_number: 2 })
  })

  it('records a conflict when an import brings another value for a corrected field, and keeps the editor’s', async () => {
    await run()
    const [imported] = await sql<{ id: string; ar: string }[]>`select id::text, name ->> 'ar' as ar from clubs where source_key = 'club:al hilal'`
    expect(imported!.ar).toBeTruthy()
    await sql`update clubs set name = name || '{"ar": "نادي الهلال"}', corrected = '["name.ar"]' where source_key = 'club:al hilal'`
    const { summary, log } = await run()
    expect(summary.conflicts).toBe(1)
    expect(log.some((line) => line.includes(`conflict: club ${imported!.id} name.ar`))).toBe(true)
    const [club] = await sql<{ ar: string }[]>`select name ->> 'ar' as ar from clubs where source_key = 'club:al hilal'`
    expect(club!.ar).toBe('نادي الهلال')
    const conflicts = await sql`select target_type, target_id::text, field, stored, incoming, resolved_at from import_conflicts`
    expect(conflicts).toEqual([
      { target_type: 'club', target_id: imported!.id, field: 'name.ar', stored: 'نادي الهلال', incoming: imported!.ar, resolved_at: null },
    ])
    // The same import again refreshes the open conflict instead of adding another.
    await run()
    expect((await sql`select 1 from import_conflicts`).length).toBe(1)
  })

  it('keeps a merged club merged: the next import writes its matches to the survivor', async () => {
    await run()
    const [user] = await sql<{ id: string }[]>`insert into users (email, name) values ('merge@example.test', 'Editor') returning id::text`
    const ids = await sql<{ id: string; source_key: string }[]>`
      select id::text, source_key from clubs where source_key in ('club:al hilal', 'club:paris saint germain') order by source_key`
    const [hilal, psg] = ids
    const merged = await mergeClubs(sql, Number(hilal!.id), Number(psg!.id), user!.id)
    expect(merged).toHaveProperty('counts')
    await run()
    expect(await sql`select 1 from clubs where source_key = 'club:al hilal'`).toHaveLength(0)
    const [orphans] = await sql<{ n: number }[]>`select count(*)::int as n from matches where ${hilal!.id}::bigint in (home_club_id, away_club_id)`
    expect(orphans!.n).toBe(0)
  })

  it('removes its own goal events that a corrected file no longer lists', async () => {
    await run()
    const path = join(root, 'worldcup.json/2022/worldcup.json')
    const doc = JSON.parse(FILES['worldcup.json/2022/worldcup.json']!) as { matches: { goals2?: unknown[] }[] }
    doc.matches[1]!.goals2!.pop()
    await writeFile(path, JSON.stringify(doc))
    try {
      const { summary } = await run()
      expect(summary.changedRows).toBe(1)
      const goals = await sql`select e.player_name from match_events e join matches m on m.id = e.match_id where m.round = 'Final' and e.side = 2`
      expect(goals.map((g) => g.player_name)).toEqual(['Kylian Mbappé', 'Kylian Mbappé'])
    } finally {
      await writeFile(path, FILES['worldcup.json/2022/worldcup.json']!)
    }
  })

  it('reports a malformed file as file:line, imports nothing of it and everything else', async () => {
    const bad = join(root, 'world/middle-east/saudi-arabia/2023-24_sa1.txt')
    await writeFile(bad, ['= Saudi Arabia Saudi Professional League 2023/24', '▪ Matchday 1', '  Fri Aug 11 2023', '    21:00  Al Hilal  v Al Nassr  2-1', '    this line is not a match'].join('\n'))
    const broken = join(root, 'football.json/2023-24/it.1.json')
    await writeFile(broken, '{"name": "Serie A 2023/24",\n "matches": [\n  {"round": "Matchday 1" "date": "2023-08-19"}\n ]}')
    try {
      const { summary, log } = await run([root, join(root, 'no-such-folder')])
      expect(summary.errors).toBe(3)
      expect(log).toContain(`${bad}:5: unrecognised line "this line is not a match"`)
      expect(log.some((l) => l.startsWith(`${broken}:3: invalid JSON`))).toBe(true)
      expect(log.some((l) => l.startsWith(`${join(root, 'no-such-folder')}: cannot read`))).toBe(true)
      expect(log.some((l) => /^\[\d+\/15\] world\/middle-east\/saudi-arabia\/2023-24_sa1\.txt — not imported: 1 parse error/.test(l))).toBe(true)
      // The good first line of the bad file is not written, and no 2023/24 Saudi season either.
      expect(await sql`select 1 from seasons where competition_id = 'sa.1' and label = '2023/24'`).toHaveLength(0)
      expect(await sql`select 1 from seasons where competition_id = 'it.1'`).toHaveLength(0)
      expect(summary).toMatchObject({ files: 15, matches: 10, players: 5 })
    } finally {
      await rm(bad)
      await rm(broken)
    }
  })

  it('rolls back a file whose write fails and still imports the others', async () => {
    // Both sides resolve to one club, which the schema's check refuses.
    const clash = join(root, 'football.json/2024-25/de.1.json')
    await writeFile(clash, JSON.stringify({ name: 'Bundesliga 2024/25', matches: [
      { round: 'Matchday 1', date: '2024-08-23', time: '20:30', team1: 'Borussia Mönchengladbach', team2: 'Bayer 04 Leverkusen', score: { ft: [2, 3] } },
      { round: 'Matchday 2', date: '2024-08-30', time: '20:30', team1: 'FC Bayern München', team2: 'Bayern München (GER)', score: { ft: [1, 1] } },
    ] }))
    try {
      const { summary, log } = await run()
      expect(summary.errors).toBe(1)
      expect(log.some((l) => /de\.1\.json — not imported: .*check constraint/.test(l))).toBe(true)
      expect(await sql`select 1 from competitions where id = 'de.1'`).toHaveLength(0)
      expect(summary.matches).toBe(10)
    } finally {
      await rm(clash)
    }
  })
})
