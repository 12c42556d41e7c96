import { describe, expect, it } from 'vitest'
import { takesAlertNow } from '../../src/push/quiet.ts'

describe('a device in its quiet hours', () => {
  const night = new Date('2026-06-01T01:00:00Z') // 04:00 in Riyadh
  const day = new Date('2026-06-01T09:00:00Z') // 12:00 in Riyadh
  const device = { timeZone: 'Asia/Riyadh', quiet: { from: '00:00', to: '07:00', allow: ['kickoff' as const] } }

  it('takes only the kinds the reader let through', () => {
    expect(takesAlertNow(device, 'goal', night)).toBe(false)
    expect(takesAlertNow(device, 'kickoff', night)).toBe(true)
  })

  it('takes everything outside them, and everything when none are set', () => {
    expect(takesAlertNow(device, 'goal', day)).toBe(true)
    expect(takesAlertNow({ timeZone: 'Asia/Riyadh', quiet: null }, 'goal', night)).toBe(true)
  })
})
