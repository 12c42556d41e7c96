// What a federation's fixture list means for one season (issue 34): each CSV line
// (date,time,home,away,round,venue) becomes a match to make, a match the season already has,
// or a refusal saying why, with the clubs a name might mean. Pure, so the desk's dry run and
// its write judge a list by one rule; src/db/desk-fixtures.ts reads the season and writes.
import type { CsvRecord } from '../../lib/csv.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import { kickoffOf } from '../../lib/openfootball/kickoff.ts'
import { normalizeSearchText } from '../../lib/search-text.ts'
import { isStorableText } from '../validation/storable-text.ts'

/** A club a line may name: every name it goes by (both languages, short names, aliases). */
export interface ClubNames {
  id: string
  name: LocalizedText
  names: string[]
  /** Named for the season by an editor (season_clubs): such clubs are looked for first. */
  inSeason: boolean
}

/** A match the season has, as "the same fixture" is judged (decision 151). */
export interface SeasonFixture {
  id: string
  home: string
  away: string
  round: string | null
}

export interface Candidate {
  id: string
  name: LocalizedText
}

export type LineRefusal =
  | { kind: 'columns' }
  | { kind: 'date' }
  | { kind: 'time' }
  | { kind: 'required'; field: 'home' | 'away' }
  | { kind: 'tooLong'; field: 'home' | 'away' | 'round' | 'venue'; max: number }
  | { kind: 'unusual' }
  | { kind: 'unknownClub'; field: 'home' | 'away'; name: string; candidates: Candidate[] }
  | { kind: 'ambiguousClub'; field: 'home' | 'away'; name: string; candidates: Candidate[] }
  | { kind: 'sameClub' }
  | { kind: 'repeated'; of: number }

export interface PlannedFixture {
  line: number
  /** The season's match when it has this fixture already; null for one to make. */
  id: string | null
  home: Candidate
  away: Candidate
  kickoff: string
  timeKnown: boolean
  round: string | null
  venue: string | null
}

export interface FixturePlan {
  matches: PlannedFixture[]
  refused: { line: number; refusal: LineRefusal }[]
}

/** Lengths the matches table's readers show in full: a name, a round label, a venue. */
const MAX = { home: 100, away: 100, round: 100, venue: 200 } as const
const HEADER = ['date', 'time', 'home', 'away']
const CANDIDATES = 3

/** `2026-12-12`, or day first as Arab and European federations write it: `12/12/2026`, `5.1.2027`. */
function isoDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)
  const dayFirst = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text)
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : []
  if (!year) return null
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null
  return date.toISOString().slice(0, 10)
}

/** `20:00` or `8:00`, a 24-hour clock; null for a time that is not one. */
function clockTime(text: string): string | null {
  const found = /^(\d{1,2}):(\d{2})$/.exec(text)
  if (!found || Number(found[1]) > 23 || Number(found[2]) > 59) return null
  return `${found[1]!.padStart(2, '0')}:${found[2]}`
}

/** Letter trigrams of a folded name, for "the clubs it might mean". */
function trigrams(text: string): Set<string> {
  const padded = `  ${text} `
  const grams = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3))
  return grams
}

function likeness(a: Set<string>, b: Set<string>): number {
  let shared = 0
  for (const gram of a) if (b.has(gram)) shared++
  return (2 * shared) / (a.size + b.size)
}

/** Finds clubs by any of their names, folded as the search folds them ("الأهلي" finds "الاهلى"). */
export class ClubFinder {
  private readonly byName = new Map<string, ClubNames[]>()
  private readonly folded: { club: ClubNames; grams: Set<string> }[] = []
  private readonly seasonNamed: boolean

  constructor(clubs: ClubNames[]) {
    this.seasonNamed = clubs.some((club) => club.inSeason)
    for (const club of clubs) {
      for (const key of new Set(club.names.map(normalizeSearchText).filter((key) => key !== ''))) {
        this.byName.set(key, [...(this.byName.get(key) ?? []), club])
        this.folded.push({ club, grams: trigrams(key) })
      }
    }
  }

  /** The one club `name` means; or, when it means none or several, the clubs it might mean. */
  find(name: string): { club: ClubNames } | { unknown: Candidate[] } | { ambiguous: Candidate[] } {
    const found = this.byName.get(normalizeSearchText(name)) ?? []
    // A season's own clubs come first: "Al Ahly" in a Saudi list is not Egypt's.
    const preferred = this.seasonNamed && found.some((club) => club.inSeason) ? found.filter((club) => club.inSeason) : found
    if (preferred.length === 1) return { club: preferred[0]! }
    if (preferred.length > 1) return { ambiguous: preferred.slice(0, CANDIDATES).map(candidate) }
    return { unknown: this.nearest(name) }
  }

  private nearest(name: string): Candidate[] {
    const grams = trigrams(normalizeSearchText(name))
    const best = new Map<ClubNames, number>()
    for (const { club, grams: other } of this.folded) {
      const score = likeness(grams, other) + (club.inSeason ? 0.1 : 0)
      if (score > (best.get(club) ?? 0.15)) best.set(club, score)
    }
    return [...best.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, CANDIDATES)
      .map(([club]) => candidate(club))
  }
}

const candidate = (club: ClubNames): Candidate => ({ id: club.id, name: club.name })

/** Round labels compare as typed, less the spaces around them and their case. */
const roundKey = (round: string | null) => (round ?? '').trim().toLowerCase()
const fixtureKey = (home: string, away: string, round: string | null) => `${home}|${away}|${roundKey(round)}`

/** Whether `records` starts with the optional header row. */
const isHeader = (record: CsvRecord | undefined) => HEADER.every((name, i) => record?.cells[i]?.trim().toLowerCase() === name)

/**
 * Judges each line of the list: times are the competition's wall clock in `timeZone` (a blank
 * time is a time not known yet), clubs are found by `finder`, and a line the season already
 * has (same home, away and round: decision 151) keeps the match it has.
 */
export function planFixtures(records: CsvRecord[], timeZone: string, finder: ClubFinder, existing: SeasonFixture[]): FixturePlan {
  const plan: FixturePlan = { matches: [], refused: [] }
  const had = new Map(existing.map((match) => [fixtureKey(match.home, match.away, match.round), match.id]))
  const seen = new Map<string, number>()
  for (const { line, cells } of isHeader(records[0]) ? records.slice(1) : records) {
    const refuse = (refusal: LineRefusal) => plan.refused.push({ line, refusal })
    if (cells.length < 4 || cells.length > 6) {
      refuse({ kind: 'columns' })
      continue
    }
    if (!cells.every(isStorableText)) {
      refuse({ kind: 'unusual' })
      continue
    }
    const [dateText, timeText, homeName, awayName, roundText, venueText] = cells.map((cell) => cell.trim())
    const date = isoDate(dateText!)
    const time = timeText === '' ? null : clockTime(timeText!)
    const texts = { home: homeName!, away: awayName!, round: roundText ?? '', venue: venueText ?? '' }
    const long = (['home', 'away', 'round', 'venue'] as const).find((field) => texts[field].length > MAX[field])
    if (!date) refuse({ kind: 'date' })
    else if (time === null && timeText !== '') refuse({ kind: 'time' })
    else if (texts.home === '' || texts.away === '') refuse({ kind: 'required', field: texts.home === '' ? 'home' : 'away' })
    else if (long) refuse({ kind: 'tooLong', field: long, max: MAX[long] })
    else {
      const home = finder.find(texts.home)
      const away = finder.find(texts.away)
      const round = texts.round || null
      if (!('club' in home)) refuse(clubRefusal('home', texts.home, home))
      else if (!('club' in away)) refuse(clubRefusal('away', texts.away, away))
      else if (home.club.id === away.club.id) refuse({ kind: 'sameClub' })
      else {
        const key = fixtureKey(home.club.id, away.club.id, round)
        const first = seen.get(key)
        if (first !== undefined) refuse({ kind: 'repeated', of: first })
        else {
          seen.set(key, line)
          const { kickoff, timeKnown } = kickoffOf(date, time ?? undefined, undefined, timeZone)
          plan.matches.push({
            line,
            id: had.get(key) ?? null,
            home: candidate(home.club),
            away: candidate(away.club),
            kickoff,
            timeKnown,
            round,
            venue: texts.venue || null,
          })
        }
      }
    }
  }
  return plan
}

function clubRefusal(field: 'home' | 'away', name: string, found: { unknown: Candidate[] } | { ambiguous: Candidate[] }): LineRefusal {
  return 'unknown' in found ? { kind: 'unknownClub', field, name, candidates: found.unknown } : { kind: 'ambiguousClub', field, name, candidates: found.ambiguous }
}
