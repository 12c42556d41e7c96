import { describe, expect, it } from 'vitest'
import { LOCALE_CONFIG, localeFromAcceptLanguage, otherLocale } from '../../lib/locales.ts'

describe('localeFromAcceptLanguage', () => {
  it.each([
    ['ar', 'ar'],
    ['ar-EG,ar;q=0.9', 'ar'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8,ar;q=0.7', 'en'],
    ['fr;q=1, ar;q=0.2, en;q=0.1', 'ar'],
    ['EN-gb', 'en'],
    ['en;q=0.5, ar;q=0.5', 'en'],
  ])('reads %j as %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected)
  })

  it.each([[''], [null], [undefined], ['fr, de'], ['en;q=0'], ['ar;q=1.5'], ['en;q=abc'], ['*'], [',,,;;;===']])(
    'finds nothing acceptable in %j',
    (header) => {
      expect(localeFromAcceptLanguage(header)).toBeUndefined()
    },
  )

  it('reads only the start of an absurdly long header', () => {
    expect(localeFromAcceptLanguage(`${'xx-YY;q=0.1,'.repeat(10_000)}en`)).toBeUndefined()
    expect(localeFromAcceptLanguage(`en,${'xx;q=0.1,'.repeat(10_000)}`)).toBe('en')
  })
})

describe('locale configuration', () => {
  it('writes Arabic right to left with Latin digits, and English left to right', () => {
    expect(LOCALE_CONFIG.ar.dir).toBe('rtl')
    expect(LOCALE_CONFIG.en.dir).toBe('ltr')
    expect(new Intl.NumberFormat(LOCALE_CONFIG.ar.intl).format(1234567.5)).toMatch(/^[0-9.,]+$/)
    expect(otherLocale('ar')).toBe('en')
    expect(otherLocale('en')).toBe('ar')
  })
})
