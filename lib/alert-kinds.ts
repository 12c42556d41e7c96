// The kinds of alert a reader can receive (issue 27, section 3). A follow chooses which of them
// it sends; a device's quiet hours name the ones still let through at night.
import type { AlertKind as FollowAlertKind } from './follows.ts'

export const ALERT_KINDS = ['kick-off', 'team-sheets', 'goal', 'red-card', 'penalty-missed', 'half-time', 'full-time', 'correction', 'news'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/**
 * The same kinds as a follow stores them (lib/follows.ts, the follows table's check): the
 * consumer asks a follow for the kind of each event under this name.
 */
export const FOLLOW_ALERT_OF: Record<AlertKind, FollowAlertKind> = {
  'kick-off': 'kickoff',
  'team-sheets': 'lineups',
  goal: 'goal',
  'red-card': 'red_card',
  'penalty-missed': 'penalty_missed',
  'half-time': 'half_time',
  'full-time': 'full_time',
  correction: 'correction',
  news: 'news',
}
