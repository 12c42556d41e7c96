// The country list and its names in Node, where the scripts run (the worker tier checks the
// names in workerd: tests/worker/desk-channels.test.ts). The two runtimes' CLDR data differ,
// so the Arab League's names are ours and must not depend on either.
import { describe, expect, it } from 'vitest'
import { ARAB_LEAGUE_CODES, COUNTRY_CODES, countryName } from '../../lib/countries.ts'
import { COMMENTARY_LANGUAGE_CODES, commentaryLanguageName } from '../../lib/languages.ts'

describe('country codes', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes, each once, in order', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES])
    expect(new Set(COUNTRY_CODES).size).toBe(249)
  })

  it('holds codes, not look-alikes', () => {
    const codes: readonly string[] = COUNTRY_CODES
    expect(codes).toContain('EG')
    for (const code of ['eg', 'UK', 'XK', 'EU', 'ZZ', '']) expect(codes).not.toContain(code)
  })

  it('names every code in both languages, and the Arab League in our own words', () => {
    for (const code of COUNTRY_CODES) {
      expect(countryName(code, 'en'), code).not.toBe(code)
      expect(countryName(code, 'ar'), code).toMatch(/[\u0600-\u06FF]/)
    }
    expect(ARAB_LEAGUE_CODES).toHaveLength(22)
    expect([countryName('PS', 'en'), countryName('PS', 'ar')]).toEqual(['Palestine', 'فلسطين'])
    expect(countryName('GB', 'ar')).toBe('المملكة المتحدة')
  })
})

describe('commentary languages', () => {
  it('names each in both languages', () => {
    expect(COMMENTARY_LANGUAGE_CODES[0]).toBe('ar')
    for (const code of COMMENTARY_LANGUAGE_CODES) {
      expect(commentaryLanguageName(code, 'ar')).toMatch(/[\u0600-\u06FF]/)
      expect(commentaryLanguageName(code, 'en')).toMatch(/^[A-Z][a-z]+$/)
    }
  })
})
