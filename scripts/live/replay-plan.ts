// The plan of a replay: the editor API calls that play a real match again, each at its
// offset from kick-off on an accelerated clock. Pure, so the order and the timing are tested
// without a server.
import type { ScorePair } from '../../lib/live.ts'
import type { NewEvent } from '../../src/db/live.ts'
import type { EditorCall } from './editor-api.ts'

/** An event as the editor API takes it (src/db/live.ts), read from the original match. */
export type OriginalEvent = NewEvent

export interface OriginalMatch {
  ft: ScorePair | null
  ht: ScorePair | null
  et: ScorePair | null
  pen: ScorePair | null
  events: OriginalEvent[]
}

/** An editor API call, and when it is due. */
export interface ReplayStep extends EditorCall {
  /** Milliseconds after kick-off. */
  at: number
}

/** The running minute is sent every this many match minutes between events. */
export const MINUTE_TICK = 5

/** The editor API call that adds `event`. */
export function eventCall(event: OriginalEvent): EditorCall {
  return {
    method: 'POST',
    path: '/events',
    body: {
      kind: event.kind,
      minute: event.minute,
      stoppage: event.stoppage,
      side: event.side === 1 ? 'home' : 'away',
      player_name: event.playerName,
      player_id: event.playerId,
      other_player_name: event.otherPlayerName,
      other_player_id: event.otherPlayerId,
      detail: event.detail,
    },
  }
}

/** Where in the match an event falls: added time sits after its minute and before the next. */
export function matchTime(minute: number, stoppage: number | null): number {
  return minute + (stoppage ? Math.min(stoppage, 30) / 31 : 0)
}

/**
 * Kick-off, the minute ticks, every event in order, half time, and the final whistle with
 * the original's own scores (so the replay ends exactly where the real match did).
 * `speed` is how many times faster than real time the clock runs (60: a match minute a second).
 */
export function planReplay(match: OriginalMatch, speed: number): ReplayStep[] {
  const ms = (time: number) => Math.round((time * 60_000) / speed)
  const lastMinute = match.et || match.pen ? 120 : 90
  const steps: (ReplayStep & { time: number; order: number })[] = [{ time: 0, order: 0, at: 0, method: 'PATCH', path: '', body: { status: 'live', minute: 0 } }]
  for (let minute = MINUTE_TICK; minute < lastMinute; minute += MINUTE_TICK) {
    steps.push({ time: minute, order: 1, at: 0, method: 'PATCH', path: '', body: { minute } })
  }
  if (match.ht) steps.push({ time: 45.99, order: 2, at: 0, method: 'PATCH', path: '', body: { minute: 45, ht: match.ht } })
  for (const event of match.events) {
    steps.push({ time: matchTime(event.minute, event.stoppage), order: 3, at: 0, ...eventCall(event) })
  }
  const whistle = Math.max(lastMinute, ...match.events.map((e) => matchTime(e.minute, e.stoppage))) + 0.5
  steps.push({ time: whistle, order: 4, at: 0, method: 'PATCH', path: '', body: { status: 'finished', ft: match.ft, ht: match.ht, et: match.et, pen: match.pen } })
  return steps
    .sort((a, b) => a.time - b.time || a.order - b.order)
    .map(({ time, method, path, body }) => ({ at: ms(time), method, path, body }))
}
