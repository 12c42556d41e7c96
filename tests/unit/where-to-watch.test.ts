import { describe, expect, it } from 'vitest'
import type { CountryCode } from '../../lib/countries.ts'
import { watchGroups } from '../../lib/where-to-watch.ts'

const on = (name: string, ...countries: CountryCode[]) => ({ name, countries })
const BROADCASTS = [on('beIN', 'QA', 'SA', 'FR'), on('ON Sport', 'EG'), on('Arryadia', 'MA'), on('TNT', 'GB')]

describe("where to watch, by the reader's country", () => {
  it("puts the reader's country first, then the Arab League's, then the rest, each alphabetically", () => {
    const { mine, others } = watchGroups(BROADCASTS, 'EG', 'en')
    expect(mine).toEqual({ country: 'EG', broadcasts: [BROADCASTS[1]] })
    expect(others.map((g) => g.country)).toEqual(['MA', 'QA', 'SA', 'FR', 'GB'])
  })

  it("orders by the page's language", () => {
    // السعودية, المغرب, قطر; then المملكة المتحدة before فرنسا.
    expect(watchGroups(BROADCASTS, 'EG', 'ar').others.map((g) => g.country)).toEqual(['SA', 'MA', 'QA', 'GB', 'FR'])
  })

  it('lists a broadcast under each country it covers', () => {
    const { others } = watchGroups(BROADCASTS, 'MA', 'en')
    expect(others.find((g) => g.country === 'FR')!.broadcasts).toEqual([BROADCASTS[0]])
    expect(others.find((g) => g.country === 'QA')!.broadcasts).toEqual([BROADCASTS[0]])
  })

  it("says so when nothing airs in the reader's country, and has no first group when the country is unknown", () => {
    expect(watchGroups(BROADCASTS, 'JO', 'en').mine).toEqual({ country: 'JO', broadcasts: [] })
    expect(watchGroups(BROADCASTS, undefined, 'en').mine).toBeNull()
  })
})
