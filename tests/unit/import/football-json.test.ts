import { describe, expect, it } from 'vitest'
import { parseFootballJson } from '../../../lib/openfootball/football-json.ts'

const FILE = 'football.json/2024-25/en.1.json'

function doc(matches: unknown[], name = 'English Premier League 2024/25'): string {
  return JSON.stringify({ name, matches }, null, 2)
}

describe('parseFootballJson', () => {
  it('reads a played match and derives competition and season from the path', () => {
    const r = parseFootballJson(
      doc([{ round: 'Matchday 1', date: '2024-08-16', time: '20:00', team1: 'Manchester United FC', team2: 'Fulham FC', score: { ht: [0, 0], ft: [1, 0] } }]),
      FILE,
    )
    expect(r.errors).toEqual([])
    expect(r.competitions).toEqual([{ key: 'en.1', name: 'English Premier League', kind: 'league', country: 'en' }])
    expect(r.seasons).toEqual([{ competitionKey: 'en.1', label: '2024/25' }])
    expect(r.matches).toEqual([
      {
        competitionKey: 'en.1',
        season: '2024/25',
        round: 'Matchday 1',
        date: '2024-08-16',
        time: '20:00',
        team1: 'Manchester United FC',
        team2: 'Fulham FC',
        score: { ft: [1, 0], ht: [0, 0] },
        status: 'finished',
        goals: [],
        source: { file: FILE, pointer: '/matches/0' },
      },
    ])
  })

  it('treats `score: {}` as not played and keeps awarded / postponed statuses', () => {
    const r = parseFootballJson(
      doc([
        { round: 'Matchday 38', date: '2025-05-25', team1: 'A', team2: 'B', score: {} },
        { round: 'Matchday 2', date: '2024-08-24', time: '15:30', team1: 'C', team2: 'D', score: { ft: [3, 0] }, status: 'awarded' },
        { round: 'Matchday 21', date: '2025-03-14', team1: 'E', team2: 'F', score: {}, status: 'postponed' },
      ]),
      FILE,
    )
    expect(r.errors).toEqual([])
    expect(r.matches.map((m) => [m.status, m.score, m.time])).toEqual([
      ['scheduled', {}, undefined],
      ['awarded', { ft: [3, 0] }, '15:30'],
      ['postponed', {}, undefined],
    ])
  })

  it('reads cup scores with extra time and penalties, keeps "(ENG)" suffixes and takes the group from a "Group A" round', () => {
    const r = parseFootballJson(
      doc(
        [
          { round: 'Group A', date: '2019-09-18', time: '21:00', team1: 'Club Brugge KV (BEL)', team2: 'Galatasaray (TUR)', score: { ft: [0, 0] } },
          {
            round: 'Finals, Round of 16',
            date: '2025-03-11',
            time: '21:00',
            team1: 'Liverpool FC (ENG)',
            team2: 'Paris Saint-Germain FC (FRA)',
            score: { p: [1, 4], et: [0, 1], ft: [0, 1], ht: [0, 1] },
          },
        ],
        'UEFA Champions League 2024/25',
      ),
      'football.json/2024-25/uefa.cl.json',
    )
    expect(r.errors).toEqual([])
    expect(r.competitions).toEqual([{ key: 'uefa.cl', name: 'UEFA Champions League', kind: 'cup' }])
    expect(r.matches[0]).toMatchObject({ group: 'Group A', team1: 'Club Brugge KV (BEL)' })
    expect(r.matches[1]).toMatchObject({ group: undefined, team2: 'Paris Saint-Germain FC (FRA)', score: { ft: [0, 1], ht: [0, 1], et: [0, 1], p: [1, 4] } })
  })

  it('reports a malformed match by pointer and still reads the others', () => {
    const r = parseFootballJson(
      doc([
        { round: 'Matchday 1', date: '2024-08-16', team1: 'A', team2: 'B', score: { ft: [1, 0] } },
        { round: 'Matchday 1', date: '2024-08-32', team1: 'C', team2: 'D', score: {} },
        { round: 'Matchday 1', date: '2024-08-17', team1: 'E', score: {} },
        { round: 'Matchday 1', date: '2024-08-17', team1: 'G', team2: 'H', score: { ft: [1] } },
        { round: 'Matchday 1', date: '2024-08-17', team1: 'I', team2: 'J', score: { agg: [1, 1] } },
        { round: 'Matchday 1', date: '2024-08-17', team1: 'K', team2: 'L', score: {}, status: 'abandoned' },
        { round: 'Matchday 1', date: '2024-08-18', team1: 'M', team2: 'N', score: { ft: [0, 2] } },
      ]),
      FILE,
    )
    expect(r.matches.map((m) => m.team1)).toEqual(['A', 'M'])
    expect(r.errors).toEqual([
      { file: FILE, pointer: '/matches/1', message: 'no such date 2024-8-32' },
      { file: FILE, pointer: '/matches/2', message: '"team2" is missing' },
      { file: FILE, pointer: '/matches/3', message: 'score.ft must be [n, n], got [1]' },
      { file: FILE, pointer: '/matches/4', message: 'unknown score part "agg"' },
      { file: FILE, pointer: '/matches/5', message: 'unknown match status "abandoned"' },
    ])
  })

  it('reports broken JSON at its line, and files outside a season folder', () => {
    const broken = parseFootballJson('{\n  "name": "X 2024/25",\n  "matches": [\n    { "round": "Matchday 1", }\n  ]\n}', FILE)
    expect(broken.matches).toEqual([])
    expect(broken.errors).toHaveLength(1)
    expect(broken.errors[0]).toMatchObject({ file: FILE, line: 4 })
    expect(broken.errors[0]?.message).toMatch(/^invalid JSON/)

    const stray = parseFootballJson(doc([]), 'downloads/en.1.json')
    expect(stray.errors).toEqual([{ file: 'downloads/en.1.json', message: 'expected the file inside a season folder such as 2024-25/ or 2022/' }])
  })

  it('flags a title whose season disagrees with the folder', () => {
    const r = parseFootballJson(doc([], 'English Premier League 2023/24'), FILE)
    expect(r.errors).toEqual([{ file: FILE, message: 'title season 2023/24 does not match 2024/25 from the file path' }])
    expect(r.seasons).toEqual([{ competitionKey: 'en.1', label: '2024/25' }])
  })
})
