// Every raw team name becomes one club row. A name is looked up, in this order:
//   1. content/names/clubs.json groups (every spelling the data uses; '(ENG)' suffix optional),
//   2. content/names/nations.json for national teams,
//   3. the clubs directory (aliasKey over names and aliases, as buildAliasIndex resolves),
//   4. the aliases already in the database, so a later import reaches an earlier one's rows,
//   5. the same name less its legal form ('Al Hilal SC', 'SE Palmeiras', 'Real Madrid C. F.')
//      among clubs of the same country, when exactly one club answers;
// and a name found nowhere still becomes a club of its own, with its English name only.
//
// Resolution runs over the whole import before anything is written, so a club's row is the
// same whichever file writes it, and a second import finds nothing to change.
import { aliasKey } from '../../lib/alias-key.ts'
import type { ClubEntry, ClubNameTranslation } from '../../lib/openfootball/model.ts'
import { buildAliasIndex, stripCountrySuffix } from './aliases.ts'
import { isoOfCountryName, isoOfFifa, suffixCode } from './countries.ts'
import type { ClubNames, NationNames } from './names.ts'
import type { StadiumRegistry } from './stadiums.ts'
import { uniqueIndex } from './unique-index.ts'

export interface LocalizedName {
  en: string
  ar?: string
}

export interface ClubRow {
  source_key: string
  kind: 'club' | 'national'
  name: LocalizedName
  short_name: LocalizedName
  founded: number | null
  city: string | null
  country: string | null
  /** A stadium's source_key; the writer turns it into the id. */
  stadium_id: string | null
  fifa_code: string | null
}

export interface AliasRow {
  alias_key: string
  alias: string
  /** The club's source_key. */
  club_id: string
}

/** What the database already holds, so a later import reaches the rows an earlier one made. */
export interface StoredClubs {
  /** alias_key → source_key of the club it names. */
  aliases: Map<string, string>
  /** source_key → ISO countries the club is from or plays its league in. */
  countries: Map<string, string[]>
}

export interface ClubSources {
  names: ClubNames[]
  nations: NationNames[]
  directory: ClubEntry[]
  translations: ClubNameTranslation[]
  /** aliasKey of a team name → ISO country of the national league it plays in. */
  leagueCountries: Map<string, string>
  stadiums: StadiumRegistry
  stored: StoredClubs
}

export interface ClubHint {
  /** ISO country the club is known to be from (its league's). */
  country?: string
  /** FIFA code of the club's country, as squads give it: tried as a '(XXX)' suffix first. */
  suffix?: string
}

export interface ClubResolver {
  /** The source_key of the club a raw team name stands for. */
  club(raw: string, hint?: ClubHint): string
  /** The national team with this FIFA code (squads, teams files). */
  nation(name: string, fifaCode: string): string
  /** Ends resolution: every club and spelling is known, so rows and alias owners are settled. */
  finish(): ClubRows
}

export interface ClubRows {
  /** The row to write; undefined for a club only the database knows (left as it is). */
  row(key: string): ClubRow | undefined
  /** The club's spellings, less those another club has a better or equal claim to. */
  aliases(key: string): AliasRow[]
}

interface Nation {
  fifaCode: string
  names: string[]
  ar?: string
}

interface Club {
  key: string
  /** Where the club is known from; a club only in the database is not rewritten. */
  origin: 'names' | 'nation' | 'directory' | 'stored' | 'new'
  group?: ClubNames
  nation?: Nation
  entry?: ClubEntry
  /** The name (suffix removed) a club found nowhere was created from. */
  raw?: string
  /** Countries the club is from or plays its league in; the first is the one stored. */
  countries: string[]
  /** Spellings by alias key, each with its rank. */
  spellings: Map<string, { alias: string; rank: number }>
}

/** When two clubs claim one alias key the lower rank keeps it: names the data uses beat directory aliases. */
const DATA_SPELLING = 0
const DIRECTORY_SPELLING = 1

/** Legal forms and club-type words that spellings of one club add or drop. */
const LEGAL_FORMS = new Set(['ac', 'afc', 'as', 'c', 'ca', 'cd', 'cf', 'club', 'cr', 'f', 'fc', 'fk', 'football', 'jk', 'pfc', 'sc', 'se', 'sfc', 'sk'])

/** 'Real Madrid C. F.' → 'real madrid', 'Al Hilal SC' → 'al hilal'. */
function coreKey(name: string): string {
  return aliasKey(stripCountrySuffix(name))
    .split(' ')
    .filter((word) => !LEGAL_FORMS.has(word))
    .join(' ')
}

const fits = (countries: string[], country: string | undefined): boolean =>
  country === undefined || countries.length === 0 || countries.includes(country)

const defined = <T>(items: (T | undefined)[]): T[] => [...new Set(items.filter((i): i is T => i !== undefined))]

export function buildClubResolver(src: ClubSources): ClubResolver {
  const clubs = new Map<string, Club>()
  const referenced = new Set<Club>()
  const groupIndex = uniqueIndex(src.names.flatMap((g) => g.names.map((n) => [aliasKey(n), g] as const)))
  const nationByName = uniqueIndex(src.nations.flatMap((n) => n.names.map((s) => [aliasKey(s), n] as const)))
  const nationByCode = new Map(src.nations.map((n) => [n.fifa_code, n]))
  const directory = buildAliasIndex(src.directory)
  const arabicOf = uniqueIndex(src.translations.filter((t) => t.lang === 'ar').map((t) => [aliasKey(t.name), t.translation] as const))

  const entryCountries = (entry: ClubEntry | undefined): string[] => defined([isoOfCountryName(entry?.country)])
  /** A '(XXX)' suffix, the directory heading, the national league: Monaco is MC and plays in FR. */
  const groupCountries = (group: ClubNames, entry: ClubEntry | undefined): string[] =>
    defined([
      ...group.names.map((n) => isoOfFifa(suffixCode(n) ?? '')),
      ...entryCountries(entry),
      ...group.names.map((n) => src.leagueCountries.get(aliasKey(n))),
    ])
  const groupCores = (group: ClubNames): string[] => [...group.names, group.en_short].map(coreKey)
  const entryCores = (entry: ClubEntry): string[] => [entry.name, ...entry.aliases].map(coreKey)

  // The directory entry describing a clubs.json group: one a spelling resolves to, else the
  // one entry of the group's country with the same name less legal forms ('Al-Ahli' for 'Al Ahli SFC').
  const entriesByCore = new Map<string, Set<ClubEntry>>()
  for (const entry of src.directory) for (const core of entryCores(entry)) entriesByCore.set(core, (entriesByCore.get(core) ?? new Set()).add(entry))
  const entryOfGroup = uniqueIndex(
    src.names.flatMap((group) => {
      const exact = defined(group.names.map((n) => directory.resolve(n)))
      const countries = groupCountries(group, undefined)
      const byCore = defined(groupCores(group).flatMap((core) => [...(entriesByCore.get(core) ?? [])]))
        .filter((entry) => entryCountries(entry).some((c) => fits(countries, c)))
      const found = exact.length > 0 ? exact : byCore
      return found.length === 1 ? [[group, found[0]!] as const] : []
    }),
  )
  const groupOfEntry = uniqueIndex([...entryOfGroup].map(([group, entry]) => [entry, group] as const))
  // An entry two groups point at describes neither.
  for (const [group, entry] of entryOfGroup) if (groupOfEntry.get(entry) !== group) entryOfGroup.delete(group)

  /** Step 5's candidates: a group or an entry no group claims, under each core of its names. */
  type Candidate = { group: ClubNames } | { entry: ClubEntry }
  const candidatesByCore = new Map<string, { candidate: Candidate; countries: string[] }[]>()
  const addCandidate = (cores: string[], candidate: Candidate, countries: string[]): void => {
    for (const core of new Set(cores)) candidatesByCore.set(core, [...(candidatesByCore.get(core) ?? []), { candidate, countries }])
  }
  for (const group of src.names) addCandidate(groupCores(group), { group }, groupCountries(group, entryOfGroup.get(group)))
  for (const entry of src.directory) if (!groupOfEntry.has(entry)) addCandidate(entryCores(entry), { entry }, entryCountries(entry))

  const addSpelling = (club: Club, alias: string, rank: number): void => {
    const key = aliasKey(alias)
    const had = club.spellings.get(key)
    if (key !== '' && (!had || had.rank > rank)) club.spellings.set(key, { alias, rank })
  }

  /**
   * The club under `key`, created if new. Two different clubs can fold to one key ('Al Ahli'
   * of Saudi Arabia and of Qatar): the later one then gets its country appended.
   */
  const obtain = (key: string, init: Omit<Club, 'key' | 'spellings'>): Club => {
    const existing = clubs.get(key)
    const country = init.countries[0]
    if (existing && fits(existing.countries, country)) return existing
    if (existing && country) return obtain(`${key}:${country.toLowerCase()}`, init)
    const club: Club = { key, spellings: new Map(), ...init }
    clubs.set(key, club)
    for (const n of club.group?.names ?? club.nation?.names ?? []) addSpelling(club, n, DATA_SPELLING)
    if (club.entry) for (const n of [club.entry.name, ...club.entry.aliases]) addSpelling(club, n, DIRECTORY_SPELLING)
    return club
  }

  const ofGroup = (group: ClubNames): Club => {
    const entry = entryOfGroup.get(group)
    return obtain(`club:${aliasKey(group.en_short)}`, { origin: 'names', group, entry, countries: groupCountries(group, entry) })
  }
  const ofEntry = (entry: ClubEntry): Club => {
    const group = groupOfEntry.get(entry)
    return group ? ofGroup(group) : obtain(`club:${aliasKey(entry.name)}`, { origin: 'directory', entry, countries: entryCountries(entry) })
  }
  const ofNation = (nation: Nation): Club =>
    obtain(`nation:${nation.fifaCode}`, { origin: 'nation', nation, countries: defined([isoOfFifa(nation.fifaCode)]) })
  const knownNation = (n: NationNames): Nation => ({ fifaCode: n.fifa_code, names: n.names, ar: n.ar })

  /** Steps 1 to 5 for one spelling; undefined when the name is new. */
  const find = (name: string, country: string | undefined): Club | undefined => {
    const group = groupIndex.get(aliasKey(name)) ?? groupIndex.get(aliasKey(stripCountrySuffix(name)))
    if (group && fits(groupCountries(group, entryOfGroup.get(group)), country)) return ofGroup(group)
    const nation = nationByName.get(aliasKey(name))
    if (nation) return ofNation(knownNation(nation))
    const entry = directory.resolve(name)
    if (entry && fits(entryCountries(entry), country)) return ofEntry(entry)
    const stored = src.stored.aliases.get(aliasKey(name))
    const storedCountries = src.stored.countries.get(stored ?? '') ?? []
    if (stored !== undefined && fits(storedCountries, country)) {
      return clubs.get(stored) ?? obtain(stored, { origin: 'stored', countries: storedCountries })
    }
    // Without a country to check against, two clubs that differ only in legal form could be conflated.
    if (country === undefined) return undefined
    const sameCountry = (candidatesByCore.get(coreKey(name)) ?? []).filter((c) => c.countries.includes(country))
    const found = new Set(sameCountry.map(({ candidate }) => ('group' in candidate ? ofGroup(candidate.group) : ofEntry(candidate.entry))))
    return found.size === 1 ? [...found][0] : undefined
  }

  const reference = (club: Club, spelling: string): string => {
    addSpelling(club, spelling, DATA_SPELLING)
    referenced.add(club)
    return club.key
  }

  return {
    club(raw, hint = {}) {
      const code = suffixCode(raw)
      const country = isoOfFifa(code ?? hint.suffix ?? '') ?? hint.country
      const forms = hint.suffix !== undefined && code === undefined ? [`${raw} (${hint.suffix})`, raw] : [raw]
      const name = stripCountrySuffix(raw)
      for (const form of forms) {
        const found = find(form, country)
        if (found) return reference(found, raw)
      }
      return reference(obtain(`club:${aliasKey(name)}`, { origin: 'new', raw: name, countries: defined([country]) }), raw)
    },

    nation(name, fifaCode) {
      const known = nationByCode.get(fifaCode)
      return reference(ofNation(known ? knownNation(known) : { fifaCode, names: [name] }), name)
    },

    finish() {
      const owners = aliasOwners(referenced)
      return {
        row(key) {
          const club = clubs.get(key)
          return club && club.origin !== 'stored' ? rowOf(club, src.stadiums, arabicOf) : undefined
        },
        aliases(key) {
          const club = clubs.get(key)
          if (!club) return []
          return [...club.spellings].filter(([k]) => owners.get(k) === club).map(([k, s]) => ({ alias_key: k, alias: s.alias, club_id: club.key }))
        },
      }
    },
  }
}

/** Each alias key's owner among the clubs in use: the best-ranked claim, and nobody on a tie. */
function aliasOwners(clubs: Iterable<Club>): Map<string, Club> {
  const claims = new Map<string, { club: Club; rank: number; tie: boolean }>()
  for (const club of clubs) {
    for (const [key, { rank }] of club.spellings) {
      const best = claims.get(key)
      if (!best || rank < best.rank) claims.set(key, { club, rank, tie: false })
      else if (rank === best.rank) best.tie = true
    }
  }
  return new Map([...claims].flatMap(([key, c]) => (c.tie ? [] : [[key, c.club] as const])))
}

function rowOf(club: Club, stadiums: StadiumRegistry, arabicOf: Map<string, string>): ClubRow {
  const { group, nation, entry } = club
  const en = group?.en_short ?? nation?.names[0] ?? entry?.name ?? club.raw ?? club.key
  // eg.clubs.lang.ar.txt covers Egyptian clubs the team has not named; Arabic is never guessed.
  const ar = group?.ar ?? nation?.ar ?? [...club.spellings.keys()].map((k) => arabicOf.get(k)).find((a) => a !== undefined)
  const arShort = group?.ar_short ?? ar
  return {
    source_key: club.key,
    kind: nation ? 'national' : 'club',
    name: { en, ...(ar !== undefined && { ar }) },
    short_name: { en, ...(arShort !== undefined && { ar: arShort }) },
    founded: entry?.founded ?? null,
    city: entry?.city ?? null,
    country: club.countries[0] ?? null,
    stadium_id: (entry?.ground !== undefined && stadiums.byName(entry.ground)) || null,
    fifa_code: nation?.fifaCode ?? null,
  }
}
