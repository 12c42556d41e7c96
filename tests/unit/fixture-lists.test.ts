// A federation's fixture list as the desk reads it (decision 150): RFC 4180 records with the
// line each starts on, and each line judged against a season's clubs and matches.
import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../lib/csv.ts'
import { ClubFinder, planFixtures } from '../../src/football/fixture-plan.ts'

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks, numbering records by the line they start on', () => {
    const text = '\ufeffa,"b, c"\r\n"say ""hi""",x\r"two\nlines",y\n\nlast,z'
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b, c'] },
      { line: 2, cells: ['say "hi"', 'x'] },
      { line: 3, cells: ['two\nlines', 'y'] },
      { line: 6, cells: ['last', 'z'] },
    ])
  })

  it('keeps empty cells and ends without a final line break', () => {
    expect(parseCsv('2026-12-12,,A,B,,')).toEqual([{ line: 1, cells: ['2026-12-12', '', 'A', 'B', '', ''] }])
    expect(parseCsv('')).toEqual([])
  })
})

describe('planFixtures', () => {
  const clubs = [
    { id: '1', name: { en: 'Al Ahly', ar: 'الأهلي' }, names: ['Al Ahly', 'الأهلي'], inSeason: false },
    { id: '2', name: { en: 'Zamalek', ar: 'الزمالك' }, names: ['Zamalek', 'الزمالك', 'White Knights'], inSeason: false },
    { id: '3', name: { en: 'Al Ahly Benghazi', ar: 'أهلي بنغازي' }, names: ['Al Ahly Benghazi', 'Al Ahly', 'أهلي بنغازي'], inSeason: true },
  ]
  const finder = new ClubFinder(clubs)
  const plan = (text: string, existing = [] as { id: string; home: string; away: string; round: string | null }[]) =>
    planFixtures(parseCsv(text), 'Africa/Cairo', finder, existing)

  it('finds a club by a folded name or an alias, a season’s own club first when two share a name', () => {
    const { matches } = plan('2026-12-12,20:00,الاهلى,White Knights,1,')
    expect(matches.map((m) => [m.home.id, m.away.id, m.kickoff])).toEqual([['1', '2', '2026-12-12T18:00:00.000Z']])
    expect(plan('2026-12-12,20:00,El Ahly,Zamalek,1,').matches[0]!.home.id).toBe('3')
  })

  it('keeps the season’s match for the same home, away and round, whatever its kick-off', () => {
    const { matches } = plan('2026-12-19,20:00,الزمالك,Al Ahly Benghazi, Round 1 ,', [{ id: '77', home: '2', away: '3', round: 'round 1' }])
    expect(matches[0]!.id).toBe('77')
  })

  it('refuses a day that is not one, a 24-hour time past 23:59 and a club it cannot name', () => {
    const { refused } = plan('2026-02-30,20:00,Zamalek,Al Ahly,,\n2026-12-12,24:00,Zamalek,Al Ahly,,\n2026-12-12,,Zamalik,Al Ahly,,')
    expect(refused.map((r) => [r.line, r.refusal.kind])).toEqual([
      [1, 'date'],
      [2, 'time'],
      [3, 'unknownClub'],
    ])
    expect(refused[2]!.refusal).toMatchObject({ candidates: [expect.objectContaining({ id: '2' })] })
  })
})
