// A device's quiet hours (issue 27, section 3; decision 133): a window of wall-clock times in
// the device's own zone, such as 00:00–07:00, that may span midnight (22:30–06:30). They are
// read on the device's clock at the moment of sending, so a change of summer time moves
// them with the reader's clock, not with UTC.

/** "HH:MM", 00:00 to 23:59. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

export interface QuietHours {
  /** The first quiet minute, "HH:MM". */
  from: string
  /** The first minute that is not quiet again, "HH:MM". */
  to: string
}

/** Minutes past midnight of "HH:MM" (or Postgres's "HH:MM:SS"). */
function minutesOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number)
  return hours * 60 + minutes
}

/** The wall-clock minute of the day at `now` in `timeZone`. */
export function minuteOfDay(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).formatToParts(now)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return part('hour') * 60 + part('minute')
}

/**
 * Whether `now` falls in the quiet hours on the device's clock: from `from` up to, not
 * including, `to`; across midnight when `to` comes before `from`. A window that starts and
 * ends at the same minute is empty (the API refuses one).
 */
export function isQuietAt(now: Date, quiet: QuietHours, timeZone: string): boolean {
  const from = minutesOf(quiet.from)
  const to = minutesOf(quiet.to)
  const minute = minuteOfDay(now, timeZone)
  return from <= to ? minute >= from && minute < to : minute >= from || minute < to
}

/** `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}
