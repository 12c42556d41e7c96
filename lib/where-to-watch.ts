// Where to watch, by country (issue 26, section 3): the reader's country first, then every
// other country a broadcast covers, Arab League members first, each in the page's
// alphabetical order. A broadcast for several countries is listed under each.
import { ARAB_LEAGUE_CODES, countryName, type CountryCode } from './countries.ts'
import type { Locale } from './locales.ts'

export interface CountryBroadcasts<T> {
  country: CountryCode
  broadcasts: T[]
}

export interface WatchGroups<T> {
  /** The reader's country and what airs there (maybe nothing); null when nothing says where they are. */
  mine: CountryBroadcasts<T> | null
  others: CountryBroadcasts<T>[]
}

export function watchGroups<T extends { countries: readonly CountryCode[] }>(broadcasts: readonly T[], country: CountryCode | undefined, lang: Locale): WatchGroups<T> {
  const byCountry = new Map<CountryCode, T[]>()
  for (const broadcast of broadcasts) {
    for (const code of broadcast.countries) byCountry.set(code, [...(byCountry.get(code) ?? []), broadcast])
  }
  const collator = new Intl.Collator(lang)
  const arab = (code: CountryCode) => (ARAB_LEAGUE_CODES.includes(code) ? 0 : 1)
  const others = [...byCountry]
    .filter(([code]) => code !== country)
    .sort(([a], [b]) => arab(a) - arab(b) || collator.compare(countryName(a, lang), countryName(b, lang)))
    .map(([code, list]) => ({ country: code, broadcasts: list }))
  return { mine: country ? { country, broadcasts: byCountry.get(country) ?? [] } : null, others }
}
