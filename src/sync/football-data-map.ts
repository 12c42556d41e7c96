// football-data.org v4's matches (GET /competitions/{code}/matches, GET /matches) turned into
// fixtures, once each has been checked against the documented shape. Pure, so the status
// mapping, the season rule and the checks are tested on their own.
import * as v from 'valibot'
import type { MatchStatus } from '../../lib/live.ts'
import { boundedText, type IncomingFixture, MAX_TEXT, pairOf } from './fixture.ts'
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

/** More goals than any side has scored (149, in 2002), fewer than any column holds. */
const MAX_GOALS = 999
/** A season's dates and kick-offs are between these years. */
const YEARS = [1850, 2200] as const

// The bound every sync's names keep (fixture.ts), checked here too so a refusal names the provider's field.
const name = v.message(v.nullish(v.pipe(v.string(), v.check(boundedText))), `text of at most ${MAX_TEXT} characters, or null`)
const goals = v.message(v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_GOALS))), `a whole number of goals from 0 to ${MAX_GOALS}, or null`)
const goalPair = v.nullish(v.object({ home: goals, away: goals }))

/** Whether `text` names the instant or day its digits say (no 30 February), within YEARS. */
function realDate(text: string): boolean {
  const time = Date.parse(text)
  if (Number.isNaN(time)) return false
  const year = new Date(time).getUTCFullYear()
  return year >= YEARS[0] && year <= YEARS[1] && new Date(time).toISOString().startsWith(text.replace(/Z$/, '').slice(0, 19))
}

const day = v.message(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.check(realDate)), `a date (YYYY-MM-DD) between ${YEARS[0]} and ${YEARS[1]}`)
const instant = v.message(
  v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/), v.check(realDate)),
  `a UTC instant (YYYY-MM-DDTHH:MM:SSZ) between ${YEARS[0]} and ${YEARS[1]}`,
)
// Codes are the API's own enumerations: upper-case words joined by underscores.
const code = (max: number) => v.message(v.pipe(v.string(), v.regex(new RegExp(`^[A-Z0-9_]{1,${max}}$`))), `a code of at most ${max} capitals, digits and underscores`)

const team = v.object({
  id: v.message(v.nullish(v.pipe(v.number(), v.safeInteger())), 'a whole number, or null'),
  name,
  shortName: name,
  tla: v.message(v.nullish(v.pipe(v.string(), v.maxLength(5))), 'at most 5 characters, or null'),
})

/**
 * A match as football-data.org v4 documents it (the Match resource of GET /matches and
 * GET /competitions/{code}/matches), only the fields the sync reads, each bounded (decision
 * 100). Whatever else an answer carries is dropped.
 */
const ProviderMatchSchema = v.object({
  id: v.message(v.pipe(v.number(), v.safeInteger(), v.minValue(1)), 'a positive whole number'),
  utcDate: instant,
  status: code(32),
  matchday: v.message(v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99))), 'a whole number from 1 to 99, or null'),
  stage: v.nullish(code(40)),
  competition: v.nullish(v.object({ code: v.nullish(code(10)) })),
  season: v.pipe(
    v.object({ startDate: day, endDate: day }),
    v.check((s) => s.startDate <= s.endDate, 'an endDate after its startDate'),
  ),
  homeTeam: team,
  awayTeam: team,
  score: v.nullish(v.object({ fullTime: goalPair, halfTime: goalPair, penalties: goalPair })),
})

export type ProviderMatch = v.InferOutput<typeof ProviderMatchSchema>

/**
 * The match, or why it is skipped: the id it gives (its place in the answer when it has no
 * usable id), the first field that is not as documented, and what that field should be.
 * The value itself is left out: it may be anything, of any length.
 */
export function readProviderMatch(raw: unknown, position: number): ProviderMatch | { skipped: string } {
  // valibot's own messages quote the value; where a field has none of ours, the type it expects is said.
  const parsed = v.safeParse(ProviderMatchSchema, raw, { abortEarly: true, message: (issue) => `${issue.expected ?? 'as documented'}` })
  if (parsed.success) return parsed.output
  const id = (raw as { id?: unknown } | null)?.id
  const which = Number.isSafeInteger(id) ? `match ${id as number}` : `match number ${position + 1} in the answer`
  const issue = parsed.issues[0]
  return { skipped: `${which}: ${v.getDotPath(issue) ?? 'the match'} should be ${issue.message}` }
}

const namesOf = (team: ProviderMatch['homeTeam']): string[] => [team.name, team.shortName].filter((n): n is string => typeof n === 'string' && n.trim() !== '')

/** The checked match's fixture, or why it cannot be one (a status we do not know, a team without a name). */
export function fixtureOf(m: ProviderMatch, code: string): IncomingFixture | { skipped: string } {
  const status = statusOf(m.status)
  const competitionId = COMPETITION_OF_CODE[code]
  if (!competitionId) return { skipped: `competition ${code} is not one the site carries` }
  if (!status) return { skipped: `match ${m.id}: unknown status ${m.status}` }
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
