// Follows (issue 27, section 1; decision 127): what a reader can follow, the kinds of alert a
// follow can ask for, and the kinds each type asks for unless the reader chooses. Shared by the
// API that stores follows, the follow button and the profile's list.
import { ALERT_KINDS, type AlertKind } from './alert-kinds.ts'

export const FOLLOW_TYPES = ['club', 'player', 'competition', 'match'] as const
export type FollowType = (typeof FOLLOW_TYPES)[number]

/** The follow button's id on every page: a post without JavaScript, or a sign-in, comes back to it. */
export const FOLLOW_ANCHOR = 'follow'

/** The profile's list of follows, where its unfollow and alerts forms come back to. */
export const FOLLOWS_LIST_ANCHOR = 'follows'

/** Issue 27: at most 200 follows per reader; past that the API answers 422. */
export const MAX_FOLLOWS = 200

/**
 * What a follow asks for when the reader names nothing (decision 127). A club or a single
 * match: the whole match, as it happens. A player: what concerns the player himself. A
 * competition has many matches a day, so it asks only for their kick-offs and its news.
 * A missed penalty is a choice a reader makes, not a default: it is rarely worth a buzz.
 */
export const DEFAULT_ALERTS: Record<FollowType, readonly AlertKind[]> = {
  club: ['kickoff', 'lineups', 'goal', 'red_card', 'half_time', 'full_time', 'correction', 'news'],
  match: ['kickoff', 'lineups', 'goal', 'red_card', 'half_time', 'full_time', 'correction'],
  player: ['lineups', 'goal', 'red_card', 'correction', 'news'],
  competition: ['kickoff', 'news'],
}

/** The kinds as a set in the order of ALERT_KINDS: what is stored, whatever order was sent. */
export function alertSet(kinds: readonly AlertKind[]): AlertKind[] {
  return ALERT_KINDS.filter((kind) => kinds.includes(kind))
}

export function isFollowType(value: unknown): value is FollowType {
  return FOLLOW_TYPES.includes(value as FollowType)
}
