// The kinds of alert a reader can receive (issue 27, section 3), one name each, as the follows
// API documents them (docs/follows-api.md) and the follows table's check holds them: a follow
// chooses which of them it sends, a device's quiet hours name the ones still let through at
// night, an alert's data tells the service worker which it is, and an event's deduplication key
// starts with it (decision 135).

/** In the order lists show them, and the order a follow stores them in. */
export const ALERT_KINDS = ['kickoff', 'lineups', 'goal', 'red_card', 'penalty_missed', 'half_time', 'full_time', 'correction', 'news'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/**
 * The kinds whose alert tells what happened in a match: a reader who keeps the match's score
 * hidden is told only that one came, or nothing (decision 141). Kick-off, the team sheets and
 * news are not among them.
 */
export const SPOILING_KINDS = ['goal', 'red_card', 'penalty_missed', 'half_time', 'full_time', 'correction'] as const satisfies readonly AlertKind[]
export type SpoilingKind = (typeof SPOILING_KINDS)[number]

export function isSpoilingKind(kind: AlertKind): kind is SpoilingKind {
  return (SPOILING_KINDS as readonly AlertKind[]).includes(kind)
}
