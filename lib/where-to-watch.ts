// Where to watch, by country (issue 26, section 3): the reader's country first, then every
// other country a broadcast covers, in the order a country list offers them (countryChoices).
// Countries that see the same channels share one group: one channel with pan-Arab rights
// would otherwise repeat itself under two dozen countries.
import { countryChoices, type CountryCode } from './countries.ts'
import type { Locale } from './locales.ts'

export interface CountryBroadcasts<T> {
  country: CountryCode
  broadcasts: T[]
}

export interface CountriesBroadcasts<T> {
  countries: CountryCode[]
  broadcasts: T[]
}

export interface WatchGroups<T> {
  /** The reader's country and what airs there (maybe nothing); null when nothing says where they are. */
  mine: CountryBroadcasts<T> | null
  /** The other countries, those with the same broadcasts together, ordered by their first country. */
  others: CountriesBroadcasts<T>[]
}

export function watchGroups<T extends { countries: readonly CountryCode[] }>(broadcasts: readonly T[], country: CountryCode | undefined, lang: Locale): WatchGroups<T> {
  const byCountry = new Map<CountryCode, T[]>()
  for (const broadcast of broadcasts) {
    for (const code of broadcast.countries) byCountry.set(code, [...(byCountry.get(code) ?? []), broadcast])
  }
  const { arab, others: rest } = countryChoices(lang)
  const order = new Map([...arab, ...rest].map(({ code }, i) => [code, i]))
  const others: CountriesBroadcasts<T>[] = []
  for (const [code, list] of [...byCountry].filter(([code]) => code !== country).sort(([a], [b]) => order.get(a)! - order.get(b)!)) {
    const same = others.find((group) => group.broadcasts.length === list.length && group.broadcasts.every((broadcast, i) => broadcast === list[i]))
    if (same) same.countries.push(code)
    else others.push({ countries: [code], broadcasts: list })
  }
  return { mine: country ? { country, broadcasts: byCountry.get(country) ?? [] } : null, others }
}
