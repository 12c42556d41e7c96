// Each competition's table rules, season by season: the points for a win, a draw and a loss,
// the order for clubs level on points, what settles a tie no criterion here can, and the
// zones the table marks. They are data (competition_rules, decision 148; docs/standings-rules.md
// gives each source), edited at the desk; this module picks a season's entry from them.
// Criteria are applied in order after points (lib/standings.ts); what remains level after
// the last one waits on data Hadaf does not hold, named by `then`, and the table marks it provisional.
import { type Criterion, PLAIN_CRITERIA, type Points, USUAL_POINTS } from './standings.ts'

/** What settles a tie no criterion here could: the table then says its order is provisional. */
export const UNSETTLED = ['play-off', 'fair-play', 'lots', 'coefficient', 'ranking'] as const
export type Unsettled = (typeof UNSETTLED)[number]

/** What the rows of a zone go on to (decision 149), in the order a legend lists them. */
export const ZONE_KINDS = ['champions', 'continental', 'promotion-playoff', 'relegation-playoff', 'relegation'] as const
export type ZoneKind = (typeof ZONE_KINDS)[number]

/** Positions `from` to `to` of the table (1-based, both included). */
export interface Zone {
  kind: ZoneKind
  from: number
  to: number
}

export interface TableRules {
  points: Points
  criteria: Criterion[]
  then: Unsettled
  zones: Zone[]
}

export interface SeasonRules extends TableRules {
  /** First season (label, e.g. 2025/26 or 2026) the rules apply from; earlier ones take the entry before. */
  from: string
  /** Where the rules are written: a regulation's article, a URL. */
  source: string
}

/** A competition without rules: 3 points a win, 1 a draw, then goal difference, goals scored, lots. */
export const DEFAULT_RULES: TableRules = { points: USUAL_POINTS, criteria: PLAIN_CRITERIA, then: 'lots', zones: [] }

/** A season label's first year: 2023/24 and 2023 both read as 2023. */
const startYear = (label: string) => Number(label.slice(0, 4))

/** The rules of `season` among a competition's entries (ordered by `from`); none gives the default. */
export function tableRules(entries: readonly SeasonRules[] | null, season: string): TableRules {
  const list = entries ?? []
  const entry = list.filter((e) => startYear(e.from) <= startYear(season)).at(-1) ?? list[0]
  return entry ? { points: entry.points, criteria: entry.criteria, then: entry.then, zones: entry.zones } : DEFAULT_RULES
}
