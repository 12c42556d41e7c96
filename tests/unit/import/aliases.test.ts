import { describe, expect, it } from 'vitest'
import { aliasKey } from '../../../lib/alias-key.ts'
import { buildAliasIndex, stripCountrySuffix } from '../../../scripts/import/aliases.ts'
import type { ClubEntry } from '../../../lib/openfootball/model.ts'

const club = (name: string, country: string, aliases: string[] = []): ClubEntry => ({ name, aliases, country, source: { file: 'clubs.txt' } })

describe('aliases', () => {
  it('keys names without case, accents or punctuation', () => {
    expect(aliasKey('Atlético  Madrid')).toBe('atletico madrid')
    expect(aliasKey("Al Ra'ed")).toBe(aliasKey('Al-Raed'))
    expect(aliasKey('Man. City')).toBe('man city')
  })

  it('strips a three-letter country suffix only', () => {
    expect(stripCountrySuffix('Aston Villa FC (ENG)')).toBe('Aston Villa FC')
    expect(stripCountrySuffix('Arab Contractors (Sporting Club)')).toBe('Arab Contractors (Sporting Club)')
  })

  it('resolves canonical names, aliases and UCL/CWC forms; ambiguous names stay unresolved', () => {
    const hilal = club('Al-Hilal', 'Saudi Arabia', ['Al Hilal FC', 'Al Hilal SFC'])
    const ittihad = club('Al-Ittihad', 'Saudi Arabia')
    const alexandria = club('Al Ittihad Al Sakandary', 'Egypt', ['Al Ittihad', 'Ittihad El Iskandary'])
    const villa = club('Aston Villa FC', 'England', ['Aston Villa', 'Villa'])
    const villarreal = club('Villarreal CF', 'Spain', ['Villarreal', 'Villa'])
    const index = buildAliasIndex([hilal, ittihad, alexandria, villa, villarreal])

    expect(index.resolve('AL HILAL sfc')).toBe(hilal)
    expect(index.resolve('Al Hilal (KSA)')).toBe(hilal)
    expect(index.resolve('Aston Villa FC (ENG)')).toBe(villa)
    expect(index.resolve('Ittihad El Iskandary')).toBe(alexandria)
    // A canonical name outranks another club's alias...
    expect(index.resolve('Al Ittihad')).toBe(ittihad)
    // ...but two aliases of the same rank cancel out.
    expect(index.resolve('Villa')).toBeUndefined()
    expect(index.resolve('Al Nassr')).toBeUndefined()
  })
})
