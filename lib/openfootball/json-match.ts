// The match shape football.json and worldcup.json share: `{ name, matches: [...] }`.
// worldcup.json adds group, ground, num and goals1/goals2, and has its own quirks
// (zoned times, string minutes, bare-array scores); one reader handles both.
import { addCompetition } from './competition.ts'
import { attempt, fail } from './errors.ts'
import { asObject, int, list, optFlag, optInt, optList, optText, text, type JsonObject } from './json-input.ts'
import { checkIsoDate, checkTime, groupOfRound, matchStatus } from './match-fields.ts'
import type { Goal, MatchRecord, ParseError, Parsed, Score, ScorePair, SourceRef } from './model.ts'

export interface JsonFileContext {
  file: string
  competitionKey: string
  season: string
}

export function readMatchFile(doc: JsonObject, ctx: JsonFileContext, out: Parsed): void {
  const at = { file: ctx.file }
  const title = attempt(out.errors, at, () => text(doc, 'name'))
  const matches = attempt(out.errors, at, () => list(doc, 'matches'))
  if (title === undefined || matches === undefined) return
  addCompetition(out, at, ctx.competitionKey, ctx.season, title)
  matches.forEach((raw, i) => {
    const source = { file: ctx.file, pointer: `/matches/${i}` }
    const match = attempt(out.errors, source, () => readMatch(asObject(raw, 'match'), ctx, source, out.errors))
    if (match) out.matches.push(match)
  })
}

function readMatch(m: JsonObject, ctx: JsonFileContext, source: SourceRef, errors: ParseError[]): MatchRecord {
  const round = text(m, 'round')
  const score = readScore(m.score)
  const time = optText(m, 'time')
  // `time_local` (quali_playoffs) restates the same instant in the venue's zone: not needed.
  return {
    competitionKey: ctx.competitionKey,
    season: ctx.season,
    round,
    group: optText(m, 'group') ?? groupOfRound(round),
    date: checkIsoDate(text(m, 'date')),
    ...(time === undefined ? {} : readKickoff(time)),
    team1: text(m, 'team1'),
    team2: text(m, 'team2'),
    ground: optText(m, 'ground'),
    num: optInt(m, 'num'),
    score,
    status: matchStatus(score, optText(m, 'status')),
    goals: [...readGoals(m, 1, source, errors), ...readGoals(m, 2, source, errors)],
    source,
  }
}

/** '13:00' (football.json, 2022), '13:00 UTC-6' (2026), '20:45 CET' / '20:45 CEST' (quali_playoffs). */
function readKickoff(raw: string): { time: string; utcOffset?: number } {
  const [clock = '', zone, ...rest] = raw.trim().split(/\s+/)
  if (rest.length > 0) fail(`time "${raw}" has more than a clock and a zone`)
  return { time: checkTime(clock), utcOffset: zone === undefined ? undefined : zoneOffset(zone) }
}

const NAMED_ZONES: { [zone: string]: number } = { CET: 60, CEST: 120 }

/** Minutes east of UTC: 'UTC-6' → -360, 'CEST' → 120. */
function zoneOffset(zone: string): number {
  const named = NAMED_ZONES[zone]
  if (named !== undefined) return named
  const m = /^UTC([+-])(\d{1,2})$/.exec(zone) ?? fail(`unknown time zone "${zone}"`)
  const minutes = Number(m[2]) * 60
  return m[1] === '-' ? -minutes : minutes
}

const SCORE_PARTS = ['ft', 'ht', 'et', 'p'] as const

function readScore(v: unknown): Score {
  if (v === undefined) fail('"score" is missing')
  // quali_playoffs writes 11 of its 16 scores as a bare full-time array `[2, 0]`.
  if (Array.isArray(v)) return { ft: readPair(v, 'score') }
  const o = asObject(v, '"score"')
  const unknown = Object.keys(o).find((part) => !(SCORE_PARTS as readonly string[]).includes(part))
  if (unknown !== undefined) fail(`unknown score part "${unknown}"`)
  const score: Score = {}
  for (const part of SCORE_PARTS) if (o[part] !== undefined) score[part] = readPair(o[part], `score.${part}`)
  return score
}

function readPair(v: unknown, what: string): ScorePair {
  const ok = Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n) && n >= 0)
  return ok ? [v[0] as number, v[1] as number] : fail(`${what} must be [n, n], got ${JSON.stringify(v)}`)
}

/** A malformed goal is reported on its own and skipped; the match result still stands. */
function readGoals(m: JsonObject, side: 1 | 2, source: SourceRef, errors: ParseError[]): Goal[] {
  return (optList(m, `goals${side}`) ?? []).flatMap((raw, i) => {
    const goal = attempt(errors, { ...source, pointer: `${source.pointer}/goals${side}/${i}` }, () => {
      const g = asObject(raw, 'goal')
      const { minute, offset } = readMinute(g)
      return { side, name: text(g, 'name'), minute, offset, penalty: optFlag(g, 'penalty'), ownGoal: optFlag(g, 'owngoal') }
    })
    return goal ? [goal] : []
  })
}

/** 2022 writes `minute: 90, offset: 3`; 2026 writes strings: `"106"`, `"90+3"`. */
function readMinute(g: JsonObject): { minute: number; offset?: number } {
  const offset = optInt(g, 'offset')
  if (typeof g.minute !== 'string') return { minute: int(g, 'minute'), offset }
  const m = /^(\d{1,3})(?:\+(\d{1,2}))?$/.exec(g.minute) ?? fail(`"minute" "${g.minute}" is not like "67" or "90+3"`)
  if (m[2] !== undefined && offset !== undefined) fail('stoppage time is given both in "minute" and in "offset"')
  return { minute: Number(m[1]), offset: m[2] === undefined ? offset : Number(m[2]) }
}
