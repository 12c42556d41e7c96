// Football.TXT league and cup files (world/): <region>/<country>/<season>_<code>.txt,
// e.g. 2024-25_sa1.txt → competition 'sa.1', season '2024/25'; 2024-25_cafcl.txt → 'cafcl'.
//
//   = Saudi Arabia Saudi Professional League 2024/25      competition header
//   # Matches    306                                      comment / metadata
//   ▪ Matchday 1                                          round
//     Thu Aug 22 2024                                     date (year only when it changes)
//       19:10  Al Taawoun     v Al Fayha     1-0 (0-0)    time, home v away, result
//              Al Nassr       v Al Ra'ed     1-1 (1-0)    blank time = time of the line above
import { basename } from './file-path.ts'
import { addCompetition, seasonLabel, seasonStartYear } from './competition.ts'
import { attempt, fail } from './errors.ts'
import { checkTime, groupOfRound, isoDate, matchStatus } from './match-fields.ts'
import { emptyParsed, type MatchRecord, type ParseError, type Parsed, type Score, type SourceRef } from './model.ts'
import { splitLines, stripComment } from './text.ts'

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DATE_LINE = new RegExp(`^\\s*(${WEEKDAYS.join('|')})\\s+(${MONTHS.join('|')})\\s+(\\d{1,2})(?:\\s+(\\d{4}))?$`)
// Columns are padded for alignment but a long name can push the next column over, so
// only whitespace counts: `v` between the teams, the result is whatever starts with a
// score or a [note] after the away team.
const MATCH_LINE = /^\s+(?:(\d{1,2}:\d{2})\s+)?(\S.*?)\s+v\s+(\S.*?)(?:\s+(\d+-\d+.*|\[[a-z]+\]))?$/

const PLAIN_RESULT = /^(\d+)-(\d+)(?:\s+\((\d+)-(\d+)\))?$/
const EXTRA_RESULT = /^(?:(\d+)-(\d+)\s+pen\.\s*)?(?:(\d+)-(\d+)\s+a\.e\.t\.\s*)?\((\d+)-(\d+)(?:,\s*(\d+)-(\d+))?\)$/

interface Cursor {
  round?: string
  date?: string
  time?: string
}

export function parseFootballTxt(text: string, file: string): Parsed {
  const out = emptyParsed()
  const [, seasonText = '', code = '', tier = ''] = /^(\d{4}(?:-\d{2})?)_([a-z]+)(\d*)\.txt$/.exec(basename(file)) ?? []
  const season = seasonLabel(seasonText)
  if (season === undefined) {
    out.errors.push({ file, message: 'expected a file name like 2024-25_sa1.txt' })
    return out
  }
  const competitionKey = tier ? `${code}.${tier}` : code
  let title: { text: string; line: number } | undefined
  let declared: { count: number; line: number } | undefined
  const pos: Cursor = {}
  const matches: MatchRecord[] = []

  splitLines(text).forEach((raw, i) => {
    const at = { file, line: i + 1 }
    // The header's '# Matches 306' is checked against what was read, to catch lost lines.
    const matchCount = /^#\s*Matches\s+(\d+)\s*$/.exec(raw)
    if (matchCount) declared = { count: Number(matchCount[1]), line: at.line }
    const line = stripComment(raw)
    if (line.trim() === '') return
    if (line.startsWith('=')) title = { text: line.slice(1).trim(), line: at.line }
    else if (line.startsWith('▪')) pos.round = line.slice(1).trim()
    else {
      attempt(out.errors, at, () => {
        const date = DATE_LINE.exec(line)
        if (date) readDate(date, pos, seasonStartYear(season), out.errors, at)
        else matches.push(readMatch(line, pos, { competitionKey, season, source: at }))
      })
    }
  })

  addCompetition(out, { file, line: title?.line }, competitionKey, season, title?.text ?? competitionKey)
  out.matches.push(...matches)
  if (declared && declared.count !== matches.length) {
    const message = `header declares ${declared.count} matches, read ${matches.length}`
    out.errors.push({ file, line: declared.line, message })
  }
  return out
}

/**
 * Date lines name the year only when it changes ('Sat Jan 4 2025', and again when a
 * CAF group section jumps back to 'Tue Nov 26 2024'), so a date without one takes the
 * year that puts it nearest the previous date line: the running year while dates step
 * back a few weeks (a rescheduled match listed under its round, a second stage
 * restarting), the next one if Dec → Jan was not restated. Before any date line the
 * season's first year is the reference.
 */
function readDate(m: RegExpExecArray, pos: Cursor, seasonStart: number, errors: ParseError[], at: SourceRef): void {
  const [, weekday, monthName = '', dayText, yearText] = m
  const month = MONTHS.indexOf(monthName) + 1
  const day = Number(dayText)
  const year =
    yearText !== undefined ? Number(yearText) : pos.date === undefined ? seasonStart : nearestYear(pos.date, month, day)
  const date = isoDate(year, month, day)
  // The weekday is redundant; a mismatch means a wrongly inferred year or a typo in
  // the source. Report it but keep the stated day and month.
  const actual = WEEKDAYS[new Date(date).getUTCDay()]
  if (actual !== weekday) errors.push({ ...at, message: `${weekday} ${monthName} ${day} is a ${actual} in ${year}` })
  pos.date = date
  pos.time = undefined // a blank time only repeats a time from the same date
}

function nearestYear(previous: string, month: number, day: number): number {
  const running = Number(previous.slice(0, 4))
  const distance = (year: number): number => Math.abs(Date.UTC(year, month - 1, day) - Date.parse(previous))
  return [running + 1, running - 1].reduce((best, year) => (distance(year) < distance(best) ? year : best), running)
}

function readMatch(line: string, pos: Cursor, ctx: Pick<MatchRecord, 'competitionKey' | 'season' | 'source'>): MatchRecord {
  const m = MATCH_LINE.exec(line) ?? fail(`unrecognised line "${line.trim()}"`)
  const [, time, team1 = '', team2 = '', result] = m
  // Names never hold a run of spaces; one left in means a result that did not parse.
  if (/\s{2}/.test(team1) || /\s{2}/.test(team2)) fail(`cannot tell teams from result in "${line.trim()}"`)
  if (pos.round === undefined) fail('match before any "▪ round" line')
  if (pos.date === undefined) fail('match before any date line')
  if (time !== undefined) pos.time = checkTime(time.padStart(5, '0'))
  const { score, note } = readResult(result ?? '')
  return {
    ...ctx,
    round: pos.round,
    group: groupOfRound(pos.round),
    date: pos.date,
    time: pos.time,
    team1,
    team2,
    score,
    status: matchStatus(score, note),
    goals: [],
  }
}

/**
 * '1-0 (0-0)' is full time (half time); the half time is left out after 0-0.
 * With extra time or penalties the brackets hold (full time[, half time]):
 * '2-1 a.e.t. (1-1, 0-0)', '6-5 pen. (1-0, 0-0)', '4-3 pen. (0-0)', '5-3 pen. 1-1 a.e.t. (1-1, 0-0)'.
 * A trailing note sets the status: '2-0 [awarded]', '[postponed]'. Nothing means not played yet.
 */
function readResult(text: string): { score: Score; note?: string } {
  const noted = /^(.*?)\s*\[([a-z]+)\]$/.exec(text)
  const result = noted ? (noted[1] ?? '') : text
  const note = noted?.[2]
  const score: Score = {}
  const set = (part: keyof Score, a?: string, b?: string): void => {
    if (a !== undefined && b !== undefined) score[part] = [Number(a), Number(b)]
  }
  const plain = PLAIN_RESULT.exec(result)
  const extra = EXTRA_RESULT.exec(result)
  if (plain) {
    set('ft', plain[1], plain[2])
    set('ht', plain[3], plain[4])
  } else if (extra && (extra[1] ?? extra[3]) !== undefined) {
    set('ft', extra[5], extra[6])
    set('ht', extra[7], extra[8])
    set('et', extra[3], extra[4])
    set('p', extra[1], extra[2])
  } else if (result !== '') {
    fail(`unreadable result "${text}"`)
  }
  return { score, note }
}
