// Kick-off instants. The sources give a local date and clock; the zone is either written
// next to the clock ('13:00 UTC-6') or implied by the competition (Premier League times are
// London times, summer time included), so the offset is looked up for that very day.

export interface Kickoff {
  /** ISO 8601 instant in UTC. */
  kickoff: string
  timeKnown: boolean
}

/** A fixture without a time is placed at noon local time, which keeps it on its own date. */
const UNKNOWN_TIME = '12:00'

export function kickoffOf(date: string, time: string | undefined, utcOffset: number | undefined, timeZone: string): Kickoff {
  const [year, month, day] = date.split('-').map(Number)
  const [hour, minute] = (time ?? UNKNOWN_TIME).split(':').map(Number)
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!)
  const instant = utcOffset === undefined ? wallClockToInstant(wall, timeZone) : wall - utcOffset * 60_000
  return { kickoff: new Date(instant).toISOString(), timeKnown: time !== undefined }
}

/**
 * `wall` is the local clock read as if it were UTC. Its offset is the zone's offset at the
 * instant the clock shows, which depends on that instant: a second pass settles the days
 * summer time starts or ends.
 */
function wallClockToInstant(wall: number, timeZone: string): number {
  const first = wall - offsetAt(wall, timeZone)
  return wall - offsetAt(first, timeZone)
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  let format = formats.get(timeZone)
  if (!format) {
    // Throws a RangeError for an unknown zone, which fails the file that needs it.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(timeZone, format)
  }
  const part: { [type: string]: number } = {}
  for (const p of format.formatToParts(instant)) part[p.type] = Number(p.value)
  const local = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!)
  // Kick-offs are whole minutes, so no milliseconds are lost in the round trip.
  return local - instant
}
