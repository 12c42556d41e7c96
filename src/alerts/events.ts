// What the live desk and the newsroom put on the alert queue (decision 134): one message per
// real event, sent after its transaction commits, so the queue never announces what the
// database does not hold, and never inside the editor's answer (afterAnswer's waitUntil). The
// message carries what the write knew (the minute, the score after it); the consumer reads the
// names and the followers itself. Its key names the real event for deduplication (decision 135).
import type { Context } from 'hono'
import type { AlertKind } from '../../lib/alert-kinds.ts'
import type { Lineups, LiveState, MatchEvent, MatchStep } from '../../lib/live.ts'
import { afterAnswer } from '../http/after-answer.ts'
import type { AppEnv } from '../types.ts'
import type { AudienceSlice } from './slices.ts'

/** Cloudflare Queues take at most 100 messages in one sendBatch (Queues limits). */
export const QUEUE_BATCH_LIMIT = 100

export interface MatchAlertEvent {
  type: 'match'
  kind: Exclude<AlertKind, 'news'>
  /** Stable for the same real event (decision 135): `goal:<event id>`, `kickoff:<match id>`… */
  key: string
  matchId: number
  playerId: number | null
  playerName: string | null
  minute: number | null
  stoppage: number | null
  /** The score after the write, home first; null before kick-off. */
  score: [number, number] | null
  /** A goal taken back by an undo: only the devices that were sent this key hear of it. */
  correctionOf: string | null
  /** When the editor's write committed (ms), for the bench's delay. */
  at: number
}

export interface NewsAlertEvent {
  type: 'news'
  kind: 'news'
  key: string
  postId: number
  at: number
}

/** An event for its whole audience, or (`slice`) for the part of it one invocation sends (decision 142). */
export type AlertEvent = (MatchAlertEvent | NewsAlertEvent) & { slice?: AudienceSlice }

const GOALS: readonly MatchEvent['kind'][] = ['goal', 'own_goal', 'penalty_goal']
const KIND_OF_EVENT: Partial<Record<MatchEvent['kind'], MatchAlertEvent['kind']>> = {
  goal: 'goal',
  own_goal: 'goal',
  penalty_goal: 'goal',
  red_card: 'red_card',
  second_yellow: 'red_card',
  missed_penalty: 'penalty_missed',
}
const KIND_OF_STEP: Partial<Record<MatchStep, MatchAlertEvent['kind']>> = { kick_off: 'kickoff', half_time: 'half_time', full_time: 'full_time' }

function matchAlert(matchId: number, kind: MatchAlertEvent['kind'], id: number, state: LiveState, event?: MatchEvent, correctionOf: string | null = null): MatchAlertEvent {
  return {
    type: 'match',
    kind,
    key: `${kind}:${id}`,
    matchId,
    playerId: event?.playerId ?? null,
    playerName: event?.playerName || null,
    minute: event?.minute ?? null,
    stoppage: event?.stoppage ?? null,
    score: state.ft,
    correctionOf,
    at: Date.now(),
  }
}

/**
 * The alert an added event makes, if any: a goal, a red card or a missed penalty. A VAR review
 * makes none: it changes no score (decision 090), and a goal it disallows is taken back with the
 * desk's undo, whose correction (below) is the one alert of it, with the score after it and only
 * to the devices that heard of the goal (decision 141).
 */
export function alertOfAddedEvent(matchId: number, state: LiveState, event: MatchEvent): MatchAlertEvent | null {
  const kind = KIND_OF_EVENT[event.kind]
  return kind ? matchAlert(matchId, kind, event.id, state, event) : null
}

/** A goal the desk undid: a correction for the devices that heard of it. */
export function alertOfRemovedEvent(matchId: number, state: LiveState, event: MatchEvent): MatchAlertEvent | null {
  return GOALS.includes(event.kind) ? matchAlert(matchId, 'correction', event.id, state, event, `goal:${event.id}`) : null
}

/** Kick-off, half-time and full-time; once per match each (a second editor's step is refused as out of order anyway). */
export function alertOfStep(matchId: number, state: LiveState, step: MatchStep): MatchAlertEvent | null {
  const kind = KIND_OF_STEP[step]
  return kind ? matchAlert(matchId, kind, matchId, state) : null
}

/** The team sheets count as published when the first side has its eleven; once per match. */
export function alertOfLineups(matchId: number, state: LiveState, lineups: Lineups): MatchAlertEvent | null {
  const complete = [lineups.home, lineups.away].some((side) => side?.starters.length === 11)
  return complete ? matchAlert(matchId, 'lineups', matchId, state) : null
}

export function newsAlert(postId: number): NewsAlertEvent {
  return { type: 'news', kind: 'news', key: `news:${postId}`, postId, at: Date.now() }
}

/** Puts the alert on the queue after the editor's answer; a write that makes no alert passes null. */
export function enqueueAfterAnswer(c: Context<AppEnv>, event: AlertEvent | null): void {
  if (event) afterAnswer(c, 'alertQueue', c.env.ALERTS.send(event))
}
