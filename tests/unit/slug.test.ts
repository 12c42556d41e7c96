import { describe, expect, it } from 'vitest'
import { firstFreeSlug, SLUG_MAX, slugify } from '../../lib/slug.ts'

describe('slugs from titles', () => {
  it('makes English slugs of lower-case ASCII words, accents folded', () => {
    expect(slugify('Spain beat Argentina to win the 2026 World Cup final!', 'en')).toBe('spain-beat-argentina-to-win-the-2026-world-cup-final')
    expect(slugify('Mbappé’s hat-trick: “unreal”', 'en')).toBe('mbappe-s-hat-trick-unreal')
    expect(slugify('هدف', 'en')).toBeNull()
  })

  it('keeps Arabic slugs Arabic, without vowel marks or tatweel', () => {
    expect(slugify('إسبانيا تهزم الأرجنتين وتتوج بكأس العالم 2026', 'ar')).toBe('إسبانيا-تهزم-الأرجنتين-وتتوج-بكأس-العالم-2026')
    expect(slugify('مُحَمَّد صـــلاح: هدفٌ جديد', 'ar')).toBe('محمد-صلاح-هدف-جديد')
    expect(slugify('Salah vs Liverpool', 'ar')).toBe('salah-vs-liverpool')
    expect(slugify('؟!…', 'ar')).toBeNull()
  })

  it('cuts a long title at a word boundary', () => {
    const slug = slugify('word '.repeat(40), 'en')!
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX)
    expect(slug.endsWith('word')).toBe(true)
  })

  it('numbers a slug that is taken', () => {
    expect(firstFreeSlug('derby', new Set())).toBe('derby')
    expect(firstFreeSlug('derby', new Set(['derby', 'derby-2']))).toBe('derby-3')
    const long = 'a'.repeat(SLUG_MAX)
    expect(firstFreeSlug(long, new Set([long])).length).toBeLessThanOrEqual(SLUG_MAX)
  })
})
