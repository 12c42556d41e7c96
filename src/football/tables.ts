// League and group tables for the pages, from the matches a query returned, under the
// competition's own rules for that season (competition_rules, which the page's statement
// returns with the matches; lib/standings-rules.ts picks the season's entry) and with the
// points its clubs were deducted. A season's tables are worked out once per change and
// stored (decision 073): pages read them back instead of the season's matches. While a match
// of the season is in play, pages show its tables as they stand instead, worked out on each
// page and never stored (decision 097). What is kept, at the edge or in the database, the
// route decides: this module only works tables out.
import type { JSONValue } from 'postgres'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import { asItStands, computeStandings, type StandingRow } from '../../lib/standings.ts'
import { type SeasonRules, type TableRules, tableRules } from '../../lib/standings-rules.ts'
import type { Deduction, MatchSummary, TablesSource, TeamRef } from '../db/football-fragments.ts'
import type { StoredSeasonTables } from '../db/season-tables.ts'

export interface Table {
  rows: StandingRow<number>[]
  teams: Map<number, TeamRef>
  rules: TableRules
  /** The deductions of the clubs in this table, for its footnote. */
  deductions: Deduction[]
  /** Its matches in play, counted at their current score: the order is as it stands. None in a final table. */
  live: MatchSummary[]
  /** How many of its matches a spoiler-free reader hides, left out: the table as it stood before them (decision 139). */
  hiddenMatches?: number
}

/** UEFA's league phase (from 2024/25): one table of every club, its rounds "League, Matchday N". */
const LEAGUE_PHASE = /^League\b/

/** Being played, or stopped and to be resumed: its score stands for now. */
const isInPlay = (m: MatchSummary) => m.status === 'live' || m.status === 'suspended'

/** What a table is worked out with besides its matches. */
interface TableInputs {
  /** The competition's rules, season by season; null for one without (the default rules). */
  rules: readonly SeasonRules[] | null
  deductions: Deduction[]
  /** Matches in play count at their current score (lib/standings.ts `asItStands`). */
  provisional: boolean
}

function table(matches: MatchSummary[], lang: Locale, { rules: entries, deductions, provisional }: TableInputs): Table {
  const teams = new Map<number, TeamRef>()
  for (const m of matches) {
    teams.set(m.home.id, m.home)
    teams.set(m.away.id, m.away)
  }
  const first = matches[0]
  const rules = tableRules(entries, first?.season ?? '')
  const own = deductions.filter((d) => teams.has(d.clubId))
  const deducted = new Map<number, number>()
  for (const d of own) deducted.set(d.clubId, (deducted.get(d.clubId) ?? 0) + d.points)
  const rows = (provisional ? asItStands : computeStandings)(
    matches.map((m) => ({ home: m.home.id, away: m.away.id, homeGoals: m.ft?.[0] ?? null, awayGoals: m.ft?.[1] ?? null, status: m.status, kickoff: m.kickoff })),
    { points: rules.points, criteria: rules.criteria, deductions: deducted, nameOf: (id) => localized(teams.get(id)?.name, lang), collator: new Intl.Collator(LOCALE_CONFIG[lang].intl) },
  )
  return { rows, teams, rules, deductions: own, live: provisional ? matches.filter(isInPlay) : [] }
}

const inLeague = (m: MatchSummary) => m.group === null && (m.competition.kind === 'league' || LEAGUE_PHASE.test(m.round ?? ''))

const FINAL: TableInputs = { rules: null, deductions: [], provisional: false }

/** The season's league table: a league's whole season, or a cup's league phase. */
export function leagueTable(matches: MatchSummary[], lang: Locale, inputs: Partial<TableInputs> = {}): Table {
  return table(matches.filter(inLeague), lang, { ...FINAL, ...inputs })
}

/** One table per group of a cup's group stage, in group order. */
function groupTables(matches: MatchSummary[], lang: Locale, inputs: TableInputs): [string, Table][] {
  const groups = new Map<string, MatchSummary[]>()
  for (const m of matches) if (m.group) groups.set(m.group, [...(groups.get(m.group) ?? []), m])
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([group, list]) => [group, table(list, lang, inputs)])
}

/** A season's tables: its league table (empty for a cup without a league phase) and its groups'. */
export interface SeasonTables {
  league: Table
  groups: [string, Table][]
}

/** A final table as JSON: its teams as a list. */
type StoredTable = Omit<Table, 'teams' | 'live'> & { teams: TeamRef[] }
interface StoredTables {
  league: StoredTable
  groups: [string, StoredTable][]
}

const stored = ({ rows, teams, rules, deductions }: Table): StoredTable => ({ rows, rules, deductions, teams: [...teams.values()] })
const revived = (t: StoredTable): Table => ({ ...t, teams: new Map(t.teams.map((team) => [team.id, team])), live: [] })

const tablesOf = (matches: MatchSummary[], lang: Locale, inputs: TableInputs): SeasonTables => ({
  league: leagueTable(matches, lang, inputs),
  groups: groupTables(matches, lang, inputs),
})

/** A season's tables as a page reads them, with what the route must decide about them. */
export interface SeasonTablesRead extends SeasonTables {
  /** A match of the season is in play: the tables are as they stand and move with it. */
  inPlay: boolean
  /** Worked out now, as no current ones were stored: for the route to store (decision 073). */
  unstored: StoredSeasonTables | null
}

/**
 * The season's tables in `lang`. While one of its matches is in play: as they stand.
 * Otherwise the stored ones while current, else worked out from the season's matches.
 */
export function seasonTables(lang: Locale, seasonId: number, source: TablesSource, deductions: Deduction[]): SeasonTablesRead {
  const matches = source.tableMatches ?? []
  const rules = source.competitionRules
  if (matches.some(isInPlay)) return { ...tablesOf(matches, lang, { rules, deductions, provisional: true }), inPlay: true, unstored: null }
  if (source.storedTables) {
    const kept = source.storedTables as StoredTables
    return { league: revived(kept.league), groups: kept.groups.map(([group, t]) => [group, revived(t)]), inPlay: false, unstored: null }
  }
  const tables = tablesOf(matches, lang, { rules, deductions, provisional: false })
  const json: StoredTables = { league: stored(tables.league), groups: tables.groups.map(([group, t]) => [group, stored(t)]) }
  return { ...tables, inPlay: false, unstored: { seasonId, lang, version: source.tablesVersion, tables: json as unknown as JSONValue } }
}

/**
 * The season's tables for a spoiler-free reader: worked out without the matches they hide, as
 * they stood before them (decision 139), each table saying how many it left out. Never stored.
 */
export function tablesWithout(lang: Locale, source: TablesSource, deductions: Deduction[], hides: (m: MatchSummary) => boolean): SeasonTablesRead | null {
  const matches = source.tableMatches ?? []
  const hidden = matches.filter(hides)
  if (hidden.length === 0) return null
  const shown = matches.filter((m) => !hides(m))
  const inPlay = shown.some(isInPlay)
  const tables = tablesOf(shown, lang, { rules: source.competitionRules, deductions, provisional: inPlay })
  const mark = (t: Table, hiddenMatches: number): Table => ({ ...t, hiddenMatches })
  return {
    league: mark(tables.league, hidden.filter(inLeague).length),
    groups: tables.groups.map(([group, t]) => [group, mark(t, hidden.filter((m) => m.group === group).length)]),
    inPlay,
    unstored: null,
  }
}

/** The table a match belongs to: its group's, or its league's (or league phase's). */
export function contextTable(match: MatchSummary, tables: SeasonTables): Table | null {
  if (match.group) return tables.groups.find(([group]) => group === match.group)?.[1] ?? null
  if (inLeague(match)) return tables.league
  return null
}
