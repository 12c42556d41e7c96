// A wall-clock time in a named zone, as a datetime-local input gives it ("2026-11-25T21:30"),
// and the instant it names. The desk schedules posts in the editor's zone: the input has no
// zone of its own, so the page says which zone it means and the server applies it.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** How far the zone's clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const out: Record<string, number> = {}
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  for (const part of format.formatToParts(new Date(instant))) out[part.type] = Number(part.value)
  const wall = Date.UTC(out.year!, out.month! - 1, out.day!, out.hour!, out.minute!, out.second!)
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The instant `local` names in `timeZone`, as an ISO string; null when `local` is not a
 * datetime-local value or names no real day. A time a clock skips (spring forward) is read
 * with the offset before the change, as the zone's clocks would show it an hour later.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const match = LOCAL.exec(local)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  const check = new Date(wall)
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null
  // Two passes: the offset at the first guess can differ from the offset at the answer.
  let instant = wall - offsetAt(wall, timeZone)
  instant = wall - offsetAt(instant, timeZone)
  return new Date(instant).toISOString()
}

/** The datetime-local value for `iso` in `timeZone` ("2026-11-25T21:30"). */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const instant = new Date(iso).getTime()
  return new Date(instant + offsetAt(instant, timeZone)).toISOString().slice(0, 16)
}
