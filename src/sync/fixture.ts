// A fixture as a provider describes it, before its teams are known to be our clubs: what both
// syncs hand to the writer (fixture-writer.ts), and what waits in the unmatched-teams queue.
import type { MatchStatus } from '../../lib/live.ts'
import { isStorableText } from '../validation/storable-text.ts'

export type Pair = [number, number] | null

export interface IncomingFixture {
  source: 'football-data' | 'openfootball'
  /** The provider's own id for the fixture (football-data's match id; openfootball's date and names). */
  externalId: string
  competitionId: string
  /** '2026/27' for a league, '2026' for a tournament. */
  season: string
  round: string | null
  /** ISO instant. */
  kickoff: string
  kickoffTimeKnown: boolean
  /** The names the provider gives each side, best first: a club is found by any of them. */
  home: string[]
  away: string[]
  status: MatchStatus
  ft: Pair
  ht: Pair
  pen: Pair
}

/** The fixture's key in the queue and in the provider's terms: one per fixture, whichever run sees it. */
export const fixtureKey = (f: IncomingFixture): string => `${f.source}:${f.externalId}`

/** The longest round and team name a fixture brings: a club's name at the desk is at most as long (src/api/desk/data-sync.ts). */
export const MAX_TEXT = 100

// Control characters have no place in a name or a round (and Postgres refuses NUL), nor has
// a lone surrogate, which Postgres cannot store either: in the queue's json it would stop the run.
const CONTROL = /\p{Cc}/u

/** Whether a provider's text may become a round or a name: at most MAX_TEXT characters, no control characters, storable. */
export const boundedText = (text: string): boolean => text.length <= MAX_TEXT && !CONTROL.test(text) && isStorableText(text)

/** What a refused fixture is called in a run's errors: its id, cut short, since openfootball's carries the names. */
const label = (f: IncomingFixture): string => `match ${f.externalId.length > 80 ? `${f.externalId.slice(0, 80)}…` : f.externalId}`

/**
 * Why the fixture may not be written (decision 100): the first of its round and team names
 * past its bound, named with the fixture but never quoted, since it may be of any length.
 */
export function refusedField(f: IncomingFixture): string | undefined {
  const field = f.round !== null && !boundedText(f.round) ? 'round' : !f.home.every(boundedText) ? 'home' : !f.away.every(boundedText) ? 'away' : undefined
  return field && `${label(f)}: ${field} should be text of at most ${MAX_TEXT} characters without control characters or lone surrogates`
}

/** A pair of goals, or null unless both sides have a number. */
export function pairOf(home: unknown, away: unknown): Pair {
  return Number.isInteger(home) && Number.isInteger(away) ? [home as number, away as number] : null
}
