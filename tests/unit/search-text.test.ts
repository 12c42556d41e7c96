import { describe, expect, it } from 'vitest'
import { normalizeSearchText, searchWords, TRIGRAM_MIN_LENGTH, wordsTsQuery } from '../../lib/search-text.ts'

describe('normalizeSearchText', () => {
  it.each([
    // Hamza forms become ا.
    ['أحمد', 'احمد'],
    ['إبراهيم', 'ابراهيم'],
    ['آدم', 'ادم'],
    ['ٱلله', 'الله'],
    ['مسؤول', 'مساول'],
    ['مسئول', 'مساول'],
    ['سماء', 'سماا'],
    // ة becomes ه, ى becomes ي (and the Persian forms of ي and ك).
    ['برشلونة', 'برشلونه'],
    ['مصطفى', 'مصطفي'],
    ['علی', 'علي'],
    ['کرة', 'كره'],
    // Tashkeel, the dagger alef and tatweel go.
    ['مُحَمَّد', 'محمد'],
    ['هٰذا', 'هذا'],
    ['الهـــلال', 'الهلال'],
    // Arabic-Indic and Eastern Arabic-Indic digits become Latin.
    ['كأس العالم ٢٠٢٢', 'كاس العالم 2022'],
    ['۲۰۲۶', '2026'],
    // Latin: case, accents, letters without a decomposition.
    ['Ousmane DEMBÉLÉ', 'ousmane dembele'],
    ['Martin Ødegaard', 'martin odegaard'],
    ['Robert Lewandowski Łódź', 'robert lewandowski lodz'],
    ['Thomas Müller', 'thomas muller'],
    // Apostrophes join, other punctuation separates, spaces collapse.
    ["Al Zawra'a SC", 'al zawraa sc'],
    ['Paris Saint-Germain', 'paris saint germain'],
    ['  Salah!!  (Liverpool)  ', 'salah liverpool'],
    ['الأهلي.. من لقب', 'الاهلي من لقب'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected)
  })

  it.each(['Mohamed', 'Mohammed', 'Muhammad', 'Mohammad', 'Muhammed', 'Mohamad', 'MOHAMED'])('%s is muhammad', (name) => {
    expect(normalizeSearchText(`${name} Salah`)).toBe('muhammad salah')
  })

  it('leaves names that only begin like Muhammad alone', () => {
    expect(normalizeSearchText('Munir Mohamedi')).toBe('munir mohamedi')
    expect(normalizeSearchText('Amirmohammad Razzaghinia')).toBe('amirmohammad razzaghinia')
  })

  it.each([
    ['Al-Ahly', 'al ahly'],
    ['Al Ahly', 'al ahly'],
    ['El Ahly', 'al ahly'],
    ['el-ahly', 'al ahly'],
    ['Mohamed El Shenawy', 'muhammad al shenawy'],
    ['AL-HILAL', 'al hilal'],
  ])('the article: %s → %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected)
  })

  it('keeps "el" that is not an article, and words that start with it', () => {
    expect(normalizeSearchText('Elneny')).toBe('elneny')
    expect(normalizeSearchText('Manuel')).toBe('manuel')
  })

  it('is idempotent', () => {
    for (const text of ['مُحَمَّد صَلاح', 'Mohamed El-Shenawy', 'كأس ٢٠٢٢', 'Ødegaard']) {
      const once = normalizeSearchText(text)
      expect(normalizeSearchText(once)).toBe(once)
    }
  })

  it('folds text that is only punctuation to nothing', () => {
    expect(normalizeSearchText(' -- !! ')).toBe('')
    expect(searchWords('?!')).toEqual([])
  })
})

describe('wordsTsQuery', () => {
  it('requires every word, quoted', () => {
    expect(wordsTsQuery(searchWords('Real Madrid'))).toBe("'real' & 'madrid'")
  })

  it('matches prefixes only when the query is too short for trigrams', () => {
    expect('al'.length).toBeLessThan(TRIGRAM_MIN_LENGTH)
    expect(wordsTsQuery(searchWords('Al'))).toBe("'al':*")
    expect(wordsTsQuery(searchWords('sal'))).toBe("'sal'")
  })

  it('cannot be made to carry tsquery operators', () => {
    // Separators are folded away before; anything else outside letters and digits is dropped.
    expect(wordsTsQuery(['a&b', "c'd", 'e:*', '!f|(g)'])).toBe("'ab' & 'cd' & 'e' & 'fg'")
    expect(wordsTsQuery(['&', ''])).toBe('')
  })
})
