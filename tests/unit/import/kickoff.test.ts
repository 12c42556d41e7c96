import { describe, expect, it } from 'vitest'
import { kickoffOf } from '../../../lib/openfootball/kickoff.ts'

describe('kickoffOf', () => {
  it('reads local times in the competition zone, summer time included', () => {
    expect(kickoffOf('2024-08-16', '20:00', undefined, 'Europe/London')).toEqual({ kickoff: '2024-08-16T19:00:00.000Z', timeKnown: true })
    expect(kickoffOf('2024-12-16', '20:00', undefined, 'Europe/London').kickoff).toBe('2024-12-16T20:00:00.000Z')
    expect(kickoffOf('2024-08-22', '19:10', undefined, 'Asia/Riyadh').kickoff).toBe('2024-08-22T16:10:00.000Z')
  })

  it('settles the days the clocks change', () => {
    // Berlin moves to summer time at 02:00 on 30 March 2025 and back at 03:00 on 26 October.
    expect(kickoffOf('2025-03-30', '15:30', undefined, 'Europe/Berlin').kickoff).toBe('2025-03-30T13:30:00.000Z')
    expect(kickoffOf('2025-03-29', '15:30', undefined, 'Europe/Berlin').kickoff).toBe('2025-03-29T14:30:00.000Z')
    expect(kickoffOf('2025-10-26', '15:30', undefined, 'Europe/Berlin').kickoff).toBe('2025-10-26T14:30:00.000Z')
  })

  it('prefers a zone written next to the time', () => {
    expect(kickoffOf('2026-06-11', '13:00', -360, 'Asia/Qatar').kickoff).toBe('2026-06-11T19:00:00.000Z')
    expect(kickoffOf('2026-03-26', '20:45', 60, 'UTC').kickoff).toBe('2026-03-26T19:45:00.000Z')
  })

  it('puts a fixture without a time at local noon and says so', () => {
    expect(kickoffOf('2025-05-24', undefined, undefined, 'Africa/Cairo')).toEqual({ kickoff: '2025-05-24T09:00:00.000Z', timeKnown: false })
  })
})
