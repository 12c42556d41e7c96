import { describe, expect, it } from 'vitest'
import { ARAB_TIME_ZONES } from '../../lib/arab-time-zones.ts'
import { ageOn, dayKey, formatDate, formatLongDate, formatTime, localDateTime, safeTimeZone, secondsLeftInDay, signedFigure, zoneLabel } from '../../lib/format.ts'

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

describe('a local time with its offset', () => {
  it("writes the zone's wall clock and offset as <time datetime> takes them", () => {
    expect(localDateTime(new Date('2026-01-10T16:00:00Z'), 'Africa/Cairo')).toBe('2026-01-10T18:00+02:00')
    expect(localDateTime(new Date('2026-08-10T16:00:00Z'), 'Africa/Cairo')).toBe('2026-08-10T19:00+03:00')
    expect(localDateTime(new Date('2026-08-10T16:00:00Z'), 'Asia/Riyadh')).toBe('2026-08-10T19:00+03:00')
    expect(localDateTime(new Date('2026-01-10T16:00:00Z'), 'America/St_Johns')).toBe('2026-01-10T12:30-03:30')
  })

  it('says +00:00 at UTC, as Morocco is in Ramadan, and crosses midnight into the next day', () => {
    expect(localDateTime(new Date('2026-03-01T20:00:00Z'), 'Africa/Casablanca')).toBe('2026-03-01T20:00+00:00')
    expect(localDateTime(new Date('2026-03-22T02:00:00Z'), 'Africa/Casablanca')).toBe('2026-03-22T03:00+01:00')
    // Morocco back at UTC+0 for good from 2026-09-20 01:00 UTC (tz 2026c).
    expect(localDateTime(new Date('2026-09-20T00:59:00Z'), 'Africa/Casablanca')).toBe('2026-09-20T01:59+01:00')
    expect(localDateTime(new Date('2026-09-20T01:00:00Z'), 'Africa/Casablanca')).toBe('2026-09-20T01:00+00:00')
    expect(localDateTime(new Date('2026-01-10T22:30:00Z'), 'Asia/Baghdad')).toBe('2026-01-11T01:30+03:00')
  })

  it('knows every zone the match page compares', () => {
    expect(ARAB_TIME_ZONES.map((z) => z.city.en)).toEqual(['Cairo', 'Mecca', 'Abu Dhabi', 'Rabat', 'Algiers', 'Tunis', 'Baghdad'])
    for (const { timeZone } of ARAB_TIME_ZONES) expect(safeTimeZone(timeZone)).toBe(timeZone)
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
