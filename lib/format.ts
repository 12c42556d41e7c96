// Dates, kick-off times and signed figures, worded per locale with Latin digits (lib/locales.ts).
import { noonUtc } from './days.ts'
import { LOCALE_CONFIG, type Locale } from './locales.ts'

/**
 * The zone kick-off times are shown in when the request does not say where the reader is:
 * Mecca time (UTC+3), which Arabic sports sites use for their schedules. The browser then
 * corrects each time to its own zone (client/local-time.ts).
 */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh'

/** A zone name the Intl API accepts, else the default (request.cf.timezone is outside data). */
export function safeTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone
  } catch {
    return DEFAULT_TIME_ZONE
  }
}

function parts(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of new Intl.DateTimeFormat('en-GB', { timeZone, ...options }).formatToParts(date)) out[part.type] = part.value
  return out
}

/** DD-MM-YYYY, the spec's date format (§9). */
export function formatDate(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = parts(date, timeZone, { day: '2-digit', month: '2-digit', year: 'numeric' })
  return `${p.day}-${p.month}-${p.year}`
}

/** YYYY-MM-DD of the instant in the zone: the key of a day in the fixtures list. */
export function dayKey(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = parts(date, timeZone, { day: '2-digit', month: '2-digit', year: 'numeric' })
  return `${p.year}-${p.month}-${p.day}`
}

/** Whole seconds from `date` to the next midnight in the zone (at least 1): how long "today" stays today. */
export function secondsLeftInDay(date: Date, timeZone = DEFAULT_TIME_ZONE): number {
  const p = parts(date, timeZone, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
  const elapsed = Number(p.hour) * 3600 + Number(p.minute) * 60 + Number(p.second)
  return Math.max(1, 86_400 - elapsed)
}

/** 24-hour kick-off time, "20:45". */
export function formatTime(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = parts(date, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return `${p.hour}:${p.minute}`
}

/**
 * The instant as the zone's wall clock with its offset, to the minute: "2026-01-10T18:00+02:00",
 * what a <time datetime> carries for a local time (HTML's "local date and time" plus a "time-zone
 * offset string"). The offset is the zone's at that instant, as the runtime's tz database has it.
 */
export function localDateTime(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = parts(date, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' })
  // "GMT+02:00", or plain "GMT" at UTC+0.
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName!.slice(3)
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}${offset}`
}

/** The zone's offset as readers know it, "GMT+3". */
export function zoneLabel(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return parts(date, timeZone, { timeZoneName: 'shortOffset' }).timeZoneName ?? 'GMT'
}

/** "Saturday 23 November 2024" / "السبت 23 نوفمبر 2024". */
export function formatLongDate(date: Date, lang: Locale, timeZone = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat(LOCALE_CONFIG[lang].intl, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date)
}

/** Whole years between a date of birth and `on`. */
export function ageOn(dateOfBirth: string, on: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number]
  let age = on.getUTCFullYear() - y
  if (on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d)) age -= 1
  return age
}

/** A calendar day (YYYY-MM-DD) worded in full, whatever the reader's zone. */
export function formatCalendarDay(day: string, lang: Locale): string {
  return formatLongDate(noonUtc(day), lang, 'UTC')
}

/**
 * A figure with its sign in front, "+37", "-8", "0" (goal difference, points deducted). The
 * text must sit in an isolate that runs left to right (`<bdi dir="ltr">`, see SignedNumber in
 * src/components/football.tsx): in an Arabic line the sign would otherwise move behind the digits.
 */
export function signedFigure(value: number): string {
  return value > 0 ? `+${value}` : String(value)
}
