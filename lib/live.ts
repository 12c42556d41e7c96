// The live match centre's contract and its pure rules, shared by the worker (editor API,
// match room) and the match page's islands: what a change looks like, how a page folds it
// into what it shows, and when it must ask its room to catch it up.
import type { LocalizedText } from './localized.ts'

/**
 * A match's status. Suspended is a stop the match may resume from (still followed live);
 * abandoned, cancelled, postponed and awarded are decisions about a match that will not be
 * finished as played (decision 090).
 */
export const MATCH_STATUSES = ['scheduled', 'live', 'suspended', 'finished', 'abandoned', 'postponed', 'cancelled', 'awarded'] as const
export type MatchStatus = (typeof MATCH_STATUSES)[number]

/**
 * What a reader is told of a match: its status, except that a match still "scheduled" well
 * past its kick-off is not to come any more. It has been played, or not, and nobody has said
 * which yet: it awaits its result (issue 34).
 */
export type ShownStatus = MatchStatus | 'result_awaited'

/** How long after kick-off a match without a result stops reading "Scheduled": a match with extra time and penalties is over within it. */
export const RESULT_AWAITED_AFTER_MS = 3 * 60 * 60 * 1000

/** The status a reader sees at `now` of a match with this status and kick-off (ISO 8601). */
export function shownStatus(status: MatchStatus, kickoff: string, now: number): ShownStatus {
  return status === 'scheduled' && now - Date.parse(kickoff) > RESULT_AWAITED_AFTER_MS ? 'result_awaited' : status
}

/** Statuses a page keeps following: something can still happen. */
export const FOLLOWED_STATUSES: readonly MatchStatus[] = ['scheduled', 'live', 'suspended']

/** Where a live match is: the clock runs in the halves and extra time, and stops in between. */
export const MATCH_PHASES = ['first_half', 'half_time', 'second_half', 'extra_time', 'penalties'] as const
export type MatchPhase = (typeof MATCH_PHASES)[number]

/**
 * The live desk's status steps, in the order a match usually takes them. Each sets status
 * and phase on the server, and the running phases start their clock then (src/live/changes.ts).
 */
export const MATCH_STEPS = ['kick_off', 'half_time', 'second_half', 'extra_time', 'penalties', 'full_time', 'suspend', 'resume', 'abandon'] as const
export type MatchStep = (typeof MATCH_STEPS)[number]

/** The phases each step may follow; `null` is a live match's first step, from scheduled. */
const STEP_FROM: Record<MatchStep, { status: MatchStatus; phases: (MatchPhase | null)[] }> = {
  kick_off: { status: 'scheduled', phases: [null] },
  half_time: { status: 'live', phases: ['first_half'] },
  second_half: { status: 'live', phases: ['half_time'] },
  extra_time: { status: 'live', phases: ['second_half', 'extra_time'] },
  penalties: { status: 'live', phases: ['second_half', 'extra_time'] },
  full_time: { status: 'live', phases: ['first_half', 'half_time', 'second_half', 'extra_time', 'penalties'] },
  suspend: { status: 'live', phases: ['first_half', 'half_time', 'second_half', 'extra_time', 'penalties'] },
  resume: { status: 'suspended', phases: ['first_half', 'half_time', 'second_half', 'extra_time', 'penalties'] },
  abandon: { status: 'live', phases: ['first_half', 'half_time', 'second_half', 'extra_time', 'penalties'] },
}

/** Whether a match has kicked off, so events can be added to it: not one still to come, put off or called off. */
export function hasKickedOff(status: MatchStatus): boolean {
  return status !== 'scheduled' && status !== 'postponed' && status !== 'cancelled'
}

/** Whether `step` follows from where the match is: the server refuses it otherwise, and the live desk offers only those that do. */
export function stepFollows(state: Pick<LiveState, 'status' | 'phase'>, step: MatchStep): boolean {
  const from = STEP_FROM[step]
  // A suspended match that will not resume is abandoned from where it stopped.
  const abandonSuspended = step === 'abandon' && state.status === 'suspended'
  return (state.status === from.status || abandonSuspended) && from.phases.includes(state.phase)
}

export const EVENT_KINDS = [
  'goal',
  'own_goal',
  'penalty_goal',
  'missed_penalty',
  'yellow_card',
  'second_yellow',
  'red_card',
  'substitution',
  'var',
] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** What a VAR review decided; the event records it, and an overturned goal is undone by removing it. */
export const VAR_DECISIONS = ['goal_confirmed', 'goal_disallowed', 'penalty_awarded', 'penalty_cancelled', 'red_card', 'card_cancelled'] as const
export type VarDecision = (typeof VAR_DECISIONS)[number]

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
  /** A VAR event's decision; null for every other kind. */
  detail: VarDecision | null
}

/** One entry of the minute-by-minute text, in Arabic, English or both. */
export interface CommentaryEntry {
  id: number
  minute: number
  stoppage: number | null
  text: { ar: string | null; en: string | null }
  key: boolean
  pinned: boolean
}

export interface LineupPlayer {
  playerId: number | null
  name: string
  /** The player's names from the players table, when the entry names one. */
  player: LocalizedText | null
  shirtNumber: number | null
  position: 'GK' | 'DF' | 'MF' | 'FW' | null
}

/** A player of a side's squad in the match's season: what the live desk's picker offers after the team sheet. */
export interface SquadPlayer {
  id: number
  name: LocalizedText
  shirtNumber: number | null
  position: LineupPlayer['position']
}

/** One side's team sheet. */
export interface Lineup {
  formation: string | null
  coach: string | null
  starters: LineupPlayer[]
  bench: LineupPlayer[]
}

export interface Lineups {
  home: Lineup | null
  away: Lineup | null
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
  phase: MatchPhase | null
  /** When the running half (or extra time) started, by the editor's step: the clock counts from it. */
  periodStartedAt: string | null
}

export interface LiveSnapshot extends LiveState {
  events: MatchEvent[]
  commentary: CommentaryEntry[]
  lineups: Lineups
}

/**
 * What the room broadcasts after each saved change: the new state, and what changed with it.
 * Every change raises the version, so a page that missed one catches up (applyMessage).
 */
export interface LiveMessage {
  type: 'change'
  state: LiveState
  event?: MatchEvent
  /** An event removed (the desk's undo). */
  removedEvent?: number
  commentary?: CommentaryEntry
  removedCommentary?: number
  lineups?: Lineups
}

/**
 * What a match's room sends a reader over the socket (issue 25). On open, and whenever the
 * reader asks with CATCH_UP_REQUEST, the room's whole snapshot; otherwise the changes saved
 * within one batching window (LIVE_BATCH_MS), in version order, as one message.
 */
export type RoomMessage = { type: 'snapshot'; snapshot: LiveSnapshot } | { type: 'changes'; changes: LiveMessage[] }

/** What a reader sends when it saw a version skipped: the room answers with its snapshot. */
export const CATCH_UP_REQUEST = 'catchup'

/** Changes that reach a room within this many milliseconds of each other go out as one message. */
export const LIVE_BATCH_MS = 100

// Spec §9, the realtime defaults: heartbeat every 25 s, reconnect after 1, 2, 5, then 10 s.
export const HEARTBEAT_INTERVAL_MS = 25_000
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const
/** Sockets ended in a row without the room's snapshot in between before a page polls instead (decision 117). */
export const POLL_AFTER_FAILURES = 2
/** How often a polling page asks for the live snapshot: with the edge's 1–2 s, a goal shows within 5 s. */
export const POLL_INTERVAL_MS = 2000
/** The longest a polling page waits after failed polls. */
export const POLL_BACKOFF_MAX_MS = 30_000
/** How often, on average, a polling page tries its socket again. */
export const SOCKET_RETRY_MS = 40_000
export const HEARTBEAT_PING = 'ping'
export const HEARTBEAT_PONG = 'pong'
/** A socket whose heartbeat is not answered within this is treated as dropped. */
export const HEARTBEAT_TIMEOUT_MS = 10_000
/** How long before kick-off a scheduled match's page subscribes to its room. */
export const SUBSCRIBE_BEFORE_KICKOFF_MS = 15 * 60_000

/**
 * A wait spread evenly from half of `ms` to half as long again, by `random` (0 to 1, as
 * Math.random gives): a crowd dropped at once, by a deploy or a failed shard, comes back
 * over a window as wide as the wait instead of in one instant, and never at once into what
 * just closed it (decision 117).
 */
export function jittered(ms: number, random: number): number {
  return Math.round(ms * (0.5 + random))
}

/** The wait before reconnect attempt `attempt` (0-based): about 1, 2, 5, then 10 s for every later try. */
export function reconnectDelay(attempt: number, random: number): number {
  return jittered(RECONNECT_DELAYS_MS[Math.min(Math.max(0, attempt), RECONNECT_DELAYS_MS.length - 1)]!, random)
}

/** The wait before a polling page's next poll: the interval, or after `errors` failed polls in a row, twice as long each time up to 30 s, spread. */
export function pollDelay(errors: number, random: number): number {
  return errors === 0 ? POLL_INTERVAL_MS : jittered(Math.min(POLL_INTERVAL_MS * 2 ** errors, POLL_BACKOFF_MAX_MS), random)
}

/** The phase a live badge names: the break and the shoot-out, when no clock runs. */
export function namedPhase(state: Pick<LiveState, 'status' | 'phase'>): 'half_time' | 'penalties' | null {
  return state.status === 'live' && (state.phase === 'half_time' || state.phase === 'penalties') ? state.phase : null
}

/**
 * The minute a status badge shows for a live match: the running clock, else the minute last
 * recorded; none at the break or in a shoot-out, where the phase is shown instead.
 */
export function badgeMinute(state: Pick<LiveState, 'status' | 'phase' | 'periodStartedAt' | 'minute'>, now: number): string | null {
  if (state.status !== 'live' || namedPhase(state)) return null
  const clock = clockMinute(state, now)
  if (clock) return minuteText(clock)
  return state.minute === null ? null : minuteText({ minute: state.minute, stoppage: null })
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
  const { version, status, minute, ft, ht, et, pen, phase, periodStartedAt } = snapshot
  return { version, status, minute, ft, ht, et, pen, phase, periodStartedAt }
}

/** The live text as the page lists it: pinned entries first, then the newest minute first. */
export function compareCommentary(a: CommentaryEntry, b: CommentaryEntry): number {
  return Number(b.pinned) - Number(a.pinned) || b.minute - a.minute || (b.stoppage ?? 0) - (a.stoppage ?? 0) || b.id - a.id
}

/** The entries of both lists, each once (an edited entry replaces its old text), minus one removed. */
export function mergeCommentary(current: CommentaryEntry[], incoming: CommentaryEntry[], removed?: number): CommentaryEntry[] {
  const byId = new Map(current.map((e) => [e.id, e]))
  for (const e of incoming) byId.set(e.id, e)
  if (removed !== undefined) byId.delete(removed)
  return [...byId.values()].sort(compareCommentary)
}

/**
 * Folds a broadcast into what the page shows. A message the page already has (its version
 * is not newer) changes nothing. One that skips a version means a change went by unseen
 * (a dropped socket, a reconnect): the page shows what it got and asks for a catch-up.
 */
export function applyMessage(snapshot: LiveSnapshot, message: LiveMessage): { snapshot: LiveSnapshot; catchUp: boolean } {
  if (message.state.version <= snapshot.version) return { snapshot, catchUp: false }
  let events = message.event ? mergeEvents(snapshot.events, [message.event]) : snapshot.events
  if (message.removedEvent !== undefined) events = events.filter((e) => e.id !== message.removedEvent)
  const commentary =
    message.commentary || message.removedCommentary !== undefined
      ? mergeCommentary(snapshot.commentary, message.commentary ? [message.commentary] : [], message.removedCommentary)
      : snapshot.commentary
  return {
    snapshot: { ...stateOf(message.state), events, commentary, lineups: message.lineups ?? snapshot.lineups },
    catchUp: message.state.version > snapshot.version + 1,
  }
}

/** Folds a whole snapshot in (the room's, or a poll's): it wins unless the page already holds something newer. */
export function applyCatchUp(snapshot: LiveSnapshot, fetched: LiveSnapshot): LiveSnapshot {
  if (fetched.version < snapshot.version) return snapshot
  return {
    ...stateOf(fetched),
    events: mergeEvents([], fetched.events),
    commentary: mergeCommentary([], fetched.commentary),
    lineups: fetched.lineups,
  }
}

/**
 * Folds what the room sent in: its snapshot as a catch-up, a batch change by change in
 * version order. `catchUp` says a version went by unseen: the page asks the room again.
 */
export function applyRoomMessage(snapshot: LiveSnapshot, message: RoomMessage): { snapshot: LiveSnapshot; catchUp: boolean } {
  if (message.type === 'snapshot') return { snapshot: applyCatchUp(snapshot, message.snapshot), catchUp: false }
  let catchUp = false
  for (const change of message.changes) {
    const folded = applyMessage(snapshot, change)
    snapshot = folded.snapshot
    catchUp ||= folded.catchUp
  }
  return { snapshot, catchUp }
}

/** Where each running phase's clock starts, and how long it runs before added time. */
const PERIODS: Partial<Record<MatchPhase, { from: number; length: number }>> = {
  first_half: { from: 0, length: 45 },
  second_half: { from: 45, length: 45 },
  extra_time: { from: 90, length: 30 },
}

/**
 * The match clock: the minute being played, counted from the start of the running period the
 * editor recorded (the 1st minute is the first 60 seconds). Past the period's length it is
 * added time, 45+2. Null when no clock runs: before kick-off, at half-time, at penalties.
 */
export function clockMinute(state: Pick<LiveState, 'status' | 'phase' | 'periodStartedAt'>, now: number): { minute: number; stoppage: number | null } | null {
  const period = state.status === 'live' && state.phase ? PERIODS[state.phase] : undefined
  if (!period || !state.periodStartedAt) return null
  const played = Math.max(0, Math.floor((now - Date.parse(state.periodStartedAt)) / 60_000)) + 1
  if (played <= period.length) return { minute: period.from + played, stoppage: null }
  return { minute: period.from + period.length, stoppage: Math.min(played - period.length, 30) }
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

/** Whether a page should hold a subscription now: live or suspended, or scheduled and close to kick-off. */
export function shouldSubscribe(status: MatchStatus, kickoff: number, now: number): boolean {
  return status === 'live' || status === 'suspended' || (status === 'scheduled' && kickoff - now <= SUBSCRIBE_BEFORE_KICKOFF_MS)
}
