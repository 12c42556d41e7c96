import { describe, expect, it } from 'vitest'
import {
  liveScore,
  minuteText,
  applyCatchUp,
  applyMessage,
  applyRoomMessage,
  type LiveMessage,
  type LiveSnapshot,
  type MatchEvent,
  mergeEvents,
  badgeMinute,
  RESULT_AWAITED_AFTER_MS,
  shownStatus,
  clockMinute,
  type CommentaryEntry,
  hasKickedOff,
  MATCH_STATUSES,
  namedPhase,
  pollDelay,
  reconnectDelay,
  shouldSubscribe,
  SUBSCRIBE_BEFORE_KICKOFF_MS,
} from '../../lib/live.ts'
import { patchState, stateAfterEvent, stateAfterStep, stateWithoutEvent } from '../../src/live/changes.ts'
import { dayKey } from '../../lib/format.ts'
import { MINUTE_TICK, type OriginalMatch, planReplay } from '../../scripts/live/replay-plan.ts'

const event = (id: number, minute: number, stoppage: number | null = null, kind: MatchEvent['kind'] = 'goal'): MatchEvent => ({
  id,
  kind,
  minute,
  stoppage,
  side: 1,
  playerId: null,
  playerName: `Player ${id}`,
  player: null,
  otherPlayerName: null,
  detail: null,
})

const snapshot = (version: number, events: MatchEvent[] = []): LiveSnapshot => ({
  version,
  status: 'live',
  minute: 10,
  ft: [0, 0],
  ht: null,
  et: null,
  pen: null,
  phase: 'first_half',
  periodStartedAt: null,
  events,
  commentary: [],
  lineups: { home: null, away: null },
})

describe('reconnecting', () => {
  it('waits 1, 2, 5, then 10 seconds for every later try on average (spec §9)', () => {
    expect([0, 1, 2, 3, 4, 50].map((attempt) => reconnectDelay(attempt, 0.5))).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000])
  })

  it('spreads each wait from half to half as long again, so a crowd dropped at once comes back over a window', () => {
    expect([0, 0.25, 0.999].map((random) => reconnectDelay(0, random))).toEqual([500, 750, 1499])
    expect([0, 0.999].map((random) => reconnectDelay(3, random))).toEqual([5000, 14_990])
  })

  it('polls every 2 seconds, and after failed polls backs off to at most 30 seconds, spread', () => {
    expect(pollDelay(0, 0.9)).toBe(2000)
    expect([1, 2, 3, 4, 10].map((errors) => pollDelay(errors, 0.5))).toEqual([4000, 8000, 16_000, 30_000, 30_000])
    expect([pollDelay(1, 0), pollDelay(10, 0.999)]).toEqual([2000, 44_970])
  })

  it('subscribes when live, or a scheduled match close to kick-off', () => {
    const now = Date.parse('2026-11-23T12:00:00Z')
    expect(shouldSubscribe('live', now + 86_400_000, now)).toBe(true)
    expect(shouldSubscribe('scheduled', now + SUBSCRIBE_BEFORE_KICKOFF_MS, now)).toBe(true)
    expect(shouldSubscribe('scheduled', now + SUBSCRIBE_BEFORE_KICKOFF_MS + 1, now)).toBe(false)
    expect(shouldSubscribe('finished', now, now)).toBe(false)
  })
})

describe('what the board shows', () => {
  it('shows 0–0 once a match is under way or past its kick-off, and nothing before', () => {
    expect(liveScore({ status: 'scheduled', ft: null, et: null }, false)).toBeNull()
    expect(liveScore({ status: 'scheduled', ft: null, et: null }, true)).toEqual([0, 0])
    expect(liveScore({ status: 'live', ft: null, et: null }, false)).toEqual([0, 0])
    expect(liveScore({ status: 'live', ft: [2, 2], et: [3, 3] }, false)).toEqual([3, 3])
  })

  it('writes added time after the minute', () => {
    expect(minuteText({ minute: 45, stoppage: 2 })).toBe('45+2′')
    expect(minuteText({ minute: 90, stoppage: null })).toBe('90′')
  })
})

describe('folding changes into the page', () => {
  it('applies the next version and its event', () => {
    const next = applyMessage(snapshot(1), { type: 'change', state: { ...snapshot(2), ft: [1, 0] }, event: event(7, 12) })
    expect(next.catchUp).toBe(false)
    expect(next.snapshot).toMatchObject({ version: 2, ft: [1, 0] })
    expect(next.snapshot.events.map((e) => e.id)).toEqual([7])
  })

  it('ignores a change it already has, so nothing shows twice', () => {
    const current = snapshot(3, [event(7, 12)])
    const again = applyMessage(current, { type: 'change', state: snapshot(3), event: event(7, 12) })
    expect(again.snapshot).toBe(current)
    const older = applyMessage(current, { type: 'change', state: snapshot(2), event: event(6, 5) })
    expect(older.snapshot.events.map((e) => e.id)).toEqual([7])
  })

  it('asks for a catch-up when a version was skipped', () => {
    expect(applyMessage(snapshot(1), { type: 'change', state: snapshot(3) }).catchUp).toBe(true)
  })

  it('takes a catch-up unless it holds something newer, each event once and in order', () => {
    const current = snapshot(4, [event(9, 70)])
    expect(applyCatchUp(current, snapshot(3, []))).toBe(current)
    const fetched = applyCatchUp(current, snapshot(5, [event(9, 70), event(3, 45, 2), event(4, 46)]))
    expect(fetched.events.map((e) => e.id)).toEqual([3, 4, 9])
    expect(fetched.version).toBe(5)
  })

  it("takes the room's snapshot as a catch-up, unless the page holds something newer", () => {
    const current = snapshot(4, [event(9, 70)])
    expect(applyRoomMessage(current, { type: 'snapshot', snapshot: snapshot(3) })).toEqual({ snapshot: current, catchUp: false })
    const caught = applyRoomMessage(current, { type: 'snapshot', snapshot: snapshot(6, [event(9, 70), event(3, 45)]) })
    expect(caught.catchUp).toBe(false)
    expect(caught.snapshot.version).toBe(6)
    expect(caught.snapshot.events.map((e) => e.id)).toEqual([3, 9])
  })

  it("folds a room's batch change by change, each event once", () => {
    const change = (version: number, goal?: MatchEvent): LiveMessage => ({ type: 'change', state: snapshot(version), ...(goal ? { event: goal } : {}) })
    const folded = applyRoomMessage(snapshot(1, [event(7, 12)]), { type: 'changes', changes: [change(1, event(7, 12)), change(2, event(8, 20)), change(3, event(9, 30))] })
    expect(folded.catchUp).toBe(false)
    expect(folded.snapshot.version).toBe(3)
    expect(folded.snapshot.events.map((e) => e.id)).toEqual([7, 8, 9])
  })

  it('asks the room for a catch-up when a batch skips a version, even one it moves past', () => {
    const folded = applyRoomMessage(snapshot(1), { type: 'changes', changes: [{ type: 'change', state: snapshot(3) }, { type: 'change', state: snapshot(4) }] })
    expect(folded).toMatchObject({ catchUp: true, snapshot: { version: 4 } })
  })

  it('orders the timeline by minute, added time, then saving order', () => {
    expect(mergeEvents([event(5, 90, 3), event(2, 90)], [event(8, 45, 1), event(1, 90)]).map((e) => e.id)).toEqual([8, 1, 2, 5])
  })
})

describe("an editor's changes", () => {
  const kickoff = { status: 'scheduled' as const, minute: null, ft: null, ht: null, et: null, pen: null, phase: null, periodStartedAt: null }

  it('starts a live match at 0–0 and ends its running minute at the whistle', () => {
    const live = patchState(kickoff, { status: 'live' })
    expect(live).toMatchObject({ status: 'live', ft: [0, 0], minute: null })
    expect(patchState({ ...live, minute: 90 }, { status: 'finished' })).toMatchObject({ minute: null, ft: [0, 0] })
  })

  it('adds goals to the side they count for, in extra time to the extra-time score', () => {
    let state = patchState(kickoff, { status: 'live' })
    state = stateAfterEvent(state, { kind: 'goal', minute: 23, side: 1 })
    state = stateAfterEvent(state, { kind: 'own_goal', minute: 80, side: 2 })
    state = stateAfterEvent(state, { kind: 'yellow_card', minute: 85, side: 2 })
    expect(state).toMatchObject({ ft: [1, 1], et: null, minute: 85 })
    state = stateAfterEvent(state, { kind: 'penalty_goal', minute: 108, side: 1 })
    expect(state).toMatchObject({ ft: [1, 1], et: [2, 1], minute: 108 })
  })
})

describe('a replay plan', () => {
  const final: OriginalMatch = {
    ft: [2, 2],
    ht: [2, 0],
    et: [3, 3],
    pen: [4, 2],
    events: [
      { kind: 'penalty_goal', minute: 23, stoppage: null, side: 1, playerId: 1, playerName: 'Messi', otherPlayerId: null, otherPlayerName: null, detail: null },
      { kind: 'goal', minute: 45, stoppage: 3, side: 2, playerId: 2, playerName: 'Late', otherPlayerId: null, otherPlayerName: null, detail: null },
      { kind: 'goal', minute: 108, stoppage: null, side: 1, playerId: 1, playerName: 'Messi', otherPlayerId: null, otherPlayerName: null, detail: null },
    ],
  }

  it('kicks off, plays every event in order on the accelerated clock, and ends on the real scores', () => {
    const steps = planReplay(final, 60)
    expect(steps[0]).toEqual({ at: 0, method: 'PATCH', path: '', body: { status: 'live', minute: 0 } })
    const events = steps.filter((s) => s.path === '/events')
    expect(events.map((s) => [s.at, s.body.player_name, s.body.side])).toEqual([
      [23_000, 'Messi', 'home'],
      [45_097, 'Late', 'away'],
      [108_000, 'Messi', 'home'],
    ])
    const halfTime = steps.findIndex((s) => s.body.ht !== undefined && s.body.status === undefined)
    expect(halfTime).toBeGreaterThan(steps.indexOf(events[1]!))
    expect(steps.at(-1)).toEqual({ at: 120_500, method: 'PATCH', path: '', body: { status: 'finished', ft: [2, 2], ht: [2, 0], et: [3, 3], pen: [4, 2] } })
    expect(steps.map((s) => s.at)).toEqual([...steps.map((s) => s.at)].sort((a, b) => a - b))
    expect(steps.filter((s) => s.body.minute !== undefined && s.method === 'PATCH' && s.body.status === undefined && s.body.ht === undefined)).toHaveLength(120 / MINUTE_TICK - 1)
  })

  it('stops a match without extra time at 90 minutes', () => {
    const steps = planReplay({ ft: [1, 0], ht: [0, 0], et: null, pen: null, events: [] }, 6000)
    expect(steps.at(-1)!.at).toBe(905)
  })
})

describe('the live desk', () => {
  const scheduled = { status: 'scheduled' as const, minute: null, ft: null, ht: null, et: null, pen: null, phase: null, periodStartedAt: null }
  const at = Date.parse('2026-11-26T18:00:00Z')
  const minutes = (n: number) => at + n * 60_000

  it('steps through a match in order, starting each running period on the clock, and refuses a step out of order', () => {
    expect(stateAfterStep(scheduled, 'half_time', at)).toBeNull()
    const kickoff = stateAfterStep(scheduled, 'kick_off', at)!
    expect(kickoff).toMatchObject({ status: 'live', phase: 'first_half', ft: [0, 0], periodStartedAt: '2026-11-26T18:00:00.000Z' })
    expect(clockMinute(kickoff, minutes(0.5))).toEqual({ minute: 1, stoppage: null })
    expect(clockMinute(kickoff, minutes(44.9))).toEqual({ minute: 45, stoppage: null })
    expect(clockMinute(kickoff, minutes(46.2))).toEqual({ minute: 45, stoppage: 2 })
    const half = stateAfterStep({ ...kickoff, ft: [1, 0] }, 'half_time', minutes(47))!
    expect(half).toMatchObject({ phase: 'half_time', ht: [1, 0], periodStartedAt: null })
    expect(clockMinute(half, minutes(50))).toBeNull()
    expect(badgeMinute(half, minutes(50))).toBeNull()
    expect(namedPhase(half)).toBe('half_time')
    const second = stateAfterStep(half, 'second_half', minutes(62))!
    expect(badgeMinute(second, minutes(62 + 10.5))).toBe('56′')
    expect(stateAfterStep(second, 'second_half', minutes(63))).toBeNull()
    const extra = stateAfterStep(second, 'extra_time', minutes(110))!
    expect(extra).toMatchObject({ phase: 'extra_time', et: [1, 0] })
    expect(clockMinute(extra, minutes(110))).toEqual({ minute: 91, stoppage: null })
    const shootout = stateAfterStep(extra, 'penalties', minutes(145))!
    expect(shootout).toMatchObject({ phase: 'penalties', pen: [0, 0], minute: 120 })
    expect(stateAfterStep(shootout, 'full_time', minutes(160))).toMatchObject({ status: 'finished', phase: null, minute: null, ft: [1, 0] })
  })

  it('takes events only once a match has kicked off, the rule the API and the console share', () => {
    expect(MATCH_STATUSES.filter(hasKickedOff)).toEqual(['live', 'suspended', 'finished', 'abandoned', 'awarded'])
  })

  it('stops the clock at a suspension and runs it on from there when the match resumes', () => {
    const kickoff = stateAfterStep(scheduled, 'kick_off', at)!
    const suspended = stateAfterStep(kickoff, 'suspend', minutes(30.5))!
    expect(suspended).toMatchObject({ status: 'suspended', minute: 31, periodStartedAt: null })
    expect(stateAfterStep(suspended, 'kick_off', minutes(40))).toBeNull()
    const resumed = stateAfterStep(suspended, 'resume', minutes(50))!
    expect(clockMinute(resumed, minutes(50.2))).toEqual({ minute: 31, stoppage: null })
    expect(stateAfterStep(suspended, 'abandon', minutes(50))).toMatchObject({ status: 'abandoned', phase: null })
  })

  it('takes a goal back on undo, from the period it was scored in', () => {
    const live = { ...scheduled, status: 'live' as const, ft: [2, 1] as [number, number], et: [3, 1] as [number, number] }
    expect(stateWithoutEvent(live, { kind: 'goal', minute: 20, side: 1 })).toMatchObject({ ft: [1, 1], et: [2, 1] })
    expect(stateWithoutEvent(live, { kind: 'own_goal', minute: 100, side: 1 })).toMatchObject({ ft: [2, 1], et: [2, 1] })
    expect(stateWithoutEvent(live, { kind: 'yellow_card', minute: 20, side: 2 })).toBe(live)
  })

  it('folds live text in: pinned first, then the newest; an edit replaces, a deletion removes', () => {
    const entry = (id: number, minute: number, pinned = false): CommentaryEntry => ({ id, minute, stoppage: null, text: { ar: null, en: `${id}` }, key: false, pinned })
    let held = snapshot(1)
    held = applyMessage(held, { type: 'change', state: { ...held, version: 2 }, commentary: entry(1, 5) }).snapshot
    held = applyMessage(held, { type: 'change', state: { ...held, version: 3 }, commentary: entry(2, 10) }).snapshot
    held = applyMessage(held, { type: 'change', state: { ...held, version: 4 }, commentary: entry(3, 0, true) }).snapshot
    expect(held.commentary.map((e) => e.id)).toEqual([3, 2, 1])
    held = applyMessage(held, { type: 'change', state: { ...held, version: 5 }, commentary: { ...entry(1, 12), key: true } }).snapshot
    expect(held.commentary.map((e) => [e.id, e.minute])).toEqual([[3, 0], [1, 12], [2, 10]])
    held = applyMessage(held, { type: 'change', state: { ...held, version: 6 }, removedCommentary: 2 }).snapshot
    expect(held.commentary.map((e) => e.id)).toEqual([3, 1])
    const events = applyMessage(snapshot(1, [event(7, 10)]), { type: 'change', state: { ...snapshot(1), version: 2 }, removedEvent: 7 }).snapshot.events
    expect(events).toEqual([])
  })
})

describe('the status a reader is shown', () => {
  const kickoff = '2026-11-28T17:00:00Z'
  const at = (ms: number) => Date.parse(kickoff) + ms

  it('keeps "scheduled" until three hours after kick-off, then awaits the result', () => {
    expect(RESULT_AWAITED_AFTER_MS).toBe(3 * 60 * 60 * 1000)
    expect(shownStatus('scheduled', kickoff, at(-60_000))).toBe('scheduled')
    expect(shownStatus('scheduled', kickoff, at(RESULT_AWAITED_AFTER_MS))).toBe('scheduled')
    expect(shownStatus('scheduled', kickoff, at(RESULT_AWAITED_AFTER_MS + 1))).toBe('result_awaited')
    expect(shownStatus('scheduled', kickoff, at(540 * 24 * 60 * 60 * 1000))).toBe('result_awaited')
  })

  it('never overrides a status an editor or a provider gave', () => {
    for (const status of ['live', 'suspended', 'finished', 'abandoned', 'postponed', 'cancelled', 'awarded'] as const) {
      expect(shownStatus(status, kickoff, at(10 * RESULT_AWAITED_AFTER_MS))).toBe(status)
    }
  })

  it('awaits a result three real hours after a kick-off at 23:30 in Cairo, on the night the clocks go back', () => {
    // Egypt's summer time ends at midnight on the last Thursday of October 2026: 30 October
    // 00:00 (UTC+3) becomes 29 October 23:00 (UTC+2). A kick-off at 23:30 summer time is
    // 20:30 UTC; three hours later the wall clock in Cairo reads 01:30 winter time, not 02:30.
    const kickoff = '2026-10-29T23:30:00+03:00'
    expect(dayKey(new Date(kickoff), 'Africa/Cairo')).toBe('2026-10-29')
    const threeHoursOn = Date.parse('2026-10-29T23:30:00Z')
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', minute: '2-digit' }).format(threeHoursOn)).toBe('01:30')
    expect(shownStatus('scheduled', kickoff, threeHoursOn)).toBe('scheduled')
    expect(shownStatus('scheduled', kickoff, threeHoursOn + 1)).toBe('result_awaited')
  })

  it('awaits a result across midnight in Cairo: a 22:00 kick-off is awaited from 01:00 the next day there', () => {
    const kickoff = '2026-12-12T22:00:00+02:00'
    const oneAm = Date.parse('2026-12-13T01:00:00+02:00')
    expect(dayKey(new Date(oneAm), 'Africa/Cairo')).toBe('2026-12-13')
    expect(shownStatus('scheduled', kickoff, oneAm)).toBe('scheduled')
    expect(shownStatus('scheduled', kickoff, oneAm + 1)).toBe('result_awaited')
  })

  it('reads the kick-off with its offset: 20:00 in Cairo (UTC+2) is 18:00 UTC', () => {
    const cairo = '2026-12-12T20:00:00+02:00'
    expect(shownStatus('scheduled', cairo, Date.parse('2026-12-12T21:00:00Z'))).toBe('scheduled')
    expect(shownStatus('scheduled', cairo, Date.parse('2026-12-12T21:00:01Z'))).toBe('result_awaited')
  })
})
