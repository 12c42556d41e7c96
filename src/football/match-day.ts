// The matches page's day as readers use it (issue 26, section 3; decision 124): the day's
// matches grouped by competition in the reader's order, live matches first in each, each with
// the broadcasts of the reader's country, and the filters a reader can apply without script.
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import type { CompetitionRef } from '../db/football-fragments.ts'
import type { DayBroadcast, DayMatch } from '../db/matches.ts'

/** What orders the groups: the reader's followed competitions (issue 27 brings them), then the desk's big ones. */
export interface GroupOrder {
  followed: readonly string[]
  big: readonly string[]
}

export interface CompetitionGroup {
  competition: CompetitionRef
  matches: DayMatch[]
}

/** The filters of `?tv=mine&free=1&live=1`, each off unless asked for. */
export interface DayFilters {
  /** On TV in the reader's country. */
  tv: boolean
  /** On a free-to-air channel in the reader's country. */
  free: boolean
  live: boolean
}

/** The broadcasts covering `country`, in the editor's order; none when the country is not known. */
export function broadcastsIn(match: DayMatch, country: string | null): DayBroadcast[] {
  return country ? match.broadcasts.filter((b) => b.countries.includes(country)) : []
}

export function keepsMatch(match: DayMatch, filters: DayFilters, country: string | null): boolean {
  if (filters.live && match.status !== 'live') return false
  const shown = broadcastsIn(match, country)
  if (filters.tv && shown.length === 0) return false
  return !filters.free || shown.some((b) => b.freeToAir)
}

/** Its place in `list`, or after every listed one. */
const rank = (list: readonly string[], id: string) => {
  const at = list.indexOf(id)
  return at === -1 ? list.length : at
}

/**
 * The day's matches by competition: followed competitions first in the reader's order, then
 * the big ones in the desk's, then the rest by name in the page's language. In a group, live
 * matches first, then by kick-off.
 */
export function groupByCompetition(matches: readonly DayMatch[], order: GroupOrder, lang: Locale): CompetitionGroup[] {
  const groups = new Map<string, CompetitionGroup>()
  for (const match of matches) {
    const group = groups.get(match.competition.id) ?? { competition: match.competition, matches: [] }
    group.matches.push(match)
    groups.set(match.competition.id, group)
  }
  const collator = new Intl.Collator(lang)
  const name = (c: CompetitionRef) => localized(c.name, lang)
  const byKickoff = (a: DayMatch, b: DayMatch) =>
    Number(b.status === 'live') - Number(a.status === 'live') || Date.parse(a.kickoff) - Date.parse(b.kickoff) || a.id - b.id
  return [...groups.values()]
    .sort(
      (a, b) =>
        rank(order.followed, a.competition.id) - rank(order.followed, b.competition.id) ||
        rank(order.big, a.competition.id) - rank(order.big, b.competition.id) ||
        collator.compare(name(a.competition), name(b.competition)),
    )
    .map((group) => ({ ...group, matches: group.matches.sort(byKickoff) }))
}
