// The live match centre's contract and its pure rules, shared by the worker (editor API,
// match room) and the match page's islands: what a change looks like, how a page folds it
// into what it shows, and when it must catch up from the database instead.
import type { LocalizedText } from './localized.ts'

export const MATCH_STATUSES = ['scheduled', 'live', 'finished', 'postponed', 'awarded'] as const
export type MatchStatus = (typeof MATCH_STATUSES)[number]

export const EVENT_KINDS = ['goal', 'own_goal', 'penalty_goal', 'yellow_card', 'red_card', 'substitution'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** Kinds that change the score, for the side the event counts for. */
export const GOAL_KINDS: readonly EventKind[] = ['goal', 'own_goal', 'penalty_goal']

export type ScorePair = [number, number]

export interface MatchEvent {
  id: number
  kind: EventKind
  minute: number
  stoppage: number | null
  /** 1 home, 2 away: the side the event counts for (an own goal counts for the other side). */
  side: 1 | 2
  playerId: number | null
  playerName: string
  player: LocalizedText | null
  otherPlayerName: string | null
}

/** What the scoreboard shows; `version` orders every change an editor saved. */
export interface LiveState {
  version: number
  status: MatchStatus
  minute: number | null
  ft: ScorePair | null
  ht: ScorePair | null
  et: ScorePair | null
  pen: ScorePair | null
}

export interface LiveSnapshot extends LiveState {
  events: MatchEvent[]
}

/** What the room broadcasts after each saved change: the new state, and the event if one was added. */
export interface LiveMessage {
  type: 'change'
  state: LiveState
  event?: MatchEvent
}

// Spec §9, the realtime defaults: heartbeat every 25 s, reconnect after 1, 2, 5, then 10 s.
export const HEARTBEAT_INTERVAL_MS = 25_000
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const
export const HEARTBEAT_PING = 'ping'
export const HEARTBEAT_PONG = 'pong'
/** A socket whose heartbeat is not answered within this is treated as dropped. */
export const HEARTBEAT_TIMEOUT_MS = 10_000
/** How long before kick-off a scheduled match's page subscribes to its room. */
export const SUBSCRIBE_BEFORE_KICKOFF_MS = 15 * 60_000

/** The wait before reconnect attempt `attempt` (0-based): 1, 2, 5, then 10 s for every later try. */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(0, attempt), RECONNECT_DELAYS_MS.length - 1)]!
}

/** Timeline order: by minute, then added time, then the order the events were saved. */
export function compareEvents(a: MatchEvent, b: MatchEvent): number {
  return a.minute - b.minute || (a.stoppage ?? 0) - (b.stoppage ?? 0) || a.id - b.id
}

/** An event's minute as the timeline shows it: 45+2′. */
export function minuteText(event: Pick<MatchEvent, 'minute' | 'stoppage'>): string {
  return event.stoppage ? `${event.minute}+${event.stoppage}′` : `${event.minute}′`
}

/** The events of both lists, each once (the later list wins a tie), in timeline order. */
export function mergeEvents(current: MatchEvent[], incoming: MatchEvent[]): MatchEvent[] {
  const byId = new Map(current.map((e) => [e.id, e]))
  for (const e of incoming) byId.set(e.id, e)
  return [...byId.values()].sort(compareEvents)
}

function stateOf(snapshot: LiveState): LiveState {
  const { version, status, minute, ft, ht, et, pen } = snapshot
  return { version, status, minute, ft, ht, et, pen }
}

/**
 * Folds a broadcast into what the page shows. A message the page already has (its version
 * is not newer) changes nothing. One that skips a version means a change went by unseen
 * (a dropped socket, a reconnect): the page shows what it got and asks for a catch-up.
 */
export function applyMessage(snapshot: LiveSnapshot, message: LiveMessage): { snapshot: LiveSnapshot; catchUp: boolean } {
  if (message.state.version <= snapshot.version) return { snapshot, catchUp: false }
  const events = message.event ? mergeEvents(snapshot.events, [message.event]) : snapshot.events
  return {
    snapshot: { ...stateOf(message.state), events },
    catchUp: message.state.version > snapshot.version + 1,
  }
}

/** Folds a catch-up from the database in: it wins unless the page already holds something newer. */
export function applyCatchUp(snapshot: LiveSnapshot, fetched: LiveSnapshot): LiveSnapshot {
  if (fetched.version < snapshot.version) return snapshot
  return { ...stateOf(fetched), events: mergeEvents([], fetched.events) }
}

/**
 * Which score a goal in `minute` adds to: the 90 minutes (`ft`, which holds the running score
 * while a match is live) or extra time (`et`, counted from the 90-minute score).
 */
export function goalPeriod(minute: number): 'ft' | 'et' {
  return minute > 90 ? 'et' : 'ft'
}

/** The score on the board: after extra time when there was any, else the 90 minutes'. */
export function boardScore(state: Pick<LiveState, 'ft' | 'et'>): ScorePair | null {
  return state.et ?? state.ft
}

/** A match under way (or past its kick-off time) shows 0–0 until its first goal; one to come shows none. */
export function liveScore(state: Pick<LiveState, 'status' | 'ft' | 'et'>, started: boolean): ScorePair | null {
  return boardScore(state) ?? (started || state.status === 'live' ? [0, 0] : null)
}

/** Whether a page should hold a subscription now: live, or scheduled and close to kick-off. */
export function shouldSubscribe(status: MatchStatus, kickoff: number, now: number): boolean {
  return status === 'live' || (status === 'scheduled' && kickoff - now <= SUBSCRIBE_BEFORE_KICKOFF_MS)
}
