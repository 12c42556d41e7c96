import { describe, expect, it } from 'vitest'
import { parseClubNamesTxt, parseClubsTxt, parseStadiumsTxt } from '../../../lib/openfootball/clubs-txt.ts'

const lines = (...l: string[]): string => l.join('\n')

describe('parseClubsTxt', () => {
  const ENG = 'clubs/europe/england/eng.clubs.txt'

  it('reads canonical lines with optional year, ground, city and region, and their aliases', () => {
    const r = parseClubsTxt(
      lines(
        '====================================',
        '=  England',
        '',
        '#  note: see wal.txt for teams from wales',
        'Arsenal FC, 1886, @ Emirates Stadium, London (Highbury)   ## Greater London',
        '  | Arsenal | FC Arsenal',
        '  | Arsenal Football Club',
        '  | Woolwich Arsenal FC  # old name before season 1914/5',
        'Everton FC, 1878,  @ Goodison Park, Liverpool (Walton) › Lancashire',
        'Blackburn Rovers FC,  @ Ewood Park,  Blackburn › Lancashire',
        'Nelson FC,           Nelson, Lancashire',
        'Loughborough FC (1886-1900),   Loughborough › Leicestershire,',
        ' ## add Wimbledon too here?',
      ),
      ENG,
    )
    expect(r.errors).toEqual([])
    expect(r.clubs[0]).toEqual({
      name: 'Arsenal FC',
      aliases: ['Arsenal', 'FC Arsenal', 'Arsenal Football Club', 'Woolwich Arsenal FC'],
      founded: 1886,
      ground: 'Emirates Stadium',
      city: 'London (Highbury)',
      region: undefined,
      country: 'England',
      reserveOf: undefined,
      address: undefined,
      source: { file: ENG, line: 5 },
    })
    expect(r.clubs.slice(1).map((c) => [c.name, c.founded, c.ground, c.city, c.region])).toEqual([
      ['Everton FC', 1878, 'Goodison Park', 'Liverpool (Walton)', 'Lancashire'],
      ['Blackburn Rovers FC', undefined, 'Ewood Park', 'Blackburn', 'Lancashire'],
      ['Nelson FC', undefined, undefined, 'Nelson', 'Lancashire'],
      ['Loughborough FC (1886-1900)', undefined, undefined, 'Loughborough', 'Leicestershire'],
    ])
  })

  it('handles headings, reserve sides, addresses, language tags, tabs and pipe-less aliases', () => {
    const file = 'clubs/europe/germany/de.clubs.txt'
    const r = parseClubsTxt(
      lines(
        '= Germany • Deutschland',
        '== Bayern ==',
        'Bayern München, 1900,    @ Allianz Arena,   München',
        '  | Bayern | Bayern Mün.',
        '  | Bayern Munich [en] | FC Bayern Munich [en]',
        ' Säbener Straße 51-57 // 81547 München',
        'ii) Bayern München II',
        '  | Bayern II |  Bayern München Am.',
        'FV Illertissen',
        '== Berlin ==',
        'Hertha BSC, 1892,            \tBerlin',
        'BFC Preussen, 1894',
        '== ?? ==',
        'VfV Hildesheim,     Hildesheim',
        '  VfV 06 Hildesheim',
        '  VfV Borussia 06',
      ),
      file,
    )
    expect(r.errors).toEqual([])
    expect(r.clubs.map((c) => [c.name, c.founded, c.city, c.region, c.country, c.reserveOf])).toEqual([
      ['Bayern München', 1900, 'München', 'Bayern', 'Germany', undefined],
      ['Bayern München II', undefined, undefined, 'Bayern', 'Germany', 'Bayern München'],
      ['FV Illertissen', undefined, undefined, 'Bayern', 'Germany', undefined],
      ['Hertha BSC', 1892, 'Berlin', 'Berlin', 'Germany', undefined],
      ['BFC Preussen', 1894, undefined, 'Berlin', 'Germany', undefined],
      ['VfV Hildesheim', undefined, 'Hildesheim', undefined, 'Germany', undefined],
    ])
    expect(r.clubs[0]?.aliases).toEqual(['Bayern', 'Bayern Mün.', 'Bayern Munich', 'FC Bayern Munich'])
    expect(r.clubs[0]?.address).toBe('Säbener Straße 51-57, 81547 München')
    expect(r.clubs[1]?.aliases).toEqual(['Bayern II', 'Bayern München Am.'])
    expect(r.clubs[5]?.aliases).toEqual(['VfV 06 Hildesheim', 'VfV Borussia 06'])
  })

  it('reads CRLF files and reports stray lines without losing the entries around them', () => {
    const file = 'clubs/middle-east/saudi-arabia/sa.clubs.txt'
    const r = parseClubsTxt(
      ['  | Orphan alias', '=  Saudi Arabia', 'Al-Hilal,  1957, Riyadh', '  | Al Hilal FC', 'Al-Nassr, 1955, Riyadh, Najd, Extra', 'Damac,\t1972, Khamis Mushait', '  |  Damac FC', '  '].join('\r\n'),
      file,
    )
    expect(r.clubs.map((c) => [c.name, c.aliases])).toEqual([
      ['Al-Hilal', ['Al Hilal FC']],
      ['Damac', ['Damac FC']],
    ])
    expect(r.errors).toEqual([
      { file, line: 1, message: 'alias or address line before any entry' },
      { file, line: 5, message: 'unexpected fields after the city: Extra' },
    ])
  })
})

describe('parseStadiumsTxt', () => {
  it('reads `_` thousands separators, capacity and year in either order, sponsor marks, aliases and addresses', () => {
    const file = 'clubs/europe/england/eng.stadiums.txt'
    const r = parseStadiumsTxt(
      lines(
        '=  England',
        'Ashburton Grove, 60_361, 2006,  London     # FC Arsenal',
        '  | $Emirates$ Stadium',
        'Old Trafford,    76_212,  1910, Manchester',
        '  Sir Matt Busby Way, Old Trafford, Stretford // Manchester M16 0RA',
        'Stade Geoffroy-Guichard, 1931, 41_000, Saint-Étienne',
        '$Red Bull$ Arena,  2004, Leipzig',
        'Olympiastadium,   München',
        'Estadio Vicente Calderón (-2017)   55_005, 1966,  Madrid',
        '$Bay$Arena, 30_210, Leverkusen',
      ),
      file,
    )
    expect(r.errors).toEqual([])
    expect(r.stadiums[0]).toEqual({
      name: 'Ashburton Grove',
      aliases: ['Emirates Stadium'],
      sponsoredNames: ['Emirates Stadium'],
      city: 'London',
      capacity: 60361,
      opened: 2006,
      country: 'England',
      region: undefined,
      address: undefined,
      source: { file, line: 2 },
    })
    expect(r.stadiums.slice(1).map((s) => [s.name, s.capacity, s.opened, s.city, s.sponsoredNames])).toEqual([
      ['Old Trafford', 76212, 1910, 'Manchester', []],
      ['Stade Geoffroy-Guichard', 41000, 1931, 'Saint-Étienne', []],
      ['Red Bull Arena', undefined, 2004, 'Leipzig', ['Red Bull Arena']],
      ['Olympiastadium', undefined, undefined, 'München', []],
      ['Estadio Vicente Calderón (-2017)', 55005, 1966, 'Madrid', []],
      ['BayArena', 30210, undefined, 'Leverkusen', ['BayArena']],
    ])
    expect(r.stadiums[1]?.address).toBe('Sir Matt Busby Way, Old Trafford, Stretford, Manchester M16 0RA')
  })
})

describe('parseClubNamesTxt', () => {
  it('reads CRLF pairs, turning underscores into spaces and stripping LRM/RLM marks', () => {
    const file = 'clubs/africa/egypt/eg.clubs.lang.ar.txt'
    const r = parseClubNamesTxt(
      [
        '###########################################',
        '# Egyptian Premier League 2012/13 Teams',
        '',
        'Al Ahly,                 النادي الأهلي للرياضة البدنية',
        'El Entag El Harby,       الانتاج الحربي\u200E',
        'Ghazl El Mahalla,        نادي_غزل_المحلة   ',
        'Wadi Degla               نادى وادى دجلة',
        'Zamalek,                 \u200Fنادى الزمالك',
      ].join('\r\n'),
      file,
    )
    expect(r.clubTranslations.map((t) => [t.name, t.lang, t.translation, t.source.line])).toEqual([
      ['Al Ahly', 'ar', 'النادي الأهلي للرياضة البدنية', 4],
      ['El Entag El Harby', 'ar', 'الانتاج الحربي', 5],
      ['Ghazl El Mahalla', 'ar', 'نادي غزل المحلة', 6],
      ['Zamalek', 'ar', 'نادى الزمالك', 8],
    ])
    expect(r.errors).toEqual([{ file, line: 7, message: 'expected "name, translation", got "Wadi Degla               نادى وادى دجلة"' }])
  })
})
