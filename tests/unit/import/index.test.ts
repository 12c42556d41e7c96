import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { detectFile } from '../../../lib/openfootball/detect.ts'
import { formatParseError, parseFootballData } from '../../../scripts/import/index.ts'
import { parseText } from '../../../lib/openfootball/parse-text.ts'

describe('detectFile', () => {
  it('picks a parser from the name, and from the content where the name is not enough', () => {
    const txt = '= Saudi Arabia Saudi Professional League 2024/25\n▪ Matchday 1\n'
    expect(detectFile('football.json/2024-25/en.1.json', '{"name": "x", "matches": []}')).toEqual({ kind: 'football-json' })
    expect(detectFile('worldcup.json/2026/worldcup.squads.json', '[]')).toEqual({ kind: 'worldcup-json' })
    expect(detectFile('worldcup.json/2025/clubworldcup.json', '{}')).toEqual({ kind: 'worldcup-json' })
    expect(detectFile('world/middle-east/saudi-arabia/2024-25_sa1.txt', txt)).toEqual({ kind: 'football-txt' })
    expect(detectFile('clubs/europe/england/eng.clubs.txt', '= England')).toEqual({ kind: 'clubs-txt' })
    expect(detectFile('clubs/europe/england/eng.stadiums.txt', '= England')).toEqual({ kind: 'stadiums-txt' })
    expect(detectFile('clubs/africa/egypt/eg.clubs.lang.ar.txt', 'Al Ahly, x')).toEqual({ kind: 'club-names-txt' })
    expect(detectFile('clubs/europe/england/eng.clubs.props.txt', 'Name, Web')).toMatchObject({ kind: 'skip' })
    expect(detectFile('notes.txt', 'just some notes')).toEqual({ kind: 'skip', reason: 'text file in no known format' })
    expect(detectFile('data.json', '[1, 2]')).toMatchObject({ kind: 'skip' })
    expect(detectFile('LICENSE.md', '# CC0')).toEqual({ kind: 'skip', reason: 'documentation' })
    expect(detectFile('logo.png', '')).toEqual({ kind: 'skip', reason: 'unknown file type' })
  })
})

describe('parseFootballData', () => {
  let dir = ''
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('walks a folder, merges what every file yields and reports files it cannot read', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hadaf-import-'))
    const season = (s: string, file: string, text: string) => mkdir(join(dir, s), { recursive: true }).then(() => writeFile(join(dir, s, file), text))
    const match = (date: string) => ({ round: 'Matchday 1', date, team1: 'A', team2: 'B', score: {} })
    await season('football.json/2023-24', 'en.1.json', JSON.stringify({ name: 'Premier League 2023/24', matches: [match('2023-08-11')] }))
    await season('football.json/2024-25', 'en.1.json', JSON.stringify({ name: 'English Premier League 2024/25', matches: [match('2024-08-16'), { round: 'Matchday 1' }] }))
    await season('world/saudi-arabia', '2024-25_sa1.txt', '= Saudi Arabia Saudi Professional League 2024/25\n▪ Matchday 1\n  Thu Aug 22 2024\n    19:10  Al Taawoun  v Al Fayha  1-0 (0-0)\n')
    await season('clubs', 'sa.clubs.txt', '= Saudi Arabia\nAl-Hilal, 1957, Riyadh\n')
    await season('', 'README.md', '# data')
    await season('', 'notes.txt', 'nothing to see')

    const r = await parseFootballData(dir)
    expect(r.files.map((f) => [f.file.slice(dir.length + 1), f.kind])).toEqual([
      ['clubs/sa.clubs.txt', 'clubs-txt'],
      ['football.json/2023-24/en.1.json', 'football-json'],
      ['football.json/2024-25/en.1.json', 'football-json'],
      ['world/saudi-arabia/2024-25_sa1.txt', 'football-txt'],
    ])
    expect(r.skipped.map((s) => s.file.slice(dir.length + 1))).toEqual(['README.md', 'notes.txt'])
    expect(r.matches.map((m) => [m.competitionKey, m.season, m.date])).toEqual([
      ['en.1', '2023/24', '2023-08-11'],
      ['en.1', '2024/25', '2024-08-16'],
      ['sa.1', '2024/25', '2024-08-22'],
    ])
    // One record per competition, named by the newest season's file.
    expect(r.competitions.map((c) => [c.key, c.name])).toEqual([
      ['en.1', 'English Premier League'],
      ['sa.1', 'Saudi Arabia Saudi Professional League'],
    ])
    expect(r.seasons).toHaveLength(3)
    expect(r.clubs.map((c) => c.name)).toEqual(['Al-Hilal'])
    expect(r.errors.map(formatParseError)).toEqual([`${join(dir, 'football.json/2024-25/en.1.json')}#/matches/1: "score" is missing`])
  })

  it('parses a single file too', async () => {
    const r = await parseFootballData(join(dir, 'world/saudi-arabia/2024-25_sa1.txt'))
    expect(r.matches).toHaveLength(1)
  })
})

describe('parseText and formatParseError', () => {
  it('reports skipped text and formats line and pointer positions', () => {
    expect(parseText('hello', 'notes.txt').skipped).toEqual([{ file: 'notes.txt', reason: 'text file in no known format' }])
    expect(formatParseError({ file: 'a.txt', line: 3, message: 'bad' })).toBe('a.txt:3: bad')
    expect(formatParseError({ file: 'a.json', pointer: '/matches/1', message: 'bad' })).toBe('a.json#/matches/1: bad')
    expect(formatParseError({ file: 'a.json', message: 'bad' })).toBe('a.json: bad')
  })
})
