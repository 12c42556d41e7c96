// Spoiler-free (issue 27, section 4; decision 139). A reader who watches a recording later
// hides the scores of every match ('all') or of what they follow ('follows') until they reveal
// one. Pages veil such a match before they render it: its score, half-time, extra-time and
// penalty scores, its events and its live text are taken out of the data, so they are absent
// from the HTML, not hidden by CSS. Pure: the lists come with the reader's session
// (src/db/sessions.ts), so a page pays no statement of its own for them.
import type { MatchSummary } from '../db/football-fragments.ts'
import type { SpoilerFree } from '../db/users.ts'

/** What the session's statement returns for a spoiler-free reader: ids only. */
export interface SpoilerLists {
  revealed: number[]
  clubs: number[]
  competitions: string[]
  matches: number[]
}

/** A spoiler-free reader's scope, ready for the pages: null when the reader hides nothing. */
export interface SpoilerScope {
  mode: Exclude<SpoilerFree, 'off'>
  revealed: Set<number>
  clubs: Set<number>
  competitions: Set<string>
  matches: Set<number>
  /** The request's time: only a match that kicked off since SPOILER_DAYS before it is hidden. */
  now: number
}

/**
 * How long a match stays hidden after its kick-off. A recording is watched within days; a
 * match older than this is history, and a spoiler-free reader's tables, head-to-heads and
 * club pages would otherwise lose every result of the season.
 */
export const SPOILER_DAYS = 7

const DAY_MS = 24 * 60 * 60 * 1000

/** Statuses whose score or events say something: played, being played, stopped or decided. */
const TELLING: readonly MatchSummary['status'][] = ['live', 'suspended', 'finished', 'awarded', 'abandoned']

export function spoilerScope(mode: SpoilerFree, lists: SpoilerLists | null | undefined, now: number): SpoilerScope | null {
  if (mode === 'off') return null
  return {
    mode,
    revealed: new Set(lists?.revealed ?? []),
    clubs: new Set(lists?.clubs ?? []),
    competitions: new Set(lists?.competitions ?? []),
    matches: new Set(lists?.matches ?? []),
    now,
  }
}

/** What spoiler-free needs of a match; search results carry these too. */
export interface SpoilerTarget {
  id: number
  status: MatchSummary['status']
  kickoff: string
  homeId: number
  awayId: number
  competitionId: string
}

export const targetOf = (m: MatchSummary): SpoilerTarget => ({
  id: m.id,
  status: m.status,
  kickoff: m.kickoff,
  homeId: m.home.id,
  awayId: m.away.id,
  competitionId: m.competition.id,
})

/** Whether 'follows' takes the match in: a followed club (or a followed player's club) plays, its competition or the match itself is followed. */
export function inFollows(scope: SpoilerScope, m: SpoilerTarget): boolean {
  return scope.matches.has(m.id) || scope.clubs.has(m.homeId) || scope.clubs.has(m.awayId) || scope.competitions.has(m.competitionId)
}

/** Whether the reader must not see this match's score, scorers or result now. */
export function hidesTarget(scope: SpoilerScope | null, m: SpoilerTarget): boolean {
  if (!scope || !TELLING.includes(m.status) || scope.revealed.has(m.id)) return false
  const kickoff = Date.parse(m.kickoff)
  if (Number.isFinite(kickoff) && scope.now - kickoff > SPOILER_DAYS * DAY_MS) return false
  return scope.mode === 'all' || inFollows(scope, m)
}

export const hidesMatch = (scope: SpoilerScope | null, m: MatchSummary): boolean => hidesTarget(scope, targetOf(m))

/** The match without anything that tells how it went; `hidden` tells the components to offer the reveal. */
export function veil<M extends MatchSummary>(scope: SpoilerScope | null, m: M): M {
  if (!hidesMatch(scope, m)) return m
  return { ...m, ft: null, ht: null, et: null, pen: null, hidden: true }
}

/** Each match veiled as the reader's scope says; the same list when nothing is hidden. */
export function veilAll<M extends MatchSummary>(scope: SpoilerScope | null, list: M[]): M[] {
  return scope ? list.map((m) => veil(scope, m)) : list
}
