// Football made by hand (docs/desk-api.md, "Fixtures and results"): a fixture at a time, a
// federation's list in bulk, a match's fate or result when it was not run live, and a match
// deleted while nothing points at it. A status or a score goes through the live desk's write
// (src/db/live.ts), so rooms, alerts, stored tables and the edge's scopes learn of it as they
// do of a live change. Editors only: the schedule is an editor's call.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { Hono } from 'hono'
import * as v from 'valibot'
import { lineCount, parseCsv } from '../../../lib/csv.ts'
import { alertOfStep, enqueueAfterAnswer } from '../../alerts/events.ts'
import { createFixture, deleteFixture, type FixturesAnswer, type MatchReference, readFixture, readSeasonFixtures, writeFixtures } from '../../db/desk-fixtures.ts'
import { deskReader } from '../../desk/desk-calls.ts'
import { recordResults, updateMatchState } from '../../db/live.ts'
import type { LineRefusal } from '../../football/fixture-plan.ts'
import { ApiError, created, invalidField, ok } from '../../http/envelope.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { choice, type IssueKey, requiredText, wholeNumber } from '../../validation/fields.ts'
import { isStorableText } from '../../validation/storable-text.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'
import { broadcast, MatchNotFound, matchParams } from '../live/match-route.ts'

export const deskFixtures = new Hono<AppEnv>()

/** Lines one list may hold (decision 150): a season of 20 clubs is 380, a whole pyramid's round fewer. */
export const FIXTURE_LINES_MAX = 2000
/** 2,000 lines of a long row each, with room to spare; more is refused unread. */
const CSV_BYTES_MAX = 512 * 1024

const NoSeason = msg`There is no season with this id.`
const TooManyLines = msg`A list may hold at most ${FIXTURE_LINES_MAX} lines. Please send it in parts.`

const RowNumber = wholeNumber(1, Number.MAX_SAFE_INTEGER)
const OptionalText = (max: number) => v.optional(v.nullable(requiredText(max)), null)

// RFC 3339 §5.6: a date, a time and its offset from UTC. Without the offset the instant is a
// guess, so it is refused rather than read in some zone.
const OFFSET_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/

/** An RFC 3339 date-time whose day is on the calendar (no 30 February). */
function isOffsetDateTime(text: string): boolean {
  const found = OFFSET_DATE_TIME.exec(text)
  if (!found) return false
  const [year, month, day] = found.slice(1, 4).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A kick-off with its offset or Z (`2026-12-12T20:00+02:00`), stored as the instant it names. */
const Kickoff = v.pipe(
  v.string('instant' satisfies IssueKey),
  v.check(isOffsetDateTime, 'instant' satisfies IssueKey),
  v.transform((text) => new Date(text).toISOString()),
)

const Score = v.tuple([wholeNumber(0, 99), wholeNumber(0, 99)], 'invalid' satisfies IssueKey)
const Reason = v.object({ ar: requiredText(300), en: requiredText(300) })

const CreateBody = v.object({
  season_id: RowNumber,
  home_club_id: RowNumber,
  away_club_id: RowNumber,
  kickoff: Kickoff,
  time_known: v.optional(v.boolean('invalid' satisfies IssueKey), true),
  round: OptionalText(100),
  stage: OptionalText(100),
  group: OptionalText(100),
  venue: OptionalText(200),
})

/** The statuses the desk sets by hand; `scheduled` puts a postponed match back on. */
const FATES = ['scheduled', 'postponed', 'cancelled', 'abandoned', 'awarded', 'finished'] as const
/** Statuses a reader is told the reason for. */
const REASONED: readonly string[] = ['postponed', 'cancelled', 'abandoned', 'awarded']
/** Statuses with a score: required for a result or an award, kept if known for an abandoned match. */
const SCORED: readonly string[] = ['awarded', 'finished', 'abandoned']

const PatchBody = v.object({
  kickoff: v.optional(Kickoff),
  time_known: v.optional(v.boolean('invalid' satisfies IssueKey)),
  status: v.optional(choice(FATES)),
  reason: v.optional(Reason),
  score: v.optional(v.object({ ft: Score, ht: v.optional(Score) })),
})

const seasonParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, NoSeason)
})

const fixturesQuery = urlInput('query', v.object({ dry_run: v.optional(v.picklist(['0', '1'])) }), () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

const csvLimit = bodyLimit({
  maxSize: CSV_BYTES_MAX,
  onError: () => {
    throw new ApiError(413, TooManyLines)
  },
})

deskFixtures.post('/matches', jsonLimit, roleRequired('editor'), jsonBody(CreateBody), async (c) => {
  const body = c.req.valid('json')
  if (body.home_club_id === body.away_club_id) throw invalidField(c, 'away_club_id', msg`A club cannot play itself.`)
  const result = await createFixture(
    c.var.db.sql,
    {
      seasonId: body.season_id,
      homeClubId: body.home_club_id,
      awayClubId: body.away_club_id,
      kickoff: body.kickoff,
      timeKnown: body.time_known,
      round: body.round,
      stage: body.stage,
      group: body.group,
      venue: body.venue,
    },
    caller(c).id,
  )
  if ('noSuch' in result) throw invalidField(c, result.noSuch, result.noSuch === 'season_id' ? NoSeason : msg`There is no club with this id.`)
  return created(c, msg`The match was added.`, result.match)
})

/** Why a line was refused, in the request's language. */
function refusalText(refusal: LineRefusal): MessageDescriptor {
  switch (refusal.kind) {
    case 'columns':
      return msg`A line has date, time, home and away, and may add round and venue: four to six columns.`
    case 'date':
      return msg`The date is not a real day: please write it as 2026-12-12 or 12/12/2026.`
    case 'time':
      return msg`The time is not a time: please write it as 20:00, or leave it blank while it is not known.`
    case 'required':
      return refusal.field === 'home' ? msg`The home club is missing.` : msg`The away club is missing.`
    case 'tooLong': {
      const { field, max } = refusal
      return msg`The ${field} column is longer than ${max} characters.`
    }
    case 'unusual':
      return msg`This line holds a character that cannot be saved.`
    case 'unknownClub': {
      const { name } = refusal
      return msg`No club goes by “${name}”.`
    }
    case 'ambiguousClub': {
      const { name } = refusal
      return msg`Several clubs go by “${name}”: please use another of their names.`
    }
    case 'sameClub':
      return msg`A club cannot play itself.`
    case 'repeated': {
      const line = refusal.of
      return msg`This fixture is already on line ${line}.`
    }
  }
}

/** What the bulk call answers as `data`, also with its 422. */
export type FixturesData = ReturnType<typeof fixturesData>

/** The answer's body: how many new matches the list makes, how many were made, each line's match and each refusal. */
function fixturesData(c: Context<AppEnv>, answer: FixturesAnswer) {
  return {
    planned: answer.planned,
    created: answer.created,
    matches: answer.matches,
    refused: answer.refused.map(({ line, refusal }) => ({
      line,
      message: c.var.i18n._(refusalText(refusal)),
      candidates: 'candidates' in refusal ? refusal.candidates : [],
    })),
  }
}

const seasonFixturesRead = deskFixtures.get('/seasons/:id/fixtures', seasonParams, roleRequired('editor'), async (c) => {
  const season = await readSeasonFixtures(c.var.db.sql, c.req.valid('param').id)
  if (!season) throw new ApiError(404, NoSeason)
  return ok(c, msg`OK`, season)
})

/** Season `id`, its competition's zone and its matches, as GET /desk/seasons/{id}/fixtures answers them. */
export const readDeskSeasonFixtures = deskReader(seasonFixturesRead, (id: number) => `seasons/${id}/fixtures`)

deskFixtures.post('/seasons/:id/fixtures', csvLimit, seasonParams, roleRequired('editor'), fixturesQuery, async (c) => {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'text/csv' && type !== 'text/plain') throw new ApiError(415, msg`Please send the list as CSV text (text/csv).`)
  const text = await c.req.text()
  if (!isStorableText(text)) throw invalidField(c, 'body', msg`The list holds a character that cannot be saved. Please remove it.`)
  // Counted before parsing: an oversized list costs no more than a look at its line breaks.
  if (lineCount(text) > FIXTURE_LINES_MAX + 1) throw new ApiError(413, TooManyLines)
  const records = parseCsv(text)
  if (records.length === 0) throw invalidField(c, 'body', msg`The list is empty.`)
  const dryRun = c.req.valid('query').dry_run === '1'
  const answer = await writeFixtures(c.var.db.sql, c.req.valid('param').id, records, !dryRun, caller(c).id)
  if (!answer) throw new ApiError(404, NoSeason)
  const data = fixturesData(c, answer)
  if (!dryRun && data.refused.length > 0) {
    // All or nothing: the refusals come back with the 422, so the editor can mend the list.
    const message = c.var.i18n._(msg`Nothing was saved: some lines need correcting.`)
    return c.json({ status: 422, message, errors: { body: message }, data }, 422)
  }
  if (dryRun) return ok(c, msg`Nothing was saved: this is what the list would do.`, data)
  return data.created > 0 ? created(c, msg`The fixtures were added.`, data) : ok(c, msg`The season has every fixture of this list already.`, data)
})

deskFixtures.patch('/matches/:id', jsonLimit, matchParams, roleRequired('editor'), jsonBody(PatchBody), async (c) => {
  const { id } = c.req.valid('param')
  const body = c.req.valid('json')
  const { status, reason, score } = body
  if (Object.values(body).every((value) => value === undefined)) {
    throw invalidField(c, 'body', msg`Please send at least one of kickoff, time_known, status, reason or score.`)
  }
  if (status !== undefined && REASONED.includes(status) && !reason) throw invalidField(c, 'reason', msg`Please say why, in Arabic and in English.`)
  if (reason && (status === undefined || !REASONED.includes(status))) {
    throw invalidField(c, 'reason', msg`A reason goes with a postponed, cancelled, abandoned or awarded match.`)
  }
  if ((status === 'awarded' || status === 'finished') && !score) throw invalidField(c, 'score', msg`Please enter the score.`)
  if (score && (status === undefined || !SCORED.includes(status))) {
    throw invalidField(c, 'score', msg`A score goes with a finished, awarded or abandoned match.`)
  }
  // A result replaces the score whole; a match back on the schedule, or awarded, has no half-time.
  const scores = status === 'scheduled' ? { ft: null, ht: null } : score ? { ft: score.ft, ht: score.ht ?? null } : {}
  const state = await updateMatchState(c.var.db.sql, id, { ...(status && { status }), ...scores }, caller(c).id, {
    kickoff: body.kickoff,
    timeKnown: body.time_known,
    reason: status === undefined ? undefined : (reason ?? null),
  })
  if (!state) throw new ApiError(404, MatchNotFound)
  await broadcast(c, id, { type: 'change', state })
  if (status === 'finished') enqueueAfterAnswer(c, alertOfStep(id, state, 'full_time'))
  return ok(c, msg`The match was updated.`, await readFixture(c.var.db.sql, id))
})

/** A round's results, one form's worth: a round of the largest league is 10 matches, a cup's first round 64. */
const ResultsBody = v.object({
  results: v.pipe(
    v.array(v.object({ match_id: RowNumber, ft: Score, ht: v.optional(Score) }), 'list' satisfies IssueKey),
    v.minLength(1, 'required' satisfies IssueKey),
    v.maxLength(100, 'tooMany:100' satisfies IssueKey),
  ),
})

deskFixtures.post('/seasons/:id/results', jsonLimit, seasonParams, roleRequired('editor'), jsonBody(ResultsBody), async (c) => {
  const { id } = c.req.valid('param')
  const ids = c.req.valid('json').results.map((result) => result.match_id)
  const twice = ids.findIndex((matchId, index) => ids.indexOf(matchId) !== index)
  if (twice >= 0) throw invalidField(c, `results.${twice}.match_id`, msg`This match is in the list twice.`)
  const results = c.req.valid('json').results.map((result) => ({ matchId: result.match_id, ft: result.ft, ht: result.ht ?? null }))
  const answer = await recordResults(c.var.db.sql, id, results, caller(c).id)
  if ('notInSeason' in answer) throw invalidField(c, `results.${ids.indexOf(answer.notInSeason[0]!)}.match_id`, msg`This match is not in this season.`)
  for (const { matchId, state } of answer.states) {
    await broadcast(c, matchId, { type: 'change', state })
    enqueueAfterAnswer(c, alertOfStep(matchId, state, 'full_time'))
  }
  return ok(
    c,
    msg`The results were saved.`,
    answer.states.map(({ matchId, state }) => ({ id: matchId, ...state })),
  )
})

const REFERENCES: Record<MatchReference, MessageDescriptor> = {
  events: msg`its events`,
  commentary: msg`its live text`,
  broadcasts: msg`its channels`,
  posts: msg`posts about it`,
  follows: msg`readers who follow it`,
}

deskFixtures.delete('/matches/:id', matchParams, roleRequired('editor'), async (c) => {
  const result = await deleteFixture(c.var.db.sql, c.req.valid('param').id, caller(c).id)
  if (result === 'missing') throw new ApiError(404, MatchNotFound)
  if (result === 'imported') throw new ApiError(409, msg`This match came from a data source, whose next import would bring it back. Mark it cancelled instead.`)
  if (result !== 'deleted') {
    const what = result.pointedAt.map((ref) => c.var.i18n._(REFERENCES[ref])).join(c.var.i18n.locale === 'ar' ? '، ' : ', ')
    throw new ApiError(409, msg`This match cannot be deleted while ${what} point at it. Mark it cancelled instead.`)
  }
  return c.body(null, 204)
})
