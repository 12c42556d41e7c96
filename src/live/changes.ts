// What an editor's change does to a match's state, as pure functions: the database layer
// reads the row under a lock, asks these for the next state and writes it back.
import { clockMinute, GOAL_KINDS, stepFollows, goalPeriod, type LiveState, type MatchEvent, type MatchPhase, type MatchStatus, type MatchStep, type ScorePair } from '../../lib/live.ts'

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
  // A status set by hand leaves the clock to the steps: a match no longer live has none.
  if (next.status !== 'live' && next.status !== 'suspended') Object.assign(next, { phase: null, periodStartedAt: null })
  return next
}

/** The minute each running phase starts at, where the clock begins when the editor steps into it. */
const PHASE_START: Partial<Record<MatchPhase, number>> = { first_half: 1, second_half: 46, extra_time: 91 }

/**
 * The state after one of the live desk's status steps at `now`, or null when the step does
 * not follow from where the match is (half-time before kick-off). Half-time keeps the score
 * at the break; a suspension stops the clock where it was, and resuming runs it on from there.
 */
export function stateAfterStep(current: MatchState, step: MatchStep, now: number): MatchState | null {
  if (!stepFollows(current, step)) return null
  const at = new Date(now).toISOString()
  const running = (phase: MatchPhase): MatchState => ({ ...current, status: 'live', phase, periodStartedAt: at, minute: PHASE_START[phase] ?? null })
  const stopped = (changes: Partial<MatchState>): MatchState => ({ ...current, periodStartedAt: null, ...changes })
  switch (step) {
    case 'kick_off':
      return { ...running('first_half'), ft: current.ft ?? [0, 0] }
    case 'half_time':
      return stopped({ phase: 'half_time', minute: 45, ht: current.ft ?? [0, 0] })
    case 'second_half':
      return running('second_half')
    case 'extra_time':
      // Extra time's second period steps in again: its clock starts at 106, fifteen minutes on.
      if (current.phase === 'extra_time') return { ...running('extra_time'), minute: 106, periodStartedAt: new Date(now - 15 * 60_000).toISOString() }
      return { ...running('extra_time'), et: current.et ?? current.ft }
    case 'penalties':
      return stopped({ phase: 'penalties', minute: current.phase === 'extra_time' ? 120 : 90, pen: current.pen ?? [0, 0] })
    case 'full_time':
      return stopped({ status: 'finished', phase: null, minute: null })
    case 'suspend':
      return stopped({ status: 'suspended', minute: clockMinute(current, now)?.minute ?? current.minute })
    case 'resume': {
      const start = PHASE_START[current.phase!]
      if (start === undefined || current.minute === null) return { ...current, status: 'live' }
      // The clock runs on from the minute it stopped at: as if the period had started that long ago.
      return { ...current, status: 'live', periodStartedAt: new Date(now - (current.minute - start) * 60_000).toISOString() }
    }
    case 'abandon':
      return stopped({ status: 'abandoned', phase: null, minute: null })
  }
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

/** The state after an event is removed (the desk's undo): a goal's score is taken back. */
export function stateWithoutEvent(current: MatchState, event: Pick<MatchEvent, 'kind' | 'minute' | 'side'>): MatchState {
  if (!GOAL_KINDS.includes(event.kind)) return current
  const less = (score: ScorePair | null): ScorePair | null =>
    score && (event.side === 1 ? [Math.max(0, score[0] - 1), score[1]] : [score[0], Math.max(0, score[1] - 1)])
  // Extra time's score counts the 90 minutes' goals too.
  return goalPeriod(event.minute) === 'ft' ? { ...current, ft: less(current.ft), et: less(current.et) } : { ...current, et: less(current.et) }
}
