import { describe, expect, it } from 'vitest'
import { localized, parseLocalized } from '../../lib/localized.ts'

describe('localized (spec §3 slug-value rule)', () => {
  it('picks the requested language from an object', () => {
    expect(localized({ en: 'Al Hilal', ar: 'الهلال' }, 'ar')).toBe('الهلال')
    expect(localized({ en: 'Al Hilal', ar: 'الهلال' }, 'en')).toBe('Al Hilal')
  })

  it('falls back to English, then to the empty string', () => {
    expect(localized({ en: 'PSV Eindhoven' }, 'ar')).toBe('PSV Eindhoven')
    expect(localized({ en: 'Arsenal', ar: '' }, 'ar')).toBe('Arsenal')
    expect(localized({ ar: 'الأهلي' }, 'en')).toBe('')
    expect(localized(null, 'ar')).toBe('')
    expect(localized(undefined, 'en')).toBe('')
    expect(localized(42, 'en')).toBe('')
    expect(localized(['en'], 'en')).toBe('')
  })

  it('parses a string that looks like an object as JSON', () => {
    expect(localized('{"en":"Final","ar":"النهائي"}', 'ar')).toBe('النهائي')
    expect(localized('  {"en":"Final"}  ', 'ar')).toBe('Final')
  })

  it('lets any other string stand for both languages', () => {
    expect(localized('Hadaf', 'ar')).toBe('Hadaf')
    expect(localized('Hadaf', 'en')).toBe('Hadaf')
    expect(parseLocalized('2-1')).toEqual({ en: '2-1', ar: '2-1' })
  })

  it('treats a string that only looks like an object, but is not JSON, as plain text', () => {
    expect(localized('{not json}', 'ar')).toBe('{not json}')
  })

  it('ignores fields that are not strings', () => {
    expect(parseLocalized({ en: 5, ar: 'نص' })).toEqual({ en: undefined, ar: 'نص' })
  })
})
