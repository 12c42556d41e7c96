// What an editor's change does to a match's state, as pure functions: the database layer
// reads the row under a lock, asks these for the next state and writes it back.
import { GOAL_KINDS, goalPeriod, type LiveState, type MatchEvent, type MatchStatus, type ScorePair } from '../../lib/live.ts'

export type MatchState = Omit<LiveState, 'version'>

/** A PATCH: each field present is set (null clears it); absent fields stay as they are. */
export interface StatePatch {
  status?: MatchStatus
  minute?: number | null
  ft?: ScorePair | null
  ht?: ScorePair | null
  et?: ScorePair | null
  pen?: ScorePair | null
}

/**
 * The state after a PATCH. A match going live without a score starts at 0–0, so the board
 * shows a score from kick-off; a match that is no longer live has no running minute.
 */
export function patchState(current: MatchState, patch: StatePatch): MatchState {
  const next: MatchState = { ...current, ...patch }
  if (next.status === 'live' && next.ft === null) next.ft = [0, 0]
  if (next.status !== 'live' && patch.minute === undefined) next.minute = null
  return next
}

/**
 * The state after an event is added. A goal adds one to its side: to the 90 minutes' score,
 * or in extra time to the extra-time score (which starts from the 90 minutes'). The match's
 * minute follows the newest event while it is live.
 */
export function stateAfterEvent(current: MatchState, event: Pick<MatchEvent, 'kind' | 'minute' | 'side'>): MatchState {
  const next: MatchState = { ...current }
  if (current.status === 'live' && (current.minute === null || event.minute > current.minute)) next.minute = event.minute
  if (!GOAL_KINDS.includes(event.kind)) return next
  const add = (score: ScorePair): ScorePair => (event.side === 1 ? [score[0] + 1, score[1]] : [score[0], score[1] + 1])
  const ft = current.ft ?? [0, 0]
  if (goalPeriod(event.minute) === 'ft') next.ft = add(ft)
  else next.et = add(current.et ?? ft)
  next.ft = next.ft ?? ft
  return next
}
