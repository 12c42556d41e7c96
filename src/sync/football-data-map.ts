// football-data.org v4's matches (GET /competitions/{code}/matches, GET /matches) turned into
// fixtures. Pure, so the status mapping and the season rule are tested on their own.
import type { MatchStatus } from '../../lib/live.ts'
import type { IncomingFixture } from './fixture.ts'
import { pairOf } from './fixture.ts'
import { COMPETITION_OF_CODE } from './sources.ts'

/**
 * Its statuses onto ours. PAUSED is half-time and EXTRA_TIME / PENALTY_SHOOTOUT still play:
 * the match is live. AWARDED keeps its own status (a result given at a table, not played).
 * Anything else is unknown and the match is left as it is.
 */
const STATUS: Readonly<Record<string, MatchStatus>> = {
  SCHEDULED: 'scheduled',
  TIMED: 'scheduled',
  IN_PLAY: 'live',
  LIVE: 'live',
  PAUSED: 'live',
  EXTRA_TIME: 'live',
  PENALTY_SHOOTOUT: 'live',
  FINISHED: 'finished',
  AWARDED: 'awarded',
  SUSPENDED: 'suspended',
  POSTPONED: 'postponed',
  CANCELLED: 'cancelled',
}

export function statusOf(provider: string): MatchStatus | undefined {
  return STATUS[provider]
}

/** A season running across two years is '2026/27'; one inside a year (a World Cup) is '2026'. */
export function seasonLabel(startDate: string, endDate: string): string {
  const [start, end] = [startDate.slice(0, 4), endDate.slice(0, 4)]
  return start === end ? start : `${start}/${end.slice(2)}`
}

interface Team {
  id?: number | null
  name?: string | null
  shortName?: string | null
  tla?: string | null
}

export interface ProviderMatch {
  id: number
  utcDate: string
  status: string
  matchday?: number | null
  stage?: string | null
  competition?: { code?: string }
  season?: { startDate: string; endDate: string }
  homeTeam: Team
  awayTeam: Team
  score?: {
    fullTime?: { home: number | null; away: number | null }
    halfTime?: { home: number | null; away: number | null }
    penalties?: { home: number | null; away: number | null }
  }
}

const namesOf = (team: Team): string[] => [team.name, team.shortName].filter((n): n is string => typeof n === 'string' && n.trim() !== '')

/** The fixture, or why it cannot be one (a status we do not know, a team without a name). */
export function fixtureOf(m: ProviderMatch, code: string): IncomingFixture | { skipped: string } {
  const status = statusOf(m.status)
  const competitionId = COMPETITION_OF_CODE[code]
  if (!competitionId) return { skipped: `competition ${code} is not one the site carries` }
  if (!status) return { skipped: `match ${m.id}: unknown status ${m.status}` }
  if (!m.season || Number.isNaN(Date.parse(m.utcDate))) return { skipped: `match ${m.id}: no season or kick-off` }
  const [home, away] = [namesOf(m.homeTeam), namesOf(m.awayTeam)]
  // A knockout tie whose teams are not drawn yet has null teams: nothing to show until they are.
  if (home.length === 0 || away.length === 0) return { skipped: `match ${m.id}: teams not known yet` }
  const score = m.score ?? {}
  return {
    source: 'football-data',
    externalId: String(m.id),
    competitionId,
    season: seasonLabel(m.season.startDate, m.season.endDate),
    round: m.matchday != null ? String(m.matchday) : (m.stage ?? null),
    kickoff: new Date(m.utcDate).toISOString(),
    kickoffTimeKnown: true,
    home,
    away,
    status,
    ft: pairOf(score.fullTime?.home, score.fullTime?.away),
    ht: pairOf(score.halfTime?.home, score.halfTime?.away),
    pen: pairOf(score.penalties?.home, score.penalties?.away),
  }
}
