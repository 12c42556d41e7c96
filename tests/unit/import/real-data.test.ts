// Parses the whole openfootball snapshot (data/openfootball) and checks it against the
// counts its upstream documents. Set FOOTBALL_DATA_DIR to point elsewhere (relative to the
// repository root).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildAliasIndex } from '../../../scripts/import/aliases.ts'
import { formatParseError, parseFootballData } from '../../../scripts/import/index.ts'
import type { ImportResult } from '../../../lib/openfootball/parse-text.ts'
import type { MatchRecord } from '../../../lib/openfootball/model.ts'
import { footballDataDir } from '../../../scripts/lib/football-data.ts'

const dataDir = footballDataDir()

let data: ImportResult
const fromFile = (path: string): MatchRecord[] => data.matches.filter((m) => m.source.file === resolve(dataDir, path))
const count = <T>(items: T[], keep: (item: T) => boolean): number => items.filter(keep).length
const goals = (matches: MatchRecord[]): number => matches.reduce((n, m) => n + m.goals.length, 0)

describe('the real openfootball snapshot', () => {
  beforeAll(async () => {
    expect(existsSync(dataDir), `no football data at ${dataDir}; set FOOTBALL_DATA_DIR`).toBe(true)
    data = await parseFootballData(dataDir)
  })

  it('parses with zero errors, skipping only licences, READMEs, props and history files', () => {
    expect(data.errors.map(formatParseError)).toEqual([])
    expect(data.files).toHaveLength(57)
    // The project's copy leaves the props and history files out; the upstream folders have them.
    const skipped = data.skipped.map((s) => s.file.slice(dataDir.length + 1)).sort()
    expect(skipped.filter((file) => !/(^|\/)(README|LICENSE)\.md$|\.clubs\.(props|history)\.txt$/.test(file))).toEqual([])
    expect(skipped.filter((file) => file.endsWith('LICENSE.md'))).toEqual([
      'clubs/LICENSE.md',
      'football.json/LICENSE.md',
      'world/LICENSE.md',
      'worldcup.json/LICENSE.md',
    ])
  })

  it.each([
    // file, matches, with full-time score, awarded, postponed (README section 1)
    ['2023-24/en.1.json', 380, 380, 0, 0],
    ['2023-24/es.1.json', 380, 380, 0, 0],
    ['2023-24/it.1.json', 380, 380, 0, 0],
    ['2023-24/de.1.json', 306, 306, 0, 0],
    ['2023-24/fr.1.json', 306, 306, 0, 0],
    ['2024-25/en.1.json', 380, 380, 0, 0],
    ['2024-25/es.1.json', 380, 370, 0, 0],
    ['2024-25/it.1.json', 380, 370, 0, 0],
    ['2024-25/de.1.json', 306, 306, 1, 0],
    ['2024-25/fr.1.json', 306, 306, 1, 0],
    ['2025-26/en.1.json', 380, 291, 0, 1],
    ['2025-26/es.1.json', 380, 270, 0, 0],
    ['2025-26/it.1.json', 380, 280, 0, 0],
    ['2025-26/de.1.json', 306, 225, 0, 0],
    ['2025-26/fr.1.json', 306, 225, 0, 1],
    ['2019-20/uefa.cl.json', 119, 119, 0, 0],
    ['2024-25/uefa.cl.json', 189, 188, 0, 0],
    ['2024-25/eg.1.json', 225, 183, 1, 0],
    ['2024-25/dz.1.json', 240, 160, 0, 11],
    ['2024-25/ma.1.json', 200, 200, 0, 0],
  ])('football.json/%s: %i matches, %i with a full-time score', (file, total, withFt, awarded, postponed) => {
    const matches = fromFile(`football.json/${file}`)
    expect(matches).toHaveLength(total)
    expect(count(matches, (m) => m.score.ft !== undefined)).toBe(withFt)
    expect(count(matches, (m) => m.status === 'awarded')).toBe(awarded)
    expect(count(matches, (m) => m.status === 'postponed')).toBe(postponed)
    expect(count(matches, (m) => m.status === 'finished' || m.status === 'awarded')).toBe(withFt)
  })

  it('has every 2023/24 Premier League match finished, giving City 91, Arsenal 89 and Liverpool 82 points', () => {
    const matches = data.matches.filter((m) => m.competitionKey === 'en.1' && m.season === '2023/24')
    expect(matches).toHaveLength(380)
    expect(matches.every((m) => m.status === 'finished')).toBe(true)
    const points = new Map<string, number>()
    const award = (team: string, n: number): void => void points.set(team, (points.get(team) ?? 0) + n)
    for (const { team1, team2, score } of matches) {
      const [home, away] = score.ft ?? [NaN, NaN]
      award(team1, home > away ? 3 : home === away ? 1 : 0)
      award(team2, away > home ? 3 : home === away ? 1 : 0)
    }
    expect(points.size).toBe(20)
    expect([points.get('Manchester City FC'), points.get('Arsenal FC'), points.get('Liverpool FC')]).toEqual([91, 89, 82])
  })

  it.each([
    // file, matches, goal events, matches with goals (README section 2)
    ['2022/worldcup.json', 64, 172, 57],
    ['2026/worldcup.json', 104, 308, 96],
    ['2026/worldcup.quali_playoffs.json', 16, 47, 16],
    ['2025/clubworldcup.json', 64, 0, 0],
  ])('worldcup.json/%s: %i matches, %i goals', (file, total, goalCount, withGoals) => {
    const matches = fromFile(`worldcup.json/${file}`)
    expect(matches).toHaveLength(total)
    expect(matches.every((m) => m.status === 'finished')).toBe(true)
    expect(goals(matches)).toBe(goalCount)
    expect(count(matches, (m) => m.goals.length > 0)).toBe(withGoals)
  })

  it('lists goals that add up to the final score, own goals on the side they counted for', () => {
    for (const m of data.matches.filter((m) => m.competitionKey.startsWith('worldcup'))) {
      const final = m.score.et ?? m.score.ft
      const scored = [count(m.goals, (g) => g.side === 1), count(m.goals, (g) => g.side === 2)]
      expect(scored, `${m.team1} v ${m.team2}`).toEqual(final)
    }
  })

  it('reads the 2026 zoned kick-offs and string minutes, and the play-offs\' bare-array scores', () => {
    const opener = fromFile('worldcup.json/2026/worldcup.json')[0]
    expect(opener).toMatchObject({ team1: 'Mexico', time: '13:00', utcOffset: -360, group: 'Group A' })
    expect(fromFile('worldcup.json/2026/worldcup.json').flatMap((m) => m.goals).some((g) => g.offset !== undefined && g.minute === 90)).toBe(true)
    const playoffs = fromFile('worldcup.json/2026/worldcup.quali_playoffs.json')
    expect(count(playoffs, (m) => m.score.ft !== undefined && Object.keys(m.score).length === 1)).toBe(11)
    expect(data.competitions.find((c) => c.key === 'worldcup.quali')).toMatchObject({ kind: 'cup' })
  })

  it('reads the 2026 squads, teams, groups and stadiums', () => {
    expect(new Set(data.squadPlayers.map((p) => p.team)).size).toBe(48)
    expect(data.squadPlayers).toHaveLength(1248)
    for (const arab of ['Saudi Arabia', 'Qatar', 'Egypt', 'Morocco', 'Tunisia', 'Algeria', 'Iraq', 'Jordan']) {
      expect(data.squadPlayers.some((p) => p.team === arab), arab).toBe(true)
    }
    expect(data.teams).toHaveLength(48)
    expect(data.groups).toHaveLength(20)
    expect(data.groups.filter((g) => g.season === '2022')).toHaveLength(8)
    expect(data.groups.filter((g) => g.season === '2026')).toHaveLength(12)
    const worldCupStadiums = data.stadiums.filter((s) => s.source.file.includes('worldcup.json'))
    expect(worldCupStadiums.filter((s) => s.timezone === 'UTC+3')).toHaveLength(8)
    expect(worldCupStadiums).toHaveLength(24)
  })

  it.each([
    // file, fixtures, with a score, awarded, postponed (README section 3)
    ['middle-east/saudi-arabia/2024-25_sa1.txt', 306, 267, 0, 0],
    ['africa/egypt/2024-25_eg1.txt', 225, 183, 1, 0],
    ['africa/algeria/2023-24_dz1.txt', 240, 240, 0, 0],
    ['africa/algeria/2024-25_dz1.txt', 240, 160, 0, 11],
    ['africa/morocco/2023-24_ma1.txt', 240, 240, 0, 0],
    ['africa/morocco/2024-25_ma1.txt', 200, 200, 0, 0],
    ['africa/champions-league/2023-24_cafcl.txt', 138, 138, 4, 0],
    ['africa/champions-league/2024-25_cafcl.txt', 148, 146, 1, 0],
  ])('world/%s: %i fixtures, %i scored', (file, total, scored, awarded, postponed) => {
    const matches = fromFile(`world/${file}`)
    expect(matches).toHaveLength(total)
    expect(count(matches, (m) => Object.keys(m.score).length > 0)).toBe(scored)
    expect(count(matches, (m) => m.status === 'awarded')).toBe(awarded)
    expect(count(matches, (m) => m.status === 'postponed')).toBe(postponed)
  })

  it('reads the Saudi Pro League 2024/25 with its 18 clubs', () => {
    const matches = data.matches.filter((m) => m.competitionKey === 'sa.1')
    expect(new Set(matches.flatMap((m) => [m.team1, m.team2]))).toEqual(
      new Set(['Al Ahli SFC', 'Al Ettifaq', 'Al Fateh', 'Al Fayha', 'Al Hilal', 'Al Ittihad', 'Al Khaleej', 'Al Kholood', 'Al Nassr', 'Al Okhdood', 'Al Orobah', 'Al Qadsiah', "Al Ra'ed", 'Al Riyadh', 'Al Shabab', 'Al Taawoun', 'Al Wehda', 'Damac FC']),
    )
  })

  it.each(['eg', 'dz', 'ma'])('%s.1 2024/25 reads the same from Football.TXT as from football.json', (code) => {
    const txt = data.matches.filter((m) => m.competitionKey === `${code}.1` && m.season === '2024/25' && m.source.line !== undefined)
    const json = data.matches.filter((m) => m.competitionKey === `${code}.1` && m.season === '2024/25' && m.source.pointer !== undefined)
    const comparable = ({ source, ...m }: MatchRecord) => m
    expect(txt.length).toBeGreaterThan(0)
    expect(txt.map(comparable)).toEqual(json.map(comparable))
  })

  it.each([
    // club file, entries, with a founded year; stadium file, entries (README section 4)
    ['europe/england/eng', 203, 46, 4],
    ['europe/spain/es', 125, 9, 10],
    ['europe/italy/it', 100, 10, 8],
    ['europe/germany/de', 218, 63, 41],
    ['europe/france/fr', 86, 29, 10],
    ['middle-east/saudi-arabia/sa', 21, 17, 0],
    ['middle-east/qatar/qa', 7, 0, 8],
    ['middle-east/united-arab-emirates/ae', 3, 2, 0],
    ['africa/egypt/eg', 28, 4, 0],
    ['africa/morocco/ma', 16, 0, 2],
    ['africa/tunisia/tn', 5, 0, 0],
  ])('clubs/%s: %i clubs, %i with a year, %i stadiums', (prefix, clubs, withYear, stadiums) => {
    const file = (suffix: string) => resolve(dataDir, `clubs/${prefix}.${suffix}`)
    const entries = data.clubs.filter((c) => c.source.file === file('clubs.txt'))
    expect(entries).toHaveLength(clubs)
    expect(count(entries, (c) => c.founded !== undefined)).toBe(withYear)
    expect(data.stadiums.filter((s) => s.source.file === file('stadiums.txt'))).toHaveLength(stadiums)
  })

  it('cleans the 18 Arabic club names', () => {
    expect(data.clubTranslations).toHaveLength(18)
    expect(data.clubTranslations.every((t) => t.lang === 'ar' && !/[_\u200E\u200F]/.test(t.translation) && t.translation === t.translation.trim())).toBe(true)
    expect(data.clubTranslations.find((t) => t.name === 'Ghazl El Mahalla')?.translation).toBe('نادي غزل المحلة')
  })

  it('reconciles big-5 league team names and UCL suffixed names to the club directory', () => {
    const index = buildAliasIndex(data.clubs)
    const big5 = data.matches.filter((m) => /^(en|es|it|de|fr)\.1$/.test(m.competitionKey))
    const unresolved = new Set(big5.flatMap((m) => [m.team1, m.team2]).filter((t) => index.resolve(t) === undefined))
    // Monaco plays in Ligue 1 but the snapshot has no clubs file for Monaco.
    expect([...unresolved]).toEqual(['AS Monaco FC'])
    expect(index.resolve('Aston Villa FC (ENG)')?.name).toBe('Aston Villa FC')
    expect(index.resolve('Paris Saint-Germain FC (FRA)')?.name).toBe('Paris Saint-Germain')
    expect(index.resolve('Al Hilal (KSA)')?.name).toBe('Al-Hilal')
  })
})
