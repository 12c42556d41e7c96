// A competition's table rules as the desk sends them (docs/desk-api.md, Competitions; decision
// 148): season by season, the points, the order after points from the criteria Hadaf computes
// (lib/standings.ts), what settles what is still level, and the zones the table marks.
import * as v from 'valibot'
import type { Measure } from '../../lib/standings.ts'
import { type SeasonRules, UNSETTLED, ZONE_KINDS } from '../../lib/standings-rules.ts'
import { choice, type IssueKey, isSeasonLabel, requiredText, wholeNumber } from './fields.ts'

/** What a head-to-head mini-table can be ordered by. */
const MEASURES = ['points', 'goalDifference', 'goalsFor', 'awayGoalsFor', 'wins', 'awayWins'] as const satisfies readonly Measure[]

/** What the whole table can be ordered by after points. */
const OVERALL = ['goalDifference', 'goalsFor', 'awayGoalsFor', 'wins', 'awayWins', 'opponentsPoints', 'opponentsGoalDifference', 'opponentsGoalsFor'] as const

/** The most places a zone can reach: the longest table Hadaf shows is UEFA's league phase of 36. */
export const MAX_PLACE = 64

const distinct = (list: readonly unknown[]) => new Set(list.map((item) => JSON.stringify(item))).size === list.length

const HeadToHead = v.object({
  headToHead: v.pipe(v.array(v.picklist(MEASURES)), v.minLength(1), v.check((list) => distinct(list))),
  reapply: v.optional(v.boolean()),
  onceAllPlayed: v.optional(v.boolean()),
})

const Step = v.union([v.picklist(OVERALL), HeadToHead], 'criterion' satisfies IssueKey)

const Steps = v.pipe(
  v.array(Step, 'list' satisfies IssueKey),
  v.maxLength(12, 'tooMany:12' satisfies IssueKey),
  v.check((list) => distinct(list), 'repeated' satisfies IssueKey),
)

/** Botola's: two clubs level are ordered by one list, three or more by another. */
const ByHowMany = v.object({ twoClubs: Steps, moreClubs: Steps })

const Criteria = v.pipe(
  v.array(v.union([v.picklist(OVERALL), HeadToHead, ByHowMany], 'criterion' satisfies IssueKey), 'list' satisfies IssueKey),
  v.maxLength(12, 'tooMany:12' satisfies IssueKey),
  v.check((list) => distinct(list), 'repeated' satisfies IssueKey),
)

const Points = v.pipe(
  v.object({ win: wholeNumber(0, 10), draw: wholeNumber(0, 10), loss: wholeNumber(0, 10) }),
  v.check((p) => p.win > p.draw && p.draw >= p.loss, 'points' satisfies IssueKey),
)

const Zone = v.pipe(
  v.object({ kind: choice(ZONE_KINDS), from: wholeNumber(1, MAX_PLACE), to: wholeNumber(1, MAX_PLACE) }),
  v.check((zone) => zone.from <= zone.to, 'zones' satisfies IssueKey),
)

/** Zones ordered by their first place, none reaching into the next. */
const Zones = v.pipe(
  v.array(Zone, 'list' satisfies IssueKey),
  v.maxLength(10, 'tooMany:10' satisfies IssueKey),
  v.transform((zones) => zones.toSorted((a, b) => a.from - b.from)),
  v.check((zones) => zones.every((zone, i) => i === 0 || zones[i - 1]!.to < zone.from), 'zones' satisfies IssueKey),
)

const SeasonLabel = v.pipe(v.string('season' satisfies IssueKey), v.check(isSeasonLabel, 'season' satisfies IssueKey))

const Entry = v.object({
  from: SeasonLabel,
  points: Points,
  criteria: Criteria,
  then: choice(UNSETTLED),
  zones: Zones,
  // Football facts cite their source: the regulation's article, or where it was reported.
  source: requiredText(500),
})

const firstYear = (entry: { from: string }) => Number(entry.from.slice(0, 4))

/** The entries, one per first season, in the order they apply; null takes the default rules. */
export const TableRulesInput = v.nullable(
  v.pipe(
    v.array(Entry, 'list' satisfies IssueKey),
    v.minLength(1, 'required' satisfies IssueKey),
    v.maxLength(20, 'tooMany:20' satisfies IssueKey),
    v.check((entries) => distinct(entries.map(firstYear)), 'season' satisfies IssueKey),
    v.transform((entries): SeasonRules[] => entries.toSorted((a, b) => firstYear(a) - firstYear(b))),
  ),
)
