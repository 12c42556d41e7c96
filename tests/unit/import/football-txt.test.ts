import { describe, expect, it } from 'vitest'
import { parseFootballTxt } from '../../../lib/openfootball/football-txt.ts'

const SA = 'world/middle-east/saudi-arabia/2024-25_sa1.txt'
const CAF = 'world/africa/champions-league/2024-25_cafcl.txt'
const lines = (...l: string[]): string => l.join('\n')

describe('parseFootballTxt', () => {
  it('reads header, metadata, rounds, dates and aligned match lines', () => {
    const r = parseFootballTxt(
      lines(
        '= Saudi Arabia Saudi Professional League 2024/25',
        '',
        '# Date       Thu Aug 22 2024 - Mon May 26 2025 (277d)',
        '# Teams      18',
        '# Matches    3',
        '',
        '▪ Matchday 1',
        '  Thu Aug 22 2024',
        '    19:10  Al Taawoun              v Al Fayha                 1-0 (0-0)',
        '    21:00  Al Wehda                v Al Riyadh                0-0',
        "           Al Nassr                v Al Ra'ed                 1-1 (1-0)",
      ),
      SA,
    )
    expect(r.errors).toEqual([])
    expect(r.competitions).toEqual([{ key: 'sa.1', name: 'Saudi Arabia Saudi Professional League', kind: 'league', country: 'sa' }])
    expect(r.seasons).toEqual([{ competitionKey: 'sa.1', label: '2024/25' }])
    expect(r.matches[0]).toEqual({
      competitionKey: 'sa.1',
      season: '2024/25',
      round: 'Matchday 1',
      group: undefined,
      date: '2024-08-22',
      time: '19:10',
      team1: 'Al Taawoun',
      team2: 'Al Fayha',
      score: { ft: [1, 0], ht: [0, 0] },
      status: 'finished',
      goals: [],
      source: { file: SA, line: 9 },
    })
    // The half-time score is left out after 0-0; a blank time repeats the line above.
    expect(r.matches.slice(1).map((m) => [m.team2, m.time, m.score])).toEqual([
      ['Al Riyadh', '21:00', { ft: [0, 0] }],
      ["Al Ra'ed", '21:00', { ft: [1, 1], ht: [1, 0] }],
    ])
  })

  it('carries a blank time only within the same date', () => {
    const r = parseFootballTxt(
      lines('= Egypt | Premiership 2024/25', '▪ Relegation, Matchday 8', '  Mon May 26 2025', '    20:00  A v B', '  Thu May 29', '           C v D', '    17:00  E v F', '           G v H'),
      'world/africa/egypt/2024-25_eg1.txt',
    )
    expect(r.errors).toEqual([])
    expect(r.competitions[0]).toMatchObject({ key: 'eg.1', name: 'Egypt Premiership' })
    expect(r.matches.map((m) => [m.team1, m.date, m.time, m.status])).toEqual([
      ['A', '2025-05-26', '20:00', 'scheduled'],
      ['C', '2025-05-29', undefined, 'scheduled'],
      ['E', '2025-05-29', '17:00', 'scheduled'],
      ['G', '2025-05-29', '17:00', 'scheduled'],
    ])
  })

  it('tracks the year across date lines that leave it out', () => {
    const r = parseFootballTxt(
      lines(
        '= Morocco | Botola Pro 1 2024/25',
        '▪ Matchday 1',
        '  Fri Aug 30', // no year yet: the season's first year
        '    17:00  A v B',
        '▪ Matchday 15',
        '  Sat Dec 28', // still 2024
        '    17:00  C v D',
        '  Sat Jan 4', // an unrestated Dec → Jan: the nearest Jan 4 is in 2025
        '    17:00  E v F',
        '▪ Matchday 16',
        '  Sat Nov 30 2024', // the file restates the year when a round goes back over Jan 1...
        '    17:00  G v H',
        '  Sat Dec 21', // ...and dates then run on in it
        '    17:00  I v J',
        '  Sat Jan 11 2025',
        '    17:00  K v L',
        '▪ Championship, Matchday 1',
        '  Sat Jan 4', // a later stage restarting a week back stays in the running year
        '    17:00  M v N',
        '  Fri Jan 4', // the weekday cross-checks the inferred year
        '    17:00  O v P',
      ),
      'world/africa/morocco/2024-25_ma1.txt',
    )
    expect(r.matches.map((m) => m.date)).toEqual(['2024-08-30', '2024-12-28', '2025-01-04', '2024-11-30', '2024-12-21', '2025-01-11', '2025-01-04', '2025-01-04'])
    expect(r.errors).toEqual([{ file: 'world/africa/morocco/2024-25_ma1.txt', line: 20, message: 'Fri Jan 4 is a Sat in 2025' }])
  })

  it('reads awarded, postponed, penalty and extra-time results', () => {
    const r = parseFootballTxt(
      lines(
        '= CAF Champions League 2024/25',
        '▪ Qual. Round 1',
        '  Sat Aug 24 2024',
        '    17:00  Jwaneng Galaxy (BOT)    v African Stars (NAM)      6-5 pen. (1-0, 0-0)',
        '    17:30  AS Maniema Union (COD)  v Ngezi Platinum FC (ZIM)  4-3 pen. (0-0)',
        '    19:00  Djoliba AC (MLI)        v Red Star Bangui (CTA)    3-0    [awarded]',
        '           Ferroviário da Beira (MOZ) v Mbabane Swallows (SWZ)   2-1 a.e.t. (1-1, 0-0)',
        '           CBE SA Addis Abeba (ETH) v Villa SC (UGA) 5-3 pen. 1-1 a.e.t. (1-1, 0-1)',
        "           Vital'O (BDI)           v Young Africans (TAN)     [postponed]",
        '▪ Group A',
        '  Tue Nov 26',
        '    15:00  TP Mazembe (COD)        v MC Alger (ALG)',
      ),
      CAF,
    )
    expect(r.errors).toEqual([])
    expect(r.competitions).toEqual([{ key: 'cafcl', name: 'CAF Champions League', kind: 'cup' }])
    expect(r.matches.map((m) => [m.team1, m.team2, m.score, m.status])).toEqual([
      ['Jwaneng Galaxy (BOT)', 'African Stars (NAM)', { ft: [1, 0], ht: [0, 0], p: [6, 5] }, 'finished'],
      ['AS Maniema Union (COD)', 'Ngezi Platinum FC (ZIM)', { ft: [0, 0], p: [4, 3] }, 'finished'],
      ['Djoliba AC (MLI)', 'Red Star Bangui (CTA)', { ft: [3, 0] }, 'awarded'],
      ['Ferroviário da Beira (MOZ)', 'Mbabane Swallows (SWZ)', { ft: [1, 1], ht: [0, 0], et: [2, 1] }, 'finished'],
      ['CBE SA Addis Abeba (ETH)', 'Villa SC (UGA)', { ft: [1, 1], ht: [0, 1], et: [1, 1], p: [5, 3] }, 'finished'],
      ["Vital'O (BDI)", 'Young Africans (TAN)', {}, 'postponed'],
      ['TP Mazembe (COD)', 'MC Alger (ALG)', {}, 'scheduled'],
    ])
    expect(r.matches.at(-1)).toMatchObject({ round: 'Group A', group: 'Group A', date: '2024-11-26' })
  })

  it('accepts CRLF line endings', () => {
    const r = parseFootballTxt('= Algeria | Ligue 1 2024/25\r\n▪ Matchday 1\r\n  Thu Sep 19 2024\r\n    18:00  ES Sétif  v MC El Bayadh  1-0 (1-0)\r\n', 'world/africa/algeria/2024-25_dz1.txt')
    expect(r.errors).toEqual([])
    expect(r.matches[0]).toMatchObject({ team2: 'MC El Bayadh', score: { ft: [1, 0], ht: [1, 0] }, source: { line: 4 } })
  })

  it('reports malformed lines with file:line and keeps reading', () => {
    const r = parseFootballTxt(
      lines(
        '= Saudi Arabia Saudi Professional League 2024/25',
        '# Matches    4',
        '    19:10  Too Early               v Before Round             1-0',
        '▪ Matchday 1',
        '  Thu Aug 22 2024',
        '    19:10  Al Taawoun              v Al Fayha                 1-0 (0-0)',
        '    21:00  Al Wehda                   Al Riyadh               3-3 (1-0)',
        '    21:00  Al Nassr                v Al Ra\'ed                 1-1 [abandoned]',
        '    21:00  Al Hilal                v Al Okhdood               3 - 0',
        '  Fri Feb 30',
        '    19:10  Damac FC                v Al Khaleej               0-1 (0-1)',
      ),
      SA,
    )
    expect(r.matches.map((m) => [m.team1, m.source.line])).toEqual([
      ['Al Taawoun', 6],
      ['Damac FC', 11],
    ])
    // 'Fri Feb 30' is rejected, so Damac FC keeps the previous date.
    expect(r.matches[1]?.date).toBe('2024-08-22')
    expect(r.errors).toEqual([
      { file: SA, line: 3, message: 'match before any "▪ round" line' },
      { file: SA, line: 7, message: 'unrecognised line "21:00  Al Wehda                   Al Riyadh               3-3 (1-0)"' },
      { file: SA, line: 8, message: 'unknown match status "abandoned"' },
      { file: SA, line: 9, message: 'cannot tell teams from result in "21:00  Al Hilal                v Al Okhdood               3 - 0"' },
      { file: SA, line: 10, message: 'no such date 2024-2-30' },
      { file: SA, line: 2, message: 'header declares 4 matches, read 2' },
    ])
  })

  it('reports a file whose name carries no season and competition code', () => {
    const r = parseFootballTxt('= Something 2024/25', 'world/notes.txt')
    expect(r.errors).toEqual([{ file: 'world/notes.txt', message: 'expected a file name like 2024-25_sa1.txt' }])
  })
})
