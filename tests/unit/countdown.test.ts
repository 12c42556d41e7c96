import { describe, expect, it } from 'vitest'
import { COUNTDOWN_INTERVAL_MS, durationParts, formatCountdown, msUntil, nextTickIn, secondsLeft } from '../../lib/countdown.ts'
import { LOCALE_CONFIG } from '../../lib/locales.ts'

const AR = LOCALE_CONFIG.ar.intl
const EN = LOCALE_CONFIG.en.intl

describe('the time left', () => {
  it('counts down to the target and stops at zero', () => {
    expect(msUntil(61_000, 1000)).toBe(60_000)
    expect(msUntil(1000, 61_000)).toBe(0)
  })

  it('rounds the seconds up, so it reads zero only when the time has fully passed', () => {
    expect(secondsLeft(60_000)).toBe(60)
    expect(secondsLeft(59_001)).toBe(60)
    expect(secondsLeft(400)).toBe(1)
    expect(secondsLeft(0)).toBe(0)
    expect(secondsLeft(-5)).toBe(0)
    expect(secondsLeft(Number.NaN)).toBe(0)
  })

  it('splits seconds into days, hours, minutes and seconds', () => {
    expect(durationParts(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
    expect(durationParts(60)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 })
    expect(durationParts(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 })
    expect(durationParts(-3)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
    expect(durationParts(Number.POSITIVE_INFINITY)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
  })
})

describe('the next tick', () => {
  it('ticks every second by default (spec §9)', () => {
    expect(COUNTDOWN_INTERVAL_MS).toBe(1000)
    expect(nextTickIn(60_000)).toBe(1000)
  })

  it('lines up with the whole seconds left, so a late timer catches up', () => {
    expect(nextTickIn(59_250)).toBe(250)
    expect(nextTickIn(999)).toBe(999)
    expect(nextTickIn(90_000, 60_000)).toBe(30_000)
  })

  it('stops once nothing is left', () => {
    expect(nextTickIn(0)).toBe(0)
    expect(nextTickIn(-10)).toBe(0)
  })
})

describe('the countdown in words and digits', () => {
  it('reads as a clock for the resend button, in Latin digits in both languages', () => {
    expect(formatCountdown(42, EN, 'digital')).toBe('00:42')
    expect(formatCountdown(42, AR, 'digital')).toBe('00:42')
    expect(formatCountdown(3603, EN, 'digital')).toBe('1:00:03')
    expect(formatCountdown(0, AR, 'digital')).toBe('00:00')
  })

  it('words the units that are not zero, with Arabic plurals', () => {
    expect(formatCountdown(65, EN)).toBe('1 minute, 5 seconds')
    expect(formatCountdown(60, EN)).toBe('1 minute')
    expect(formatCountdown(60, AR)).toBe('دقيقة')
    expect(formatCountdown(65, AR)).toBe('دقيقة و5 ثوان')
    expect(formatCountdown(2 * 86_400 + 3 * 3600 + 42, AR)).toBe('يومان، و3 ساعات، و42 ثانية')
  })

  it('shows days for a kick-off far away, in the narrow style', () => {
    expect(formatCountdown(2 * 86_400 + 3 * 3600 + 4 * 60 + 5, EN, 'narrow')).toBe('2d 3h 4m 5s')
  })

  it('says zero seconds when nothing is left, rather than nothing', () => {
    expect(formatCountdown(0, EN)).toBe('0 seconds')
    expect(formatCountdown(0, AR)).toBe('0 ثانية')
  })
})
