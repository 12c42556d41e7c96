// Match field rules shared by the JSON and Football.TXT readers, so both formats
// normalise dates, times, statuses and groups the same way.
import { fail } from './errors.ts'
import type { MatchStatus, Score } from './model.ts'

/** `status` in JSON and the `[note]` after a TXT score use the same words. */
export function matchStatus(score: Score, declared: string | undefined): MatchStatus {
  if (declared === 'awarded' || declared === 'postponed') return declared
  if (declared !== undefined) fail(`unknown match status "${declared}"`)
  // `score: {}` in JSON and a bare fixture line in TXT both mean "not played yet".
  return Object.keys(score).length > 0 ? 'finished' : 'scheduled'
}

/**
 * UCL 2019/20, the Club World Cup and the CAF TXT files name group-stage rounds
 * 'Group A'; worldcup.json has a separate `group` field instead.
 */
export function groupOfRound(round: string): string | undefined {
  return /^Group [A-Z]$/.test(round) ? round : undefined
}

/** Builds YYYY-MM-DD, failing on impossible dates such as Feb 30. */
export function isoDate(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day))
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    fail(`no such date ${year}-${month}-${day}`)
  }
  return d.toISOString().slice(0, 10)
}

export function checkIsoDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) fail(`date "${date}" is not YYYY-MM-DD`)
  return isoDate(Number(m[1]), Number(m[2]), Number(m[3]))
}

export function checkTime(time: string): string {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? time : fail(`time "${time}" is not HH:MM`)
}
