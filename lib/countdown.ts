/// <reference lib="es2025.intl" />
// Countdowns (spec §9: a countdown ticks every 1000 ms by default): the wait before a new
// one-time code can be sent, and later the time to a match's kick-off. Pure functions: the
// caller passes the clock, so the maths is tested without timers.

/** Spec §9: the countdown's default interval. */
export const COUNTDOWN_INTERVAL_MS = 1000

export interface DurationParts {
  days: number
  hours: number
  minutes: number
  seconds: number
}

/** Milliseconds from `now` until `target`, never negative. */
export function msUntil(target: number, now: number): number {
  return Math.max(0, target - now)
}

/**
 * Whole seconds left, rounded up: with 400 ms to go the countdown still shows 1, and it
 * shows 0 only once the time has fully passed, so a button it guards is never enabled early.
 */
export function secondsLeft(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0
}

/** Whole seconds as days, hours, minutes and seconds. */
export function durationParts(totalSeconds: number): DurationParts {
  const total = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  }
}

/**
 * Milliseconds until the shown value next changes: ticks line up with the remaining time's
 * whole intervals rather than with when the timer started, so a late tick does not make
 * the display lag for the rest of the countdown. Zero once nothing is left.
 */
export function nextTickIn(ms: number, interval = COUNTDOWN_INTERVAL_MS): number {
  if (!(ms > 0)) return 0
  return ms % interval || interval
}

export type CountdownStyle = 'long' | 'short' | 'narrow' | 'digital'

/**
 * The time left in the reader's language: "1 minute, 5 seconds" and "دقيقة و5 ثوان" (long),
 * "2d 3h 4m 5s" (narrow), or "00:42" and "2 days, 3:04:05" (digital). Units that are zero
 * are left out of the worded styles; nothing left reads as zero seconds.
 */
export function formatCountdown(totalSeconds: number, locale: string, style: CountdownStyle = 'long'): string {
  const parts = durationParts(totalSeconds)
  if (style === 'digital') return new Intl.DurationFormat(locale, { style, hoursDisplay: 'auto' }).format(parts)
  // The worded styles drop zero units by themselves, which would leave nothing at zero.
  const nothingLeft = Object.values(parts).every((value) => value === 0)
  return new Intl.DurationFormat(locale, { style, secondsDisplay: nothingLeft ? 'always' : 'auto' }).format(parts)
}
