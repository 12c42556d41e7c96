// The words of the live match parts, in one place for both halves: the server renders them
// through Lingui (client/live/scoreboard.tsx, timeline.tsx), and resolves them once more
// into the live parts' props, so the browser half draws a change in the reader's language
// without a catalog or React (decision 075). Placeholders stay in braces ({home}) and
// a wrapped part in <0>…</0>, as in the catalog; client/live/draw.ts fills them.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EventKind, MatchPhase, ShownStatus, VarDecision } from '../../lib/live.ts'

export const STATUS_WORDS: Record<ShownStatus, MessageDescriptor> = {
  scheduled: msg`Scheduled`,
  result_awaited: msg`Result awaited`,
  live: msg`Live`,
  suspended: msg`Suspended`,
  finished: msg`Full time`,
  abandoned: msg`Abandoned`,
  postponed: msg`Postponed`,
  cancelled: msg`Cancelled`,
  awarded: msg`Awarded`,
}

/** A live match's phase, said beside the status badge: the break and the shoot-out stop the clock. */
export const PHASE_WORDS: Record<MatchPhase, MessageDescriptor> = {
  first_half: msg`First half`,
  half_time: msg`Half time`,
  second_half: msg`Second half`,
  extra_time: msg`Extra time`,
  penalties: msg`Penalty shoot-out`,
}

export const VAR_WORDS: Record<VarDecision, MessageDescriptor> = {
  goal_confirmed: msg`Goal confirmed`,
  goal_disallowed: msg`Goal disallowed`,
  penalty_awarded: msg`Penalty awarded`,
  penalty_cancelled: msg`Penalty cancelled`,
  red_card: msg`Red card shown`,
  card_cancelled: msg`Card cancelled`,
}

export const EVENT_WORDS: Record<EventKind, MessageDescriptor> = {
  goal: msg`Goal`,
  own_goal: msg`Own goal`,
  penalty_goal: msg`Penalty`,
  missed_penalty: msg`Missed penalty`,
  yellow_card: msg`Yellow card`,
  second_yellow: msg`Second yellow card`,
  red_card: msg`Red card`,
  substitution: msg`Substitution`,
  var: msg`VAR`,
}

export const scoreLabel = (home: number | string, away: number | string) => msg`Score ${home} to ${away}`
export const replayLabel = msg`(replay)`
export const demoLabel = msg`(demo)`

/** What the score's browser half needs. */
export interface ScoreWords {
  /** "Score {home} to {away}", the score's accessible name. */
  score: string
  /** "pens <0>{home}–{away}</0>". */
  pens: string
}

/** What the status's browser half needs. */
export interface StatusWords {
  status: Record<ShownStatus, string>
  phase: Record<MatchPhase, string>
  /** "Kick-off in {countdown}". */
  kickoffIn: string
  reconnecting: string
  replay: string
  demo: string
}

/** What the timeline's browser half needs. */
export interface TimelineWords {
  title: string
  events: Record<EventKind, string>
  var: Record<VarDecision, string>
}

/** What the live text's browser half needs. */
export interface CommentaryWords {
  title: string
  keyOnly: string
  key: string
  pinned: string
}

/** What the team sheets' browser half needs, with the sides' names in the page's language. */
export interface LineupWords {
  title: string
  starters: string
  bench: string
  /** "Coach: {coach}". */
  coach: string
  home: string
  away: string
}

function resolveAll<K extends string>(i18n: I18n, words: Record<K, MessageDescriptor>): Record<K, string> {
  return Object.fromEntries(Object.entries<MessageDescriptor>(words).map(([key, word]) => [key, i18n._(word)])) as Record<K, string>
}

export function scoreWords(i18n: I18n): ScoreWords {
  const [home, away] = ['{home}', '{away}']
  return { score: i18n._(scoreLabel(home, away)), pens: i18n._(msg`pens <0>${home}–${away}</0>`) }
}

export function statusWords(i18n: I18n): StatusWords {
  const countdown = '{countdown}'
  return {
    status: resolveAll(i18n, STATUS_WORDS),
    phase: resolveAll(i18n, PHASE_WORDS),
    kickoffIn: i18n._(msg`Kick-off in ${countdown}`),
    reconnecting: i18n._(msg`Reconnecting to live updates…`),
    replay: i18n._(replayLabel),
    demo: i18n._(demoLabel),
  }
}

export function timelineWords(i18n: I18n): TimelineWords {
  return { title: i18n._(msg`Timeline`), events: resolveAll(i18n, EVENT_WORDS), var: resolveAll(i18n, VAR_WORDS) }
}

export function commentaryWords(i18n: I18n): CommentaryWords {
  return {
    title: i18n._(msg`Live text`),
    keyOnly: i18n._(msg`Key events only`),
    key: i18n._(msg`Key event`),
    pinned: i18n._(msg`Pinned`),
  }
}

export function lineupWords(i18n: I18n, teams: { home: string; away: string }): LineupWords {
  const coach = '{coach}'
  return {
    title: i18n._(msg`Lineups`),
    starters: i18n._(msg`Starting eleven`),
    bench: i18n._(msg`Substitutes`),
    coach: i18n._(msg`Coach: ${coach}`),
    ...teams,
  }
}
