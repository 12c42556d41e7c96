// Calendar days as YYYY-MM-DD strings, the form the matches page takes in its URL.
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Noon UTC on the day: a moment that falls on that date in every zone from UTC−11 to UTC+11. */
export function noonUtc(day: string): Date {
  return new Date(`${day}T12:00:00Z`)
}

/** A well-formed date that exists on the calendar (no 30 February). */
export function isRealDay(day: string): boolean {
  return DAY.test(day) && !Number.isNaN(noonUtc(day).getTime()) && noonUtc(day).toISOString().startsWith(day)
}

export function shiftDay(day: string, days: number): string {
  const date = noonUtc(day)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
