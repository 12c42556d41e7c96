// League and group tables for the pages, from the matches a query returned, under the
// competition's own tiebreak rules for that season (lib/standings-rules.ts) and with the
// points its clubs were deducted. A season's tables are worked out once per change and
// stored (decision 073): pages read them back instead of the season's matches. While a match
// of the season is in play, pages show its tables as they stand instead, worked out on each
// page and never stored (decision 097).
import type { Context } from 'hono'
import type { JSONValue } from 'postgres'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import { asItStands, computeStandings, type StandingRow } from '../../lib/standings.ts'
import { type TableRules, tableRules } from '../../lib/standings-rules.ts'
import type { Deduction, MatchSummary, TablesSource, TeamRef } from '../db/football-fragments.ts'
import { storeSeasonTables } from '../db/season-tables.ts'
import { keepBriefly } from '../middleware/edge-cache.ts'
import type { AppEnv } from '../types.ts'

export interface Table {
  rows: StandingRow<number>[]
  teams: Map<number, TeamRef>
  rules: TableRules
  /** The deductions of the clubs in this table, for its footnote. */
  deductions: Deduction[]
  /** Its matches in play, counted at their current score: the order is as it stands. None in a final table. */
  live: MatchSummary[]
}

/** UEFA's league phase (from 2024/25): one table of every club, its rounds "League, Matchday N". */
const LEAGUE_PHASE = /^League\b/

/** Being played, or stopped and to be resumed: its score stands for now. */
const isInPlay = (m: MatchSummary) => m.status === 'live' || m.status === 'suspended'

/** `provisional`: matches in play count at their current score (lib/standings.ts `asItStands`). */
function table(matches: MatchSummary[], lang: Locale, deductions: Deduction[], provisional = false): Table {
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
  const rows = (provisional ? asItStands : computeStandings)(
    matches.map((m) => ({ home: m.home.id, away: m.away.id, homeGoals: m.ft?.[0] ?? null, awayGoals: m.ft?.[1] ?? null, status: m.status, kickoff: m.kickoff })),
    { criteria: rules.criteria, deductions: deducted, nameOf: (id) => localized(teams.get(id)?.name, lang), collator: new Intl.Collator(LOCALE_CONFIG[lang].intl) },
  )
  return { rows, teams, rules, deductions: own, live: provisional ? matches.filter(isInPlay) : [] }
}

const inLeague = (m: MatchSummary) => m.group === null && (m.competition.kind === 'league' || LEAGUE_PHASE.test(m.round ?? ''))

/** The season's league table: a league's whole season, or a cup's league phase. */
export function leagueTable(matches: MatchSummary[], lang: Locale, deductions: Deduction[] = [], provisional = false): Table {
  return table(matches.filter(inLeague), lang, deductions, provisional)
}

/** One table per group of a cup's group stage, in group order. */
function groupTables(matches: MatchSummary[], lang: Locale, deductions: Deduction[], provisional: boolean): [string, Table][] {
  const groups = new Map<string, MatchSummary[]>()
  for (const m of matches) if (m.group) groups.set(m.group, [...(groups.get(m.group) ?? []), m])
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([group, list]) => [group, table(list, lang, deductions, provisional)])
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

const tablesOf = (matches: MatchSummary[], lang: Locale, deductions: Deduction[], provisional: boolean): SeasonTables => ({
  league: leagueTable(matches, lang, deductions, provisional),
  groups: groupTables(matches, lang, deductions, provisional),
})

/**
 * The season's tables in the page's language. While one of its matches is in play: as they
 * stand, on every page, kept at the edge briefly like the match's own page. Otherwise the
 * stored ones while current, else worked out from the season's matches and stored for the
 * next page, after this one is answered.
 */
export function seasonTables(c: Context<AppEnv>, seasonId: number, source: TablesSource, deductions: Deduction[]): SeasonTables {
  const { lang } = c.var
  const matches = source.tableMatches ?? []
  if (matches.some(isInPlay)) {
    keepBriefly(c)
    return tablesOf(matches, lang, deductions, true)
  }
  if (source.storedTables) {
    const kept = source.storedTables as StoredTables
    return { league: revived(kept.league), groups: kept.groups.map(([group, t]) => [group, revived(t)]) }
  }
  const tables = tablesOf(matches, lang, deductions, false)
  const json: StoredTables = { league: stored(tables.league), groups: tables.groups.map(([group, t]) => [group, stored(t)]) }
  c.executionCtx.waitUntil(
    storeSeasonTables(c.env.DB.connectionString, seasonId, lang, source.tablesVersion, json as unknown as JSONValue).catch((error: unknown) => {
      // The page is answered already; the next one works the tables out again.
      console.error(JSON.stringify({ id: c.var.requestId, season_tables: String(error) }))
    }),
  )
  return tables
}

/** The table a match belongs to: its group's, or its league's (or league phase's). */
export function contextTable(match: MatchSummary, tables: SeasonTables): Table | null {
  if (match.group) return tables.groups.find(([group]) => group === match.group)?.[1] ?? null
  if (inLeague(match)) return tables.league
  return null
}
