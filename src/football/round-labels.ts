// Rounds as the sources write them ("Matchday 5", "Round of 16"), worded in a reader's
// language: on the football pages and in the calendar feeds.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// msg descriptors built per match, so the round number or group letter fills a named slot.
const ROUND_PATTERNS: [RegExp, (m: RegExpExecArray) => MessageDescriptor][] = [
  [/^(?:[\w ]+, )?Matchday (\d+)$/i, ([, number = '']) => msg`Matchday ${number}`],
  [/^(?:[\w ]+, )?Round of (\d+)$/i, ([, teams = '']) => msg`Round of ${teams}`],
  [/^(?:[\w ]+, )?Quarter-?finals?$/i, () => msg`Quarter-finals`],
  [/^(?:[\w ]+, )?Semi-?finals?$/i, () => msg`Semi-finals`],
  [/^(?:[\w ]+, )?Final$/i, () => msg`Final`],
  [/^(?:Match for )?third[ -]place(?: play-?off)?$/i, () => msg`Third-place play-off`],
  [/^Group ([A-Z])$/, ([, letter = '']) => msg`Group ${letter}`],
  [/^Demo$/, () => msg`Coming up`],
]

/** `round` in `i18n`'s language; a round no pattern knows stays as the source wrote it. */
export function roundLabel(i18n: I18n, round: string | null): string {
  if (!round) return ''
  for (const [pattern, word] of ROUND_PATTERNS) {
    const match = pattern.exec(round)
    if (match) return i18n._(word(match))
  }
  return round
}
