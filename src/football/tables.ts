// League and group tables for the pages, from the matches a query returned, under the
// competition's own tiebreak rules for that season (lib/standings-rules.ts) and with the
// points its clubs were deducted.
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import { computeStandings, type StandingRow } from '../../lib/standings.ts'
import { type TableRules, tableRules } from '../../lib/standings-rules.ts'
import type { Deduction, MatchSummary, TeamRef } from '../db/football-fragments.ts'

export interface Table {
  rows: StandingRow<number>[]
  teams: Map<number, TeamRef>
  rules: TableRules
  /** The deductions of the clubs in this table, for its footnote. */
  deductions: Deduction[]
}

/** UEFA's league phase (from 2024/25): one table of every club, its rounds "League, Matchday N". */
const LEAGUE_PHASE = /^League\b/

function table(matches: MatchSummary[], lang: Locale, deductions: Deduction[]): Table {
  const teams = new Map<number, TeamRef>()
  for (const m of matches) {
    teams.set(m.home.id, m.home)
    teams.set(m.away.id, m.away)
  }
  const first = matches[0]
  const rules = first ? tableRules(first.competition.id, first.season) : tableRules('', '')
  const own = deductions.filter((d) => teams.has(d.clubId))
  const deducted = new Map<number, number>()
  for (const d of own) deducted.set(d.clubId, (deducted.get(d.clubId) ?? 0) + d.points)
  const rows = computeStandings(
    matches.map((m) => ({ home: m.home.id, away: m.away.id, homeGoals: m.ft?.[0] ?? null, awayGoals: m.ft?.[1] ?? null, status: m.status, kickoff: m.kickoff })),
    { criteria: rules.criteria, deductions: deducted, nameOf: (id) => localized(teams.get(id)?.name, lang), collator: new Intl.Collator(LOCALE_CONFIG[lang].intl) },
  )
  return { rows, teams, rules, deductions: own }
}

const inLeague = (m: MatchSummary) => m.group === null && (m.competition.kind === 'league' || LEAGUE_PHASE.test(m.round ?? ''))

/** The season's league table: a league's whole season, or a cup's league phase. */
export function leagueTable(matches: MatchSummary[], lang: Locale, deductions: Deduction[] = []): Table {
  return table(matches.filter(inLeague), lang, deductions)
}

/** One table per group of a cup's group stage, in group order. */
export function groupTables(matches: MatchSummary[], lang: Locale, deductions: Deduction[] = []): [string, Table][] {
  const groups = new Map<string, MatchSummary[]>()
  for (const m of matches) if (m.group) groups.set(m.group, [...(groups.get(m.group) ?? []), m])
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([group, list]) => [group, table(list, lang, deductions)])
}

/** The table a match belongs to: its group's, or its league's (or league phase's). */
export function contextTable(match: MatchSummary, seasonMatches: MatchSummary[], lang: Locale, deductions: Deduction[] = []): Table | null {
  if (match.group) return table(seasonMatches.filter((m) => m.group === match.group), lang, deductions)
  if (inLeague(match)) return leagueTable(seasonMatches, lang, deductions)
  return null
}
