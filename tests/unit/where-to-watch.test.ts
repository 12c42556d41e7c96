import { describe, expect, it } from 'vitest'
import type { CountryCode } from '../../lib/countries.ts'
import { watchGroups } from '../../lib/where-to-watch.ts'

const on = (name: string, ...countries: CountryCode[]) => ({ name, countries })
const BROADCASTS = [on('beIN', 'QA', 'SA', 'FR'), on('ON Sport', 'EG'), on('Arryadia', 'MA'), on('TNT', 'GB')]

describe("where to watch, by the reader's country", () => {
  it("puts the reader's country first, then the Arab League's, then the rest, each alphabetically", () => {
    const { mine, others } = watchGroups(BROADCASTS, 'EG', 'en')
    expect(mine).toEqual({ country: 'EG', broadcasts: [BROADCASTS[1]] })
    expect(others.map((g) => g.countries)).toEqual([['MA'], ['QA', 'SA', 'FR'], ['GB']])
  })

  it("orders by the page's language", () => {
    // السعودية, المغرب, قطر; then المملكة المتحدة before فرنسا.
    expect(watchGroups(BROADCASTS, 'EG', 'ar').others.map((g) => g.countries)).toEqual([['SA', 'QA', 'FR'], ['MA'], ['GB']])
  })

  it('lists the countries that see the same channels together, and a country with more channels apart', () => {
    const more = [...BROADCASTS, on('Al Kass', 'QA')]
    const { others } = watchGroups(more, 'MA', 'en')
    expect(others).toEqual([
      { countries: ['EG'], broadcasts: [more[1]] },
      { countries: ['QA'], broadcasts: [more[0], more[4]] },
      { countries: ['SA', 'FR'], broadcasts: [more[0]] },
      { countries: ['GB'], broadcasts: [more[3]] },
    ])
  })

  it("says so when nothing airs in the reader's country, and has no first group when the country is unknown", () => {
    expect(watchGroups(BROADCASTS, 'JO', 'en').mine).toEqual({ country: 'JO', broadcasts: [] })
    expect(watchGroups(BROADCASTS, undefined, 'en').mine).toBeNull()
  })
})
