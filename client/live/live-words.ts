// The words of the live match parts, in one place for both halves: the server renders them
// through Lingui (client/live/scoreboard.tsx, timeline.tsx), and resolves them once more
// into the live parts' props, so the browser half draws a change in the reader's language
// without a catalog or React (decision 075). Placeholders stay in braces ({home}) and
// a wrapped part in <0>…</0>, as in the catalog; client/live/draw.ts fills them.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EventKind, MatchStatus } from '../../lib/live.ts'

export const STATUS_WORDS: Record<MatchStatus, MessageDescriptor> = {
  scheduled: msg`Scheduled`,
  live: msg`Live`,
  finished: msg`Full time`,
  postponed: msg`Postponed`,
  awarded: msg`Awarded`,
}

export const EVENT_WORDS: Record<EventKind, MessageDescriptor> = {
  goal: msg`Goal`,
  own_goal: msg`Own goal`,
  penalty_goal: msg`Penalty`,
  yellow_card: msg`Yellow card`,
  red_card: msg`Red card`,
  substitution: msg`Substitution`,
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
  status: Record<MatchStatus, string>
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
    kickoffIn: i18n._(msg`Kick-off in ${countdown}`),
    reconnecting: i18n._(msg`Reconnecting to live updates…`),
    replay: i18n._(replayLabel),
    demo: i18n._(demoLabel),
  }
}

export function timelineWords(i18n: I18n): TimelineWords {
  return { title: i18n._(msg`Timeline`), events: resolveAll(i18n, EVENT_WORDS) }
}
