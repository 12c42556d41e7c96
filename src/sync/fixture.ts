// A fixture as a provider describes it, before its teams are known to be our clubs: what both
// syncs hand to the writer (fixture-writer.ts), and what waits in the unmatched-teams queue.
import type { MatchStatus } from '../../lib/live.ts'

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

/** A pair of goals, or null unless both sides have a number. */
export function pairOf(home: unknown, away: unknown): Pair {
  return Number.isInteger(home) && Number.isInteger(away) ? [home as number, away as number] : null
}
