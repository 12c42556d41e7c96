import { describe, expect, it } from 'vitest'
import { isRealDay, shiftDay } from '../../lib/days.ts'

describe('days', () => {
  it.each(['2024-02-29', '2022-12-18', '2026-01-01'])('accepts %s', (day) => expect(isRealDay(day)).toBe(true))

  it.each(['2023-02-29', '2024-02-30', '2024-13-01', '24-01-01', 'tomorrow', '', '2024-1-1'])('refuses %j', (day) =>
    expect(isRealDay(day)).toBe(false),
  )

  it('moves across months and years', () => {
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29')
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29')
    expect(shiftDay('2025-12-31', 1)).toBe('2026-01-01')
  })
})
