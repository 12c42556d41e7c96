import { describe, expect, it } from 'vitest'
import { ageOn, dayKey, formatDate, formatLongDate, formatTime, safeTimeZone, secondsLeftInDay, signedFigure, zoneLabel } from '../../lib/format.ts'

const FINAL = new Date('2022-12-18T15:00:00Z')

describe('date and time formatting', () => {
  it('writes dates as DD-MM-YYYY in the given zone', () => {
    expect(formatDate(FINAL, 'Asia/Qatar')).toBe('18-12-2022')
    expect(formatDate(new Date('2024-05-19T23:30:00Z'), 'Asia/Riyadh')).toBe('20-05-2024')
    expect(formatDate(new Date('2024-05-19T23:30:00Z'), 'Europe/London')).toBe('20-05-2024')
    expect(formatDate(new Date('2024-05-19T22:30:00Z'), 'Europe/London')).toBe('19-05-2024')
  })

  it('gives kick-off times on a 24-hour clock with the zone label', () => {
    expect(formatTime(FINAL, 'Asia/Qatar')).toBe('18:00')
    expect(zoneLabel(FINAL, 'Asia/Qatar')).toBe('GMT+3')
    expect(formatTime(FINAL, 'America/New_York')).toBe('10:00')
    expect(zoneLabel(FINAL, 'America/New_York')).toBe('GMT-5')
  })

  it('keys a day in the reader zone', () => {
    expect(dayKey(new Date('2024-08-16T23:30:00Z'), 'Asia/Riyadh')).toBe('2024-08-17')
    expect(dayKey(new Date('2024-08-16T23:30:00Z'), 'UTC')).toBe('2024-08-16')
  })

  it('words long dates in Arabic with Latin digits', () => {
    expect(formatLongDate(FINAL, 'ar', 'Asia/Qatar')).toBe('الأحد، 18 ديسمبر 2022')
    expect(formatLongDate(FINAL, 'en', 'Asia/Qatar')).toBe('Sunday, December 18, 2022')
  })

  it('falls back to Mecca time for a zone it does not know', () => {
    expect(safeTimeZone('Europe/Madrid')).toBe('Europe/Madrid')
    expect(safeTimeZone('Mars/Olympus')).toBe('Asia/Riyadh')
    expect(safeTimeZone(undefined)).toBe('Asia/Riyadh')
  })

  it('computes ages', () => {
    expect(ageOn('1992-06-15', new Date('2026-06-14T00:00:00Z'))).toBe(33)
    expect(ageOn('1992-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(34)
  })
})

describe('signed figures', () => {
  it('puts a plus before a gain and keeps the minus of a loss; zero has no sign', () => {
    expect([37, 1, 0, -1, -8].map(signedFigure)).toEqual(['+37', '+1', '0', '-1', '-8'])
  })
})

describe('secondsLeftInDay', () => {
  it('counts to the next midnight in the zone, so "today" is kept no longer than today', () => {
    // 21:30 UTC is 00:30 the next day in Riyadh (UTC+3), 22:30 in London's winter.
    expect(secondsLeftInDay(new Date('2026-01-10T21:30:00Z'), 'Asia/Riyadh')).toBe(23.5 * 3600)
    expect(secondsLeftInDay(new Date('2026-01-10T21:30:00Z'), 'Europe/London')).toBe(2.5 * 3600)
    expect(secondsLeftInDay(new Date('2026-01-10T23:59:59Z'), 'UTC')).toBe(1)
  })
})
