// Editors' corrections to the football data (docs/desk-api.md): a club's and a player's
// names and aliases, a player's position and shirt number, and points deductions with
// their reason and source. Contributors are refused: what the tables say is an editor's call.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as v from 'valibot'
import { addDeduction, correctClub, correctPlayer, type CorrectionResult } from '../../db/desk-football.ts'
import { ApiError, created, invalidField, ok } from '../../http/envelope.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { choice, type IssueKey, requiredText, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskFootball = new Hono<AppEnv>()

const NotFound = msg`This club or player does not exist.`

const rowParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, NotFound)
})

const Names = v.object({ ar: v.optional(requiredText(100)), en: v.optional(requiredText(100)) })
const Aliases = v.pipe(v.array(requiredText(100), 'invalid' satisfies IssueKey), v.maxLength(30, 'tooLong:30' satisfies IssueKey))

const ClubBody = v.object({ name: v.optional(Names), short_name: v.optional(Names), aliases: v.optional(Aliases) })

const PlayerBody = v.object({
  name: v.optional(Names),
  aliases: v.optional(Aliases),
  position: v.optional(v.nullable(choice(['GK', 'DF', 'MF', 'FW'] as const))),
  shirt_number: v.optional(v.nullable(wholeNumber(0, 99))),
})

const DeductionBody = v.object({
  season_id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  club_id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  points: wholeNumber(1, 100),
  reason: v.object({ ar: requiredText(300), en: requiredText(300) }),
  // Every deduction cites where it was decided (football facts cite their source).
  source_url: v.pipe(requiredText(500), v.url('invalid' satisfies IssueKey), v.startsWith('https://', 'invalid' satisfies IssueKey)),
  decided_on: v.optional(v.nullable(v.pipe(v.string('invalid' satisfies IssueKey), v.isoDate('invalid' satisfies IssueKey))), null),
})

function nothingSent(c: Context<AppEnv>, body: Record<string, unknown>, fields: string): void {
  if (Object.values(body).every((value) => value === undefined)) throw invalidField(c, 'body', msg`Please send at least one of ${fields}.`)
}

function corrected<T>(c: Context<AppEnv>, result: CorrectionResult<T>) {
  if ('missing' in result) throw new ApiError(404, NotFound)
  if ('aliasTaken' in result) throw invalidField(c, 'aliases', msg`Another club already goes by one of these names.`)
  return ok(c, msg`The correction was saved.`, result.row)
}

deskFootball.patch('/clubs/:id', jsonLimit, rowParams, roleRequired('editor'), jsonBody(ClubBody), async (c) => {
  const body = c.req.valid('json')
  nothingSent(c, body, 'name, short_name or aliases')
  const change = { name: body.name, shortName: body.short_name, aliases: body.aliases }
  return corrected(c, await correctClub(c.var.db.sql, c.req.valid('param').id, change, caller(c).id))
})

deskFootball.patch('/players/:id', jsonLimit, rowParams, roleRequired('editor'), jsonBody(PlayerBody), async (c) => {
  const body = c.req.valid('json')
  nothingSent(c, body, 'name, aliases, position or shirt_number')
  const change = { name: body.name, aliases: body.aliases, position: body.position, shirtNumber: body.shirt_number }
  return corrected(c, await correctPlayer(c.var.db.sql, c.req.valid('param').id, change, caller(c).id))
})

deskFootball.post('/deductions', jsonLimit, roleRequired('editor'), jsonBody(DeductionBody), async (c) => {
  const body = c.req.valid('json')
  const result = await addDeduction(
    c.var.db.sql,
    { seasonId: body.season_id, clubId: body.club_id, points: body.points, reason: body.reason, sourceUrl: body.source_url, decidedOn: body.decided_on },
    caller(c).id,
  )
  if ('noSuch' in result) {
    throw invalidField(c, result.noSuch, result.noSuch === 'season_id' ? msg`There is no season with this id.` : msg`This club has no match in that season.`)
  }
  return created(c, msg`The deduction was recorded.`, result)
})
