// The live desk console's words and keys that more than one of its parts uses. The words of
// statuses, phases, event kinds and VAR decisions are the match page's (client/live/live-words.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EventKind, LineupPlayer, MatchStep } from '../../lib/live.ts'

/** What each status step's button says. */
export const STEP_WORDS: Record<MatchStep, MessageDescriptor> = {
  kick_off: msg`Kick off`,
  half_time: msg`Half-time`,
  second_half: msg`Second half`,
  extra_time: msg`Extra time`,
  penalties: msg`Penalty shoot-out`,
  full_time: msg`Full time`,
  suspend: msg`Suspend`,
  resume: msg`Resume`,
  abandon: msg`Abandon`,
}

/**
 * The key that opens each event's form: the kind's initial where it is free (g goal, y
 * yellow, r red, s substitution, v VAR, p penalty, m missed, o own goal), 2 for the second yellow.
 */
export const EVENT_KEYS: Record<EventKind, string> = {
  goal: 'g',
  own_goal: 'o',
  penalty_goal: 'p',
  missed_penalty: 'm',
  yellow_card: 'y',
  second_yellow: '2',
  red_card: 'r',
  substitution: 's',
  var: 'v',
}

/**
 * Whether the key pressed is `key` (a Latin letter or digit), by its place on the keyboard too:
 * on an Arabic layout the g key types ل, and the editor should not have to switch layouts.
 */
export const pressed = (event: KeyboardEvent, key: string) => event.key === key || event.code === (/\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`)

/** The confirm and cancel keys, as keyboards label them in both languages. */
export const KEY_NAMES = { enter: 'Enter', escape: 'Esc' }

export const POSITIONS = ['GK', 'DF', 'MF', 'FW'] as const

export const POSITION_WORDS: Record<NonNullable<LineupPlayer['position']>, MessageDescriptor> = {
  GK: msg`Goalkeeper`,
  DF: msg`Defender`,
  MF: msg`Midfielder`,
  FW: msg`Forward`,
}
