// Tables from real results (openfootball, data/openfootball) under each competition's rules,
// held to the real final tables row by row; each such table also differs from the plain
// points-then-goal-difference sort, so a rule that stops working fails its test.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { asItStands, computeStandings, type Criterion, type ResultRow, type StandingRow } from '../../lib/standings.ts'
import { type SeasonRules, tableRules } from '../../lib/standings-rules.ts'
import { codedRules } from '../support/coded-standings-rules.ts'
import { footballDataDir } from '../../scripts/lib/football-data.ts'

const DATA = footballDataDir()

function match(home: string, away: string, score: [number, number] | null, status = 'finished', kickoff = '2024-01-01'): ResultRow<string> {
  return { home, away, homeGoals: score?.[0] ?? null, awayGoals: score?.[1] ?? null, status, kickoff }
}

interface FileMatch {
  round: string
  date: string
  team1: string
  team2: string
  score: { ft?: [number, number] }
}

function results(file: string, round?: RegExp): ResultRow<string>[] {
  const { matches } = JSON.parse(readFileSync(join(DATA, 'football.json', file), 'utf8')) as { matches: FileMatch[] }
  return matches.filter((m) => round === undefined || round.test(m.round)).map((m) => match(m.team1, m.team2, m.score.ft ?? null, 'finished', m.date))
}

const plainly = (rows: ResultRow<string>[], deductions?: Map<string, number>) => computeStandings(rows, { nameOf: (t) => t, deductions })

const underRules = (rows: ResultRow<string>[], competition: string, season: string, deductions?: Map<string, number>) =>
  computeStandings(rows, { nameOf: (t) => t, criteria: codedRules(competition, season).criteria, deductions })

/** Position, club, played, won, drawn, lost, goals for, goals against, points. */
type RealRow = [number, string, number, number, number, number, number, number, number]

const asReal = (table: StandingRow<string>[]): RealRow[] =>
  table.map((r, i) => [i + 1, r.team, r.played, r.won, r.drawn, r.lost, r.goalsFor, r.goalsAgainst, r.points])

describe('league tables under each competition’s rules, against the real final tables', () => {
  it('Premier League 2023/24, with Everton’s 8 and Nottingham Forest’s 4 points deducted', () => {
    // premierleague.com final table 2023/24; deductions: Everton −6 (appeal board, 26 Feb 2024)
    // and −2 (8 Apr 2024), Nottingham Forest −4 (18 Mar 2024), data/standings/deductions.json.
    const deductions = new Map([
      ['Everton FC', 8],
      ['Nottingham Forest FC', 4],
    ])
    const table = underRules(results('2023-24/en.1.json'), 'en.1', '2023/24', deductions)
    expect(asReal(table)).toEqual([
      [1, 'Manchester City FC', 38, 28, 7, 3, 96, 34, 91],
      [2, 'Arsenal FC', 38, 28, 5, 5, 91, 29, 89],
      [3, 'Liverpool FC', 38, 24, 10, 4, 86, 41, 82],
      [4, 'Aston Villa FC', 38, 20, 8, 10, 76, 61, 68],
      [5, 'Tottenham Hotspur FC', 38, 20, 6, 12, 74, 61, 66],
      [6, 'Chelsea FC', 38, 18, 9, 11, 77, 63, 63],
      [7, 'Newcastle United FC', 38, 18, 6, 14, 85, 62, 60],
      [8, 'Manchester United FC', 38, 18, 6, 14, 57, 58, 60],
      [9, 'West Ham United FC', 38, 14, 10, 14, 60, 74, 52],
      [10, 'Crystal Palace FC', 38, 13, 10, 15, 57, 58, 49],
      [11, 'Brighton & Hove Albion FC', 38, 12, 12, 14, 55, 62, 48],
      [12, 'AFC Bournemouth', 38, 13, 9, 16, 54, 67, 48],
      [13, 'Fulham FC', 38, 13, 8, 17, 55, 61, 47],
      [14, 'Wolverhampton Wanderers FC', 38, 13, 7, 18, 50, 65, 46],
      [15, 'Everton FC', 38, 13, 9, 16, 40, 51, 40],
      [16, 'Brentford FC', 38, 10, 9, 19, 56, 65, 39],
      [17, 'Nottingham Forest FC', 38, 9, 9, 20, 49, 67, 32],
      [18, 'Luton Town FC', 38, 6, 8, 24, 52, 85, 26],
      [19, 'Burnley FC', 38, 5, 9, 24, 41, 78, 24],
      [20, 'Sheffield United FC', 38, 3, 7, 28, 35, 104, 16],
    ])
    expect(table.find((r) => r.team === 'Everton FC')!.deducted).toBe(8)
    const plain = plainly(results('2023-24/en.1.json'))
    expect(plain.findIndex((r) => r.team === 'Everton FC') + 1).toBe(12)
    expect(asReal(plain)).not.toEqual(asReal(table))
  })

  it('La Liga 2023/24: Celta above Sevilla on head-to-head despite a worse goal difference', () => {
    // laliga.com final table 2023/24 (RFEF art. 201: head-to-head first).
    const rows = results('2023-24/es.1.json')
    const table = underRules(rows, 'es.1', '2023/24')
    expect(asReal(table)).toEqual([
      [1, 'Real Madrid CF', 38, 29, 8, 1, 87, 26, 95],
      [2, 'FC Barcelona', 38, 26, 7, 5, 79, 44, 85],
      [3, 'Girona FC', 38, 25, 6, 7, 85, 46, 81],
      [4, 'Club Atlético de Madrid', 38, 24, 4, 10, 70, 43, 76],
      [5, 'Athletic Club', 38, 19, 11, 8, 61, 37, 68],
      [6, 'Real Sociedad de Fútbol', 38, 16, 12, 10, 51, 39, 60],
      [7, 'Real Betis Balompié', 38, 14, 15, 9, 48, 45, 57],
      [8, 'Villarreal CF', 38, 14, 11, 13, 65, 65, 53],
      [9, 'Valencia CF', 38, 13, 10, 15, 40, 45, 49],
      [10, 'Deportivo Alavés', 38, 12, 10, 16, 36, 46, 46],
      [11, 'CA Osasuna', 38, 12, 9, 17, 45, 56, 45],
      [12, 'Getafe CF', 38, 10, 13, 15, 42, 54, 43],
      [13, 'RC Celta de Vigo', 38, 10, 11, 17, 46, 57, 41],
      [14, 'Sevilla FC', 38, 10, 11, 17, 48, 54, 41],
      [15, 'RCD Mallorca', 38, 8, 16, 14, 33, 44, 40],
      [16, 'UD Las Palmas', 38, 10, 10, 18, 33, 47, 40],
      [17, 'Rayo Vallecano de Madrid', 38, 8, 14, 16, 29, 48, 38],
      [18, 'Cádiz CF', 38, 6, 15, 17, 26, 55, 33],
      [19, 'UD Almería', 38, 3, 12, 23, 43, 75, 21],
      [20, 'Granada CF', 38, 4, 9, 25, 38, 79, 21],
    ])
    expect(asReal(plainly(rows))).not.toEqual(asReal(table))
  })

  it('Serie A 2023/24: Torino above Napoli and Cagliari above Empoli on head-to-head', () => {
    // legaseriea.it final table 2023/24 (head-to-head before goal difference since 2022/23).
    const rows = results('2023-24/it.1.json')
    const table = underRules(rows, 'it.1', '2023/24')
    expect(asReal(table)).toEqual([
      [1, 'FC Internazionale Milano', 38, 29, 7, 2, 89, 22, 94],
      [2, 'AC Milan', 38, 22, 9, 7, 76, 49, 75],
      [3, 'Juventus FC', 38, 19, 14, 5, 54, 31, 71],
      [4, 'Atalanta BC', 38, 21, 6, 11, 72, 42, 69],
      [5, 'Bologna FC 1909', 38, 18, 14, 6, 54, 32, 68],
      [6, 'AS Roma', 38, 18, 9, 11, 65, 46, 63],
      [7, 'SS Lazio', 38, 18, 7, 13, 49, 39, 61],
      [8, 'ACF Fiorentina', 38, 17, 9, 12, 61, 46, 60],
      [9, 'Torino FC', 38, 13, 14, 11, 36, 36, 53],
      [10, 'SSC Napoli', 38, 13, 14, 11, 55, 48, 53],
      [11, 'Genoa CFC', 38, 12, 13, 13, 45, 45, 49],
      [12, 'AC Monza', 38, 11, 12, 15, 39, 51, 45],
      [13, 'Hellas Verona FC', 38, 9, 11, 18, 38, 51, 38],
      [14, 'US Lecce', 38, 8, 14, 16, 32, 54, 38],
      [15, 'Udinese Calcio', 38, 6, 19, 13, 37, 53, 37],
      [16, 'Cagliari Calcio', 38, 8, 12, 18, 42, 68, 36],
      [17, 'Empoli FC', 38, 9, 9, 20, 29, 54, 36],
      [18, 'Frosinone Calcio', 38, 8, 11, 19, 44, 69, 35],
      [19, 'US Sassuolo Calcio', 38, 7, 9, 22, 43, 75, 30],
      [20, 'US Salernitana 1919', 38, 2, 11, 25, 32, 81, 17],
    ])
    expect(asReal(plainly(rows))).not.toEqual(asReal(table))
  })

  it('Ligue 1 2023/24: Metz above Lorient on head-to-head, and Montpellier one point down', () => {
    // ligue1.com final table 2023/24 (LFP art. 518 ter: goal difference, then head-to-head);
    // Montpellier −1 (LFP discipline committee, 25 Oct 2023: two points, one suspended).
    const rows = results('2023-24/fr.1.json')
    const table = underRules(rows, 'fr.1', '2023/24', new Map([['Montpellier HSC', 1]]))
    expect(asReal(table).map(([position, club, , , , , , , points]) => [position, club, points])).toEqual([
      [1, 'Paris Saint-Germain FC', 76],
      [2, 'AS Monaco FC', 67],
      [3, 'Stade Brestois 29', 61],
      [4, 'Lille OSC', 59],
      [5, 'OGC Nice', 55],
      [6, 'Olympique Lyonnais', 53],
      [7, 'Racing Club de Lens', 51],
      [8, 'Olympique de Marseille', 50],
      [9, 'Stade de Reims', 47],
      [10, 'Stade Rennais FC 1901', 46],
      [11, 'Toulouse FC', 43],
      [12, 'Montpellier HSC', 41],
      [13, 'RC Strasbourg Alsace', 39],
      [14, 'FC Nantes', 33],
      [15, 'Le Havre AC', 32],
      [16, 'FC Metz', 29],
      [17, 'FC Lorient', 29],
      [18, 'Clermont Foot 63', 25],
    ])
    expect(plainly(rows).findIndex((r) => r.team === 'FC Lorient')).toBeLessThan(plainly(rows).findIndex((r) => r.team === 'FC Metz'))
  })

  it('Premier League 2024/25 and the Champions League 2024/25 league phase, top to bottom', () => {
    // premierleague.com and uefa.com final tables.
    const league = underRules(results('2024-25/en.1.json'), 'en.1', '2024/25')
    expect(league.map((r) => r.points)).toEqual([84, 74, 71, 69, 66, 66, 65, 61, 56, 56, 54, 53, 48, 43, 42, 42, 38, 25, 22, 12])
    expect(league.slice(4, 6).map((r) => r.team)).toEqual(['Newcastle United FC', 'Aston Villa FC'])
    // The league phase's own list (art. 18.01): Lille above Aston Villa on goals, Real Madrid
    // above Bayern on away goals.
    const phase = underRules(results('2024-25/uefa.cl.json', /^League\b/), 'uefa.cl', '2024/25')
    expect(phase).toHaveLength(36)
    expect(phase.slice(0, 13).map((r) => [r.team.replace(/ \(\w+\)$/, ''), r.points])).toEqual([
      ['Liverpool FC', 21],
      ['FC Barcelona', 19],
      ['Arsenal FC', 19],
      ['FC Internazionale Milano', 19],
      ['Club Atlético de Madrid', 18],
      ['Bayer 04 Leverkusen', 16],
      ['Lille OSC', 16],
      ['Aston Villa FC', 16],
      ['Atalanta BC', 15],
      ['Borussia Dortmund', 15],
      ['Real Madrid CF', 15],
      ['FC Bayern München', 15],
      ['AC Milan', 15],
    ])
  })

  it('Champions League 2019/20 group H: Valencia top on head-to-head, level with Chelsea on goal difference', () => {
    // uefa.com group H 2019/20 (art. 17.01: head-to-head first).
    const rows = results('2019-20/uefa.cl.json', /^Group H$/)
    const table = underRules(rows, 'uefa.cl', '2019/20')
    expect(asReal(table).map(([position, club, , , , , , , points]) => [position, club, points])).toEqual([
      [1, 'Valencia CF (ESP)', 11],
      [2, 'Chelsea FC (ENG)', 11],
      [3, 'AFC Ajax (NED)', 10],
      [4, 'Lille OSC (FRA)', 1],
    ])
    expect(plainly(rows)[0]!.team).toBe('Chelsea FC (ENG)')
  })
})

describe('computeStandings', () => {
  it('breaks ties by goal difference, then goals scored, and marks clubs level on everything', () => {
    const table = plainly([
      match('Zeta', 'Omega', [3, 0]),
      match('Alpha', 'Omega', [3, 0]),
      match('Beta', 'Omega', [4, 1]),
      match('Gamma', 'Omega', [2, 0]),
    ])
    expect(table.map((r) => r.team)).toEqual(['Beta', 'Alpha', 'Zeta', 'Gamma', 'Omega'])
    expect(table.map((r) => r.undecided)).toEqual([false, true, true, false, false])
  })

  it('reapplies head-to-head to the clubs still level, as UEFA does, and not otherwise', () => {
    // A, B and C each beat one of the others and D: level on 6 points. Among the three, A and
    // C are level on points and goal difference (+1), B is behind (−2); between A and C alone,
    // C won 3–1. A and C are level overall too (+2).
    const rows = [
      match('A', 'B', [3, 0]),
      match('B', 'C', [2, 1]),
      match('C', 'A', [3, 1]),
      match('A', 'D', [1, 0]),
      match('B', 'D', [5, 0]),
      match('C', 'D', [1, 0]),
    ]
    const order = (criteria: Criterion[]) => computeStandings(rows, { nameOf: (t) => t, criteria }).map((r) => [r.team, r.undecided])
    expect(order([{ headToHead: ['points', 'goalDifference'], reapply: true }, 'goalDifference'])).toEqual([
      ['C', false],
      ['A', false],
      ['B', false],
      ['D', false],
    ])
    expect(order([{ headToHead: ['points', 'goalDifference'] }, 'goalDifference'])).toEqual([
      ['A', true],
      ['C', true],
      ['B', false],
      ['D', false],
    ])
    expect(order(['goalDifference']).map(([team]) => team)).toEqual(['B', 'A', 'C', 'D'])
  })

  it('waits for every match among the clubs before head-to-head counts, where the rules say so', () => {
    const rows = [match('A', 'B', [0, 1]), match('B', 'A', null, 'scheduled'), match('A', 'C', [5, 0]), match('B', 'C', [0, 1])]
    const criteria: Criterion[] = [{ headToHead: ['points'], onceAllPlayed: true }, 'goalDifference']
    expect(computeStandings(rows, { nameOf: (t) => t, criteria }).map((r) => r.team)).toEqual(['A', 'B', 'C'])
    const played = [...rows.slice(0, 1), match('B', 'A', [1, 1]), ...rows.slice(2)]
    expect(computeStandings(played, { nameOf: (t) => t, criteria }).map((r) => r.team)).toEqual(['B', 'A', 'C'])
  })

  it('picks the rest of the order by how many clubs are level, as the Botola does', () => {
    // A and B level on 4 (B better in their two meetings, A far better overall); C, D, E and F
    // level on 3: two clubs go by their own matches, four by goal difference.
    const rows = [
      match('A', 'B', [0, 1]),
      match('B', 'A', [1, 1]),
      match('A', 'F', [9, 0]),
      match('B', 'F', [0, 1]),
      match('C', 'F', [5, 0]),
      match('D', 'F', [1, 0]),
      match('E', 'F', [3, 0]),
    ]
    const criteria: Criterion[] = [{ twoClubs: [{ headToHead: ['goalDifference'], onceAllPlayed: true }, 'wins'], moreClubs: ['goalDifference'] }]
    expect(computeStandings(rows, { nameOf: (t) => t, criteria }).map((r) => r.team)).toEqual(['B', 'A', 'C', 'E', 'D', 'F'])
    expect(codedRules('ma.1', '2023/24').criteria[0]).toMatchObject({ twoClubs: expect.any(Array), moreClubs: ['goalDifference', 'wins', 'goalsFor'] })
  })

  it('takes deducted points off and orders by what is left', () => {
    const table = plainly([match('A', 'B', [1, 0]), match('C', 'B', [0, 0])], new Map([['A', 3]]))
    expect(table.map((r) => [r.team, r.points, r.deducted])).toEqual([
      ['C', 1, 0],
      ['B', 1, 0],
      ['A', 0, 3],
    ])
  })

  it('counts awarded results and ignores postponed or unplayed fixtures', () => {
    const table = plainly([match('A', 'B', [3, 0], 'awarded'), match('A', 'C', null, 'postponed'), match('B', 'C', null, 'scheduled')])
    const a = table.find((r) => r.team === 'A')!
    expect([a.played, a.points]).toEqual([1, 3])
    expect(table.find((r) => r.team === 'C')!.played).toBe(0)
  })

  it('keeps the last five results as the form guide, oldest first', () => {
    const scores: [number, number][] = [[1, 0], [0, 0], [0, 2], [2, 1], [1, 1], [3, 0]]
    const table = plainly(scores.map((score, i) => match('A', `T${i}`, score, 'finished', `2024-01-0${i + 1}`)))
    expect(table.find((r) => r.team === 'A')!.form).toEqual(['D', 'L', 'W', 'D', 'W'])
  })
})

describe('asItStands', () => {
  // Alpha leads Beta by two points; their match is in play, Beta 2–0 up.
  const before = [match('Alpha', 'Gamma', [1, 0]), match('Beta', 'Delta', [0, 0]), match('Gamma', 'Delta', [1, 1])]
  const inPlay = (status: string) => [...before, match('Beta', 'Alpha', [2, 0], status, '2024-01-08')]
  const standing = (rows: StandingRow<string>[]) => rows.map((r) => [r.team, r.played, r.points])

  it('counts a match in play at its current score, moving the clubs in it', () => {
    expect(standing(computeStandings(inPlay('live'), { nameOf: (t) => t }))[0]).toEqual(['Alpha', 1, 3])
    expect(standing(asItStands(inPlay('live'), { nameOf: (t) => t })).slice(0, 2)).toEqual([
      ['Beta', 2, 4],
      ['Alpha', 2, 3],
    ])
    // A suspended match is to be resumed: its score stands for now, as a running one's does.
    expect(standing(asItStands(inPlay('suspended'), { nameOf: (t) => t }))[0]).toEqual(['Beta', 2, 4])
    expect(standing(asItStands(inPlay('abandoned'), { nameOf: (t) => t }))[0]).toEqual(['Alpha', 1, 3])
  })

  it('counts a finished match once, as the final table does', () => {
    const final = inPlay('finished')
    expect(asItStands(final, { nameOf: (t) => t })).toEqual(computeStandings(final, { nameOf: (t) => t }))
    expect(standing(asItStands(final, { nameOf: (t) => t }))[0]).toEqual(['Beta', 2, 4])
  })

  it('still takes off the points a club was deducted, and orders by the competition’s rules', () => {
    const deductions = new Map([['Beta', 2]])
    expect(standing(asItStands(inPlay('live'), { nameOf: (t) => t, deductions })).slice(0, 2)).toEqual([
      ['Alpha', 2, 3],
      ['Beta', 2, 2],
    ])
    // Gamma's win in play brings it level with Alpha, ahead on goal difference but behind on
    // their own match, which is what this competition looks at first.
    const level = [match('Alpha', 'Gamma', [1, 0]), match('Gamma', 'Delta', [5, 0], 'live', '2024-01-08')]
    const criteria: Criterion[] = [{ headToHead: ['points'] }, 'goalDifference']
    expect(asItStands(level, { nameOf: (t) => t, criteria }).map((r) => r.team).slice(0, 2)).toEqual(['Alpha', 'Gamma'])
  })
})

describe('tableRules', () => {
  const entry = (from: string, then: SeasonRules['then']): SeasonRules => ({ from, then, points: { win: 3, draw: 1, loss: 0 }, criteria: ['goalsFor'], zones: [], source: 'test' })
  const entries = [entry('2017/18', 'fair-play'), entry('2025/26', 'lots')]

  it('picks the entry in force for the season, the first for an earlier one, and the default without rules', () => {
    expect(tableRules(entries, '2024/25').then).toBe('fair-play')
    expect(tableRules(entries, '2025/26').then).toBe('lots')
    expect(tableRules(entries, '2026/27').then).toBe('lots')
    expect(tableRules(entries, '2010/11').then).toBe('fair-play')
    expect(tableRules(null, '2024/25')).toEqual({ points: { win: 3, draw: 1, loss: 0 }, criteria: ['goalDifference', 'goalsFor'], then: 'lots', zones: [] })
  })
})

describe('points for a win, a draw and a loss', () => {
  // A wins its one match; B draws both of its: 3 points against 2, or 3 against 4 at 2 a draw.
  const rows = [match('A', 'C', [1, 0]), match('B', 'D', [0, 0]), match('B', 'E', [0, 0])]

  it('counts the competition’s points, and orders by them', () => {
    const usual = computeStandings(rows, { nameOf: (t) => t })
    expect(usual.slice(0, 2).map((r) => [r.team, r.points])).toEqual([['A', 3], ['B', 2]])
    const drawsCount = computeStandings(rows, { nameOf: (t) => t, points: { win: 3, draw: 2, loss: 0 } })
    expect(drawsCount.slice(0, 2).map((r) => [r.team, r.points])).toEqual([['B', 4], ['A', 3]])
    const lossesCount = computeStandings(rows, { nameOf: (t) => t, points: { win: 2, draw: 1, loss: 1 } })
    expect(lossesCount.find((r) => r.team === 'C')?.points).toBe(1)
  })
})
