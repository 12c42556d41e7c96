import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { computeStandings, type ResultRow } from '../../lib/standings.ts'
import { footballDataDir } from '../../scripts/lib/football-data.ts'

const DATA = footballDataDir()

function match(home: string, away: string, score: [number, number] | null, status = 'finished', kickoff = '2024-01-01'): ResultRow<string> {
  return { home, away, homeGoals: score?.[0] ?? null, awayGoals: score?.[1] ?? null, status, kickoff }
}

describe('computeStandings', () => {
  it('reproduces the real Premier League 2023/24 final table', () => {
    const file = JSON.parse(readFileSync(join(DATA, 'football.json/2023-24/en.1.json'), 'utf8')) as {
      matches: { date: string; team1: string; team2: string; score: { ft: [number, number] } }[]
    }
    const table = computeStandings(
      file.matches.map((m) => match(m.team1, m.team2, m.score.ft, 'finished', m.date)),
      (team) => team,
    )
    expect(table.slice(0, 3).map((r) => [r.team, r.points])).toEqual([
      ['Manchester City FC', 91],
      ['Arsenal FC', 89],
      ['Liverpool FC', 82],
    ])
    expect(table).toHaveLength(20)
    expect(table.every((r) => r.played === 38)).toBe(true)
    const city = table[0]!
    expect([city.won, city.drawn, city.lost, city.goalsFor, city.goalsAgainst]).toEqual([28, 7, 3, 96, 34])
    expect(table.at(-1)!.team).toBe('Sheffield United FC')
    expect(table.at(-1)!.points).toBe(16)
  })

  it('breaks ties by goal difference, then goals scored, then name', () => {
    const table = computeStandings(
      [
        match('Zeta', 'Omega', [3, 0]),
        match('Alpha', 'Omega', [3, 0]),
        match('Beta', 'Omega', [4, 1]),
        match('Gamma', 'Omega', [2, 0]),
      ],
      (t) => t,
    )
    expect(table.map((r) => r.team)).toEqual(['Beta', 'Alpha', 'Zeta', 'Gamma', 'Omega'])
  })

  it('counts awarded results and ignores postponed or unplayed fixtures', () => {
    const table = computeStandings(
      [match('A', 'B', [3, 0], 'awarded'), match('A', 'C', null, 'postponed'), match('B', 'C', null, 'scheduled')],
      (t) => t,
    )
    const a = table.find((r) => r.team === 'A')!
    expect([a.played, a.points]).toEqual([1, 3])
    expect(table.find((r) => r.team === 'C')!.played).toBe(0)
  })

  it('keeps the last five results as the form guide, oldest first', () => {
    const results: [number, number][] = [[1, 0], [0, 0], [0, 2], [2, 1], [1, 1], [3, 0]]
    const table = computeStandings(
      results.map((score, i) => match('A', `T${i}`, score, 'finished', `2024-01-0${i + 1}`)),
      (t) => t,
    )
    expect(table.find((r) => r.team === 'A')!.form).toEqual(['D', 'L', 'W', 'D', 'W'])
  })
})
