// Team names differ between files (league JSON vs UCL/CWC '(ENG)' suffixes vs the
// clubs/ directory), so matches are reconciled to clubs through their alias lists.
import { aliasKey } from '../../lib/alias-key.ts'
import type { ClubEntry } from '../../lib/openfootball/model.ts'

/** UCL, Club World Cup and CAF names carry a country code: 'Aston Villa FC (ENG)' → 'Aston Villa FC'. */
export function stripCountrySuffix(name: string): string {
  return name.replace(/\s*\([A-Z]{3}\)$/, '')
}

export interface AliasIndex {
  /** The club a raw team name refers to; undefined when unknown or claimed by two clubs. */
  resolve(raw: string): ClubEntry | undefined
}

/**
 * Canonical names win over aliases: 'Al Ittihad' is the Saudi club's canonical name
 * (as 'Al-Ittihad') but only an alias of Egypt's Al Ittihad Al Sakandary.
 */
export function buildAliasIndex(clubs: ClubEntry[]): AliasIndex {
  const canonical = new Map<string, Set<ClubEntry>>()
  const aliases = new Map<string, Set<ClubEntry>>()
  const add = (map: Map<string, Set<ClubEntry>>, name: string, club: ClubEntry): void => {
    const key = aliasKey(name)
    map.set(key, (map.get(key) ?? new Set()).add(club))
  }
  for (const club of clubs) {
    add(canonical, club.name, club)
    for (const alias of club.aliases) add(aliases, alias, club)
  }
  const lookup = (name: string): ClubEntry | undefined => {
    const key = aliasKey(name)
    const found = canonical.get(key) ?? aliases.get(key)
    return found?.size === 1 ? [...found][0] : undefined
  }
  return { resolve: (raw) => lookup(raw) ?? lookup(stripCountrySuffix(raw)) }
}
