import { describe, expect, it } from 'vitest'
import { isCurrent, kickoffDay, knownAfter, scope, stampOf, utcDaysOf, versionOf } from '../../src/http/page-scopes.ts'

const WINDOW = 72_000
const first = knownAfter(undefined, { max: 40, changed: [['match:7', 38], ['site', 12], ['season:3', 40]] }, 1_000, WINDOW)

describe('what an isolate knows of the versions', () => {
  it('is each scope it saw change, the latest of all, and 0 for a scope it never saw', () => {
    expect(versionOf(first, 'match:7')).toBe(38)
    expect(versionOf(first, '*')).toBe(40)
    expect(versionOf(first, 'club:1')).toBe(0)
  })

  it('takes in a later read, and never goes back when two reads come back out of order', () => {
    const later = knownAfter(first, { max: 45, changed: [['match:7', 44]] }, 2_000, WINDOW)
    const older = knownAfter(later, { max: 41, changed: [['match:7', 41], ['club:1', 41]] }, 2_100, WINDOW)
    expect(versionOf(older, 'match:7')).toBe(44)
    expect(versionOf(older, 'club:1')).toBe(41)
    expect(older.max).toBe(45)
  })

  it('forgets a change once it is older than the window: every copy rendered before it has expired', () => {
    const much = knownAfter(first, { max: 41, changed: [['club:1', 41]] }, 1_000 + WINDOW + 1, WINDOW)
    expect(versionOf(much, 'match:7')).toBe(0)
    expect(versionOf(much, 'club:1')).toBe(41)
  })

  it('is a new object after every read, so a page stamps what it was rendered with', () => {
    const later = knownAfter(first, { max: 50, changed: [['match:7', 50]] }, 2_000, WINDOW)
    expect(versionOf(first, 'match:7')).toBe(38)
    expect(versionOf(later, 'match:7')).toBe(50)
  })
})

describe('a kept copy', () => {
  const stamp = stampOf([scope.match(7), scope.club(1)], first)

  it('records site and each scope its page named, at the versions known when it was rendered', () => {
    expect(stamp).toBe('site=12 match:7=38 club:1=0')
  })

  it('records everything when its page named nothing', () => {
    expect(stampOf(undefined, first)).toBe('*=40')
  })

  it('is current while none of its scopes has moved, whatever else did', () => {
    const elsewhere = knownAfter(first, { max: 60, changed: [['match:8', 60], ['season:3', 59]] }, 2_000, WINDOW)
    expect(isCurrent(stamp, elsewhere)).toBe(true)
  })

  it('is not once one of its scopes has, site included', () => {
    for (const moved of ['match:7', 'club:1', 'site']) {
      expect(isCurrent(stamp, knownAfter(first, { max: 61, changed: [[moved, 61]] }, 2_000, WINDOW)), moved).toBe(false)
    }
  })

  it('is current for an isolate that knows less than the one that rendered it', () => {
    const behind = knownAfter(undefined, { max: 30, changed: [['match:7', 30]] }, 1_000, WINDOW)
    expect(isCurrent(stamp, behind)).toBe(true)
  })

  it('that named nothing is not current after any change at all', () => {
    const everything = stampOf(undefined, first)
    expect(isCurrent(everything, first)).toBe(true)
    expect(isCurrent(everything, knownAfter(first, { max: 41, changed: [['post:9', 41]] }, 2_000, WINDOW))).toBe(false)
  })

  it.each([null, '', 'site', 'site=x'])('is not current with a stamp it cannot read (%j)', (bad) => {
    expect(isCurrent(bad, first)).toBe(false)
  })
})

describe('the days of a reader’s day', () => {
  it('is the UTC day itself in UTC', () => {
    expect(utcDaysOf('2026-11-28', 'UTC')).toEqual(['2026-11-28'])
  })

  it('starts the evening before east of Greenwich, and ends the morning after west of it', () => {
    expect(utcDaysOf('2026-11-28', 'Asia/Riyadh')).toEqual(['2026-11-27', '2026-11-28'])
    expect(utcDaysOf('2026-11-28', 'America/Los_Angeles')).toEqual(['2026-11-28', '2026-11-29'])
    expect(utcDaysOf('2026-01-01', 'Pacific/Kiritimati')).toEqual(['2025-12-31', '2026-01-01'])
  })

  it('names a kick-off by its UTC date, as the triggers do', () => {
    expect(kickoffDay('2026-11-28T23:30:00+03:00')).toBe('2026-11-28')
    expect(kickoffDay('2026-11-28T23:30:00-03:00')).toBe('2026-11-29')
  })
})
