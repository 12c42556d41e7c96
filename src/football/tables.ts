// League and group tables for the pages, from the matches a query returned.
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import { computeStandings, type StandingRow } from '../../lib/standings.ts'
import type { MatchSummary, TeamRef } from '../db/football.ts'

export interface Table {
  rows: StandingRow<number>[]
  teams: Map<number, TeamRef>
}

function table(matches: MatchSummary[], lang: Locale): Table {
  const teams = new Map<number, TeamRef>()
  for (const m of matches) {
    teams.set(m.home.id, m.home)
    teams.set(m.away.id, m.away)
  }
  const rows = computeStandings(
    matches.map((m) => ({ home: m.home.id, away: m.away.id, homeGoals: m.ft?.[0] ?? null, awayGoals: m.ft?.[1] ?? null, status: m.status, kickoff: m.kickoff })),
    (id) => localized(teams.get(id)?.name, lang),
    new Intl.Collator(LOCALE_CONFIG[lang].intl),
  )
  return { rows, teams }
}

/** The season's league table (matches outside groups: the whole season for a league). */
export function leagueTable(matches: MatchSummary[], lang: Locale): Table {
  return table(
    matches.filter((m) => m.group === null && m.competition.kind === 'league'),
    lang,
  )
}

/** One table per group of a cup's group stage, in group order. */
export function groupTables(matches: MatchSummary[], lang: Locale): [string, Table][] {
  const groups = new Map<string, MatchSummary[]>()
  for (const m of matches) if (m.group) groups.set(m.group, [...(groups.get(m.group) ?? []), m])
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([group, list]) => [group, table(list, lang)])
}

/** The table a match belongs to: its group's, or its league's. */
export function contextTable(match: MatchSummary, seasonMatches: MatchSummary[], lang: Locale): Table | null {
  if (match.group) return table(seasonMatches.filter((m) => m.group === match.group), lang)
  if (match.competition.kind === 'league') return leagueTable(seasonMatches, lang)
  return null
}
