import { describe, expect, it } from 'vitest'
import { parseClubsTxt, parseStadiumsTxt } from '../../../lib/openfootball/clubs-txt.ts'
import { loadNames } from '../../../scripts/import/names.ts'
import { buildClubResolver, type ClubSources } from '../../../scripts/import/reconcile.ts'
import { buildStadiumRegistry } from '../../../scripts/import/stadiums.ts'

const names = await loadNames()
const directory = parseClubsTxt(
  ['= Saudi Arabia', 'Al-Hilal,  1957, Riyadh', '  | Al Hilal FC', '', 'Al-Ahli, 1937, Jeddah', '  | Al-Ahli Saudi FC'].join('\n'),
  'clubs/middle-east/saudi-arabia/sa.clubs.txt',
).clubs
const stadiums = buildStadiumRegistry(parseStadiumsTxt('= England\nVilla Park, 42_657, 1897, Birmingham', 'eng.stadiums.txt').stadiums)

function resolver(overrides: Partial<ClubSources> = {}) {
  return buildClubResolver({
    names: names.clubs,
    nations: names.nations,
    directory,
    translations: [],
    leagueCountries: new Map([['al hilal', 'SA'], ['al ahli sfc', 'SA']]),
    stadiums,
    stored: { aliases: new Map(), countries: new Map() },
    ...overrides,
  })
}

describe('buildClubResolver', () => {
  it('reaches one club from the league, cup, squad and directory spellings', () => {
    const r = resolver()
    const keys = [r.club('Al Hilal', { country: 'SA' }), r.club('Al Hilal (KSA)'), r.club('Al Hilal SC', { suffix: 'KSA' }), r.club('Al Hilal FC', { suffix: 'KSA' })]
    expect(new Set(keys)).toEqual(new Set(['club:al hilal']))
    const rows = r.finish()
    expect(rows.row('club:al hilal')).toMatchObject({ name: { en: 'Al Hilal', ar: 'الهلال' }, founded: 1957, city: 'Riyadh', country: 'SA' })
    // 'Al-Hilal' (the directory's name) folds to the same alias key as 'Al Hilal'.
    expect(rows.aliases('club:al hilal').map((a) => a.alias).sort()).toEqual(['Al Hilal', 'Al Hilal (KSA)', 'Al Hilal FC', 'Al Hilal SC'])
  })

  it('links a directory entry to a group by the name less its legal form', () => {
    const r = resolver()
    expect(r.club('Al Ahli SFC', { country: 'SA' })).toBe('club:al ahli')
    expect(r.club('Al-Ahli Saudi FC', { suffix: 'KSA' })).toBe('club:al ahli')
    expect(r.finish().row('club:al ahli')).toMatchObject({ founded: 1937, city: 'Jeddah', name: { ar: 'الأهلي السعودي' } })
  })

  it('keeps namesakes of different countries apart', () => {
    const r = resolver()
    expect(r.club('Al Hilal', { country: 'SA' })).toBe('club:al hilal')
    // Sudan's Al Hilal is not the Saudi one: same folded name, another country.
    expect(r.club('Al Hilal', { suffix: 'SDN' })).toBe('club:al hilal:sd')
    expect(r.finish().row('club:al hilal:sd')).toMatchObject({ name: { en: 'Al Hilal' }, country: 'SD' })
  })

  it('gives a club found nowhere its English name only, and national teams their FIFA code', () => {
    const r = resolver()
    expect(r.club('Hadaf Test FC (MAR)')).toBe('club:hadaf test fc')
    expect(r.nation('Bosnia and Herzegovina', 'BIH')).toBe(r.club('Bosnia & Herzegovina'))
    const rows = r.finish()
    expect(rows.row('club:hadaf test fc')).toEqual({
      source_key: 'club:hadaf test fc', kind: 'club', name: { en: 'Hadaf Test FC' }, short_name: { en: 'Hadaf Test FC' },
      founded: null, city: null, country: 'MA', stadium_id: null, fifa_code: null,
    })
    expect(rows.row('nation:BIH')).toMatchObject({ kind: 'national', fifa_code: 'BIH', country: 'BA', name: { ar: 'البوسنة والهرسك' } })
  })

  it('reaches a club an earlier import stored, and leaves its row alone', () => {
    const r = resolver({ stored: { aliases: new Map([['hadaf united', 'club:hadaf utd']]), countries: new Map([['club:hadaf utd', ['EG']]]) } })
    expect(r.club('Hadaf United', { country: 'EG' })).toBe('club:hadaf utd')
    const rows = r.finish()
    expect(rows.row('club:hadaf utd')).toBeUndefined()
    expect(rows.aliases('club:hadaf utd')).toEqual([{ alias_key: 'hadaf united', alias: 'Hadaf United', club_id: 'club:hadaf utd' }])
  })
})
