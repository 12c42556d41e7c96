import { describe, expect, it } from 'vitest'
import { parseWorldcupJson } from '../../../lib/openfootball/worldcup-json.ts'

const json = (v: unknown): string => JSON.stringify(v, null, 2)

describe('parseWorldcupJson: match files', () => {
  it('reads 2022-style goals: integer minutes, separate offset, penalty and own goal flags', () => {
    const file = 'worldcup.json/2022/worldcup.json'
    const r = parseWorldcupJson(
      json({
        name: 'World Cup 2022',
        matches: [
          {
            round: 'Final',
            date: '2022-12-18',
            time: '18:00',
            team1: 'Argentina',
            team2: 'France',
            score: { p: [4, 2], et: [3, 3], ft: [2, 2], ht: [2, 0] },
            goals1: [
              { name: 'Lionel Messi', minute: 23, penalty: true },
              { name: 'Ángel Di María', minute: 36 },
              { name: 'Lionel Messi', minute: 108 },
            ],
            goals2: [
              { name: 'Kylian Mbappé', minute: 80, penalty: true },
              { name: 'Kylian Mbappé', minute: 81 },
              { name: 'Kylian Mbappé', minute: 118, penalty: true },
            ],
            ground: 'Lusail Iconic Stadium, Lusail',
          },
          {
            round: 'Matchday 1',
            date: '2022-11-20',
            time: '19:00',
            team1: 'Qatar',
            team2: 'Ecuador',
            score: { ft: [0, 2], ht: [0, 2] },
            goals1: [],
            goals2: [
              { name: 'Enner Valencia', minute: 16, penalty: true },
              { name: 'Somebody', minute: 45, offset: 1, owngoal: true },
            ],
            group: 'Group A',
            ground: 'Al Bayt Stadium, Al Khor',
          },
        ],
      }),
      file,
    )
    expect(r.errors).toEqual([])
    expect(r.competitions).toEqual([{ key: 'worldcup', name: 'World Cup', kind: 'cup' }])
    expect(r.seasons).toEqual([{ competitionKey: 'worldcup', label: '2022' }])
    const [final, opener] = r.matches
    expect(final).toMatchObject({ round: 'Final', group: undefined, ground: 'Lusail Iconic Stadium, Lusail', status: 'finished', utcOffset: undefined })
    expect(final?.score).toEqual({ ft: [2, 2], ht: [2, 0], et: [3, 3], p: [4, 2] })
    expect(final?.goals[0]).toEqual({ side: 1, name: 'Lionel Messi', minute: 23, offset: undefined, penalty: true, ownGoal: false })
    expect(final?.goals.map((g) => g.side)).toEqual([1, 1, 1, 2, 2, 2])
    expect(opener?.group).toBe('Group A')
    expect(opener?.goals[1]).toEqual({ side: 2, name: 'Somebody', minute: 45, offset: 1, penalty: false, ownGoal: true })
  })

  it('reads 2026-style string minutes ("106", "90+4"), zoned times and match numbers', () => {
    const r = parseWorldcupJson(
      json({
        name: 'World Cup 2026',
        matches: [
          {
            round: 'Round of 32',
            num: 81,
            date: '2026-07-01',
            time: '17:00 UTC-7',
            team1: 'USA',
            team2: 'Bosnia & Herzegovina',
            score: { ft: [1, 1], ht: [0, 1], et: [2, 1] },
            goals1: [
              { name: 'Folarin Balogun', minute: '90+4' },
              { name: 'Malik Tillman', minute: '106' },
            ],
            goals2: [{ name: 'Edin Džeko', minute: '45+2', penalty: true }],
            ground: 'San Francisco Bay Area (Santa Clara)',
          },
        ],
      }),
      'worldcup.json/2026/worldcup.json',
    )
    expect(r.errors).toEqual([])
    expect(r.matches[0]).toMatchObject({ num: 81, time: '17:00', utcOffset: -420, date: '2026-07-01' })
    expect(r.matches[0]?.goals.map((g) => [g.minute, g.offset, g.penalty])).toEqual([
      [90, 4, false],
      [106, undefined, false],
      [45, 2, true],
    ])
  })

  it('reads quali_playoffs: bare-array scores, extra time without full time, CET/CEST times', () => {
    const r = parseWorldcupJson(
      json({
        name: 'World Cup 2026 Qualifying',
        matches: [
          { round: 'Path A, Semi-finals', date: '2026-03-26', time: '20:45 CET', team1: 'Italy', team2: 'Northern Ireland', score: [2, 0], goals1: [{ name: 'Tonali', minute: '56' }, { name: 'Kean', minute: '80' }], goals2: [], ground: 'Bergamo' },
          { round: 'Path A, Semi-finals', date: '2026-03-26', time: '20:45 CET', time_local: '19:45 UTC±0', team1: 'Wales', team2: 'Bosnia & Herzegovina', score: { p: [2, 4], et: [1, 1] }, ground: 'Cardiff' },
          { round: 'Path A, Final', date: '2026-03-31', time: '20:45 CEST', team1: 'Bosnia & Herzegovina', team2: 'Italy', score: { et: [1, 0] }, ground: 'Zenica' },
        ],
      }),
      'worldcup.json/2026/worldcup.quali_playoffs.json',
    )
    expect(r.errors).toEqual([])
    expect(r.competitions).toEqual([{ key: 'worldcup.quali', name: 'World Cup Qualifying', kind: 'cup' }])
    expect(r.matches.map((m) => [m.score, m.status, m.time, m.utcOffset])).toEqual([
      [{ ft: [2, 0] }, 'finished', '20:45', 60],
      [{ et: [1, 1], p: [2, 4] }, 'finished', '20:45', 60],
      [{ et: [1, 0] }, 'finished', '20:45', 120],
    ])
  })

  it('names the Club World Cup from its file and keeps "(EGY)" suffixes as written', () => {
    const r = parseWorldcupJson(
      json({ name: 'Club World Cup 2025', matches: [{ round: 'Group A', date: '2025-06-14', time: '20:00', team1: 'Al Ahly SC (EGY)', team2: 'Inter Miami CF (USA)', score: { ft: [0, 0] } }] }),
      'worldcup.json/2025/clubworldcup.json',
    )
    expect(r.errors).toEqual([])
    expect(r.competitions[0]?.key).toBe('clubworldcup')
    expect(r.matches[0]).toMatchObject({ season: '2025', group: 'Group A', team1: 'Al Ahly SC (EGY)', goals: [] })
  })

  it('skips a malformed goal or an unknown zone with a pointer, keeping the rest', () => {
    const file = 'worldcup.json/2026/worldcup.json'
    const r = parseWorldcupJson(
      json({
        name: 'World Cup 2026',
        matches: [
          { round: 'Matchday 1', date: '2026-06-11', time: '13:00 UTC-6', team1: 'Mexico', team2: 'South Africa', score: { ft: [2, 0] }, goals1: [{ name: 'A', minute: '9' }, { name: 'B', minute: 'late' }], goals2: [] },
          { round: 'Matchday 1', date: '2026-06-11', time: '20:00 PST', team1: 'C', team2: 'D', score: {} },
          { round: 'Matchday 1', date: '2026-06-12', time: '20:00', team1: 'E', team2: 'F', score: {}, goals1: [{ name: 'G', minute: '90+1', offset: 1 }] },
        ],
      }),
      file,
    )
    expect(r.matches.map((m) => [m.team1, m.goals.length])).toEqual([
      ['Mexico', 1],
      ['E', 0],
    ])
    expect(r.errors).toEqual([
      { file, pointer: '/matches/0/goals1/1', message: '"minute" "late" is not like "67" or "90+3"' },
      { file, pointer: '/matches/1', message: 'unknown time zone "PST"' },
      { file, pointer: '/matches/2/goals1/0', message: 'stoppage time is given both in "minute" and in "offset"' },
    ])
  })
})

describe('parseWorldcupJson: other files, told apart by shape', () => {
  it('reads squads into players, with optional club and date of birth', () => {
    const file = 'worldcup.json/2026/worldcup.squads.json'
    const r = parseWorldcupJson(
      json([
        {
          name: 'Czech Republic',
          fifa_code: 'CZE',
          group: 'A',
          players: [
            { number: 1, pos: 'GK', name: 'Matěj Kovář', club: { name: 'PSV Eindhoven', country: 'NED' }, date_of_birth: '2000-05-17' },
            { number: 2, pos: 'XX', name: 'Nobody' },
          ],
        },
        { name: 'Saudi Arabia', fifa_code: 'KSA', group: 'H', players: [{ number: 10, pos: 'FW', name: 'Salem Al-Dawsari' }] },
      ]),
      file,
    )
    expect(r.squadPlayers).toEqual([
      {
        competitionKey: 'worldcup',
        season: '2026',
        team: 'Czech Republic',
        fifaCode: 'CZE',
        number: 1,
        pos: 'GK',
        name: 'Matěj Kovář',
        club: { name: 'PSV Eindhoven', country: 'NED' },
        dateOfBirth: '2000-05-17',
        source: { file, pointer: '/0/players/0' },
      },
      expect.objectContaining({ team: 'Saudi Arabia', fifaCode: 'KSA', name: 'Salem Al-Dawsari', club: undefined, dateOfBirth: undefined }),
    ])
    expect(r.errors).toEqual([{ file, pointer: '/0/players/1', message: 'unknown position "XX"' }])
  })

  it('reads teams, groups and stadiums', () => {
    const teams = parseWorldcupJson(
      json([{ name: 'Mexico', continent: 'North America', flag_icon: '🇲🇽', flag_unicode: '', fifa_code: 'MEX', group: 'A', confed: 'CONCACAF' }]),
      'worldcup.json/2026/worldcup.teams.json',
    )
    expect(teams.teams).toEqual([
      expect.objectContaining({ competitionKey: 'worldcup', season: '2026', name: 'Mexico', fifaCode: 'MEX', group: 'A', confed: 'CONCACAF', continent: 'North America', flag: '🇲🇽' }),
    ])

    const groups = parseWorldcupJson(json({ name: 'World Cup 2022', groups: [{ name: 'Group A', teams: ['Qatar', 'Ecuador', 'Senegal', 'Netherlands'] }] }), 'worldcup.json/2022/worldcup.groups.json')
    expect(groups.groups).toEqual([
      { competitionKey: 'worldcup', season: '2022', name: 'Group A', teams: ['Qatar', 'Ecuador', 'Senegal', 'Netherlands'], source: { file: 'worldcup.json/2022/worldcup.groups.json', pointer: '/groups/0' } },
    ])

    const stadiums = parseWorldcupJson(
      json({ name: 'World Cup 2026', stadiums: [{ city: 'Vancouver', timezone: 'UTC-7', cc: 'ca', name: 'BC Place', capacity: 54000, coords: '49°16\'36"N 123°6\'43"W' }] }),
      'worldcup.json/2026/worldcup.stadiums.json',
    )
    expect(stadiums.stadiums).toEqual([expect.objectContaining({ name: 'BC Place', city: 'Vancouver', capacity: 54000, timezone: 'UTC-7', countryCode: 'ca', aliases: [] })])
    expect([teams, groups, stadiums].flatMap((r) => [...r.errors, ...r.competitions])).toEqual([])
  })

  it('reports a document of unknown shape', () => {
    const r = parseWorldcupJson(json({ name: 'World Cup 2026', venues: [] }), 'worldcup.json/2026/worldcup.venues.json')
    expect(r.errors).toEqual([{ file: 'worldcup.json/2026/worldcup.venues.json', message: 'not a worldcup.json matches, squads, teams, groups or stadiums file' }])
  })
})
