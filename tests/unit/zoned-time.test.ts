import { describe, expect, it } from 'vitest'
import { isoToZonedLocal, zonedLocalToIso } from '../../lib/zoned-time.ts'

describe('zonedLocalToIso', () => {
  it('reads a datetime-local value in the zone given', () => {
    expect(zonedLocalToIso('2026-11-25T21:30', 'Asia/Riyadh')).toBe('2026-11-25T18:30:00.000Z')
    expect(zonedLocalToIso('2026-11-25T21:30', 'UTC')).toBe('2026-11-25T21:30:00.000Z')
    expect(zonedLocalToIso('2026-07-01T12:00', 'Europe/London')).toBe('2026-07-01T11:00:00.000Z')
    expect(zonedLocalToIso('2026-01-01T00:15', 'America/New_York')).toBe('2026-01-01T05:15:00.000Z')
  })

  it('refuses what is not a datetime-local value or no real day', () => {
    expect(zonedLocalToIso('', 'UTC')).toBeNull()
    expect(zonedLocalToIso('2026-02-30T10:00', 'UTC')).toBeNull()
    expect(zonedLocalToIso('2026-11-25 21:30', 'UTC')).toBeNull()
    expect(zonedLocalToIso('2026-11-25T24:00', 'UTC')).toBeNull()
  })

  it('reads a time the clocks skip with the offset before the change', () => {
    // London springs forward at 01:00 on 29 March 2026: 01:30 does not exist.
    expect(zonedLocalToIso('2026-03-29T01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z')
  })

  it('round-trips with isoToZonedLocal', () => {
    expect(isoToZonedLocal('2026-11-25T18:30:00.000Z', 'Asia/Riyadh')).toBe('2026-11-25T21:30')
    expect(zonedLocalToIso(isoToZonedLocal('2026-07-01T11:00:00Z', 'Europe/London'), 'Europe/London')).toBe('2026-07-01T11:00:00.000Z')
  })
})
