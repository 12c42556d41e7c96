import { describe, expect, it } from 'vitest'
import { isQuietAt, isTimeZone, minuteOfDay } from '../../lib/quiet-hours.ts'

const at = (iso: string) => new Date(iso)

describe('quiet hours on the device clock', () => {
  it('keeps a window within one day', () => {
    const quiet = { from: '13:00', to: '15:00' }
    expect(isQuietAt(at('2026-06-01T12:59:00Z'), quiet, 'UTC')).toBe(false)
    expect(isQuietAt(at('2026-06-01T13:00:00Z'), quiet, 'UTC')).toBe(true)
    expect(isQuietAt(at('2026-06-01T14:59:00Z'), quiet, 'UTC')).toBe(true)
    expect(isQuietAt(at('2026-06-01T15:00:00Z'), quiet, 'UTC')).toBe(false)
  })

  it('spans midnight when the end comes before the start', () => {
    const quiet = { from: '22:30', to: '06:30' }
    expect(isQuietAt(at('2026-06-01T22:29:00Z'), quiet, 'UTC')).toBe(false)
    expect(isQuietAt(at('2026-06-01T23:59:00Z'), quiet, 'UTC')).toBe(true)
    expect(isQuietAt(at('2026-06-02T00:00:00Z'), quiet, 'UTC')).toBe(true)
    expect(isQuietAt(at('2026-06-02T06:29:00Z'), quiet, 'UTC')).toBe(true)
    expect(isQuietAt(at('2026-06-02T06:30:00Z'), quiet, 'UTC')).toBe(false)
  })

  it('reads the device zone, not UTC: midnight to seven in Riyadh is 21:00 to 04:00 UTC', () => {
    const quiet = { from: '00:00', to: '07:00' }
    expect(isQuietAt(at('2026-06-01T21:00:00Z'), quiet, 'Asia/Riyadh')).toBe(true)
    expect(isQuietAt(at('2026-06-01T03:59:00Z'), quiet, 'Asia/Riyadh')).toBe(true)
    expect(isQuietAt(at('2026-06-01T04:00:00Z'), quiet, 'Asia/Riyadh')).toBe(false)
    expect(isQuietAt(at('2026-06-01T20:59:00Z'), quiet, 'Asia/Riyadh')).toBe(false)
  })

  it('follows the clock through summer time: 07:00 in London is 07:00 UTC in winter, 06:00 UTC in summer', () => {
    const quiet = { from: '00:00', to: '07:00' }
    expect(isQuietAt(at('2026-01-15T06:30:00Z'), quiet, 'Europe/London')).toBe(true)
    expect(isQuietAt(at('2026-07-15T06:30:00Z'), quiet, 'Europe/London')).toBe(false)
    // The night the clocks go forward (29 March 2026, 01:00 UTC): 00:30 GMT, then 02:30 BST.
    expect(minuteOfDay(at('2026-03-29T00:30:00Z'), 'Europe/London')).toBe(30)
    expect(minuteOfDay(at('2026-03-29T01:30:00Z'), 'Europe/London')).toBe(150)
    // That morning quiet ends at 06:00 UTC, an hour before it would in UTC.
    expect(isQuietAt(at('2026-03-29T05:59:00Z'), quiet, 'Europe/London')).toBe(true)
    expect(isQuietAt(at('2026-03-29T06:00:00Z'), quiet, 'Europe/London')).toBe(false)
    expect(isQuietAt(at('2026-03-29T06:00:00Z'), quiet, 'UTC')).toBe(true)
  })

  it('follows Cairo, which keeps summer time again, and New York across its fall back', () => {
    const quiet = { from: '23:00', to: '06:00' }
    // Cairo: UTC+3 in July, UTC+2 in January.
    expect(isQuietAt(at('2026-07-01T02:30:00Z'), quiet, 'Africa/Cairo')).toBe(true)
    expect(isQuietAt(at('2026-07-01T03:30:00Z'), quiet, 'Africa/Cairo')).toBe(false)
    expect(isQuietAt(at('2026-01-10T03:30:00Z'), quiet, 'Africa/Cairo')).toBe(true)
    // New York falls back on 1 November 2026 at 06:00 UTC: 01:30 happens twice, both quiet.
    expect(isQuietAt(at('2026-11-01T05:30:00Z'), quiet, 'America/New_York')).toBe(true)
    expect(isQuietAt(at('2026-11-01T06:30:00Z'), quiet, 'America/New_York')).toBe(true)
    expect(isQuietAt(at('2026-11-01T11:00:00Z'), quiet, 'America/New_York')).toBe(false)
  })

  it('treats a window that starts and ends together as empty', () => {
    expect(isQuietAt(at('2026-06-01T07:00:00Z'), { from: '07:00', to: '07:00' }, 'UTC')).toBe(false)
  })

  it('reads Postgres times with seconds', () => {
    expect(isQuietAt(at('2026-06-01T01:00:00Z'), { from: '00:00:00', to: '07:00:00' }, 'UTC')).toBe(true)
  })

  it('knows IANA zones', () => {
    expect(isTimeZone('Asia/Riyadh')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})
