// The team sheets: one side's starting eleven, bench, formation and coach, replaced whole by
// each save, as the desk's form holds them. Same rules as the events API.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { alertOfLineups, enqueueAfterAnswer } from '../../alerts/events.ts'
import { saveLineup } from '../../db/live.ts'
import { ApiError, invalidField, ok } from '../../http/envelope.ts'
import { RowId, urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { choice, requiredText, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'
import { broadcast, isMissingPlayer, MatchNotFound } from './match-route.ts'

export const lineups = new Hono<AppEnv>()

const SideParams = urlInput('param', v.object({ id: RowId, side: v.picklist(['home', 'away']) }), () => {
  throw new ApiError(404, MatchNotFound)
})

const LineupEntry = v.object({
  player_id: v.optional(v.nullable(wholeNumber(1, Number.MAX_SAFE_INTEGER)), null),
  name: requiredText(100),
  shirt_number: v.optional(v.nullable(wholeNumber(1, 99)), null),
  position: v.optional(v.nullable(choice(['GK', 'DF', 'MF', 'FW'] as const)), null),
})

/** Up to eleven starters (fewer while the sheet is being filled) and a bench of up to 15, as the larger competitions allow. */
const LineupBody = v.object({
  formation: v.optional(v.nullable(v.pipe(v.string('notText'), v.trim(), v.regex(/^[1-6](-[1-6]){1,4}$/, 'invalid'))), null),
  coach: v.optional(v.nullable(requiredText(100)), null),
  starters: v.pipe(v.array(LineupEntry, 'invalid'), v.maxLength(11, 'tooLong:11')),
  bench: v.optional(v.pipe(v.array(LineupEntry, 'invalid'), v.maxLength(15, 'tooLong:15')), []),
})

const entry = (p: v.InferOutput<typeof LineupEntry>) => ({ playerId: p.player_id, name: p.name, shirtNumber: p.shirt_number, position: p.position })

lineups.put('/:id/lineups/:side', jsonLimit, SideParams, roleRequired('editor'), jsonBody(LineupBody), async (c) => {
  const { id, side } = c.req.valid('param')
  const body = c.req.valid('json')
  const players = [...body.starters, ...body.bench]
  const ids = players.flatMap((p) => (p.player_id === null ? [] : [p.player_id]))
  if (new Set(ids).size < ids.length) throw invalidField(c, 'starters', msg`A player is listed twice.`)
  const input = { formation: body.formation, coach: body.coach, starters: body.starters.map(entry), bench: body.bench.map(entry) }
  const result = await saveLineup(c.var.db.sql, id, side === 'home' ? 1 : 2, input, caller(c).id).catch((error: unknown) => {
    if (isMissingPlayer(error)) throw invalidField(c, 'starters', msg`There is no player with this id.`)
    throw error
  })
  if (result.kind === 'missing') throw new ApiError(404, MatchNotFound)
  await broadcast(c, id, { type: 'change', state: result.state, lineups: result.lineups })
  enqueueAfterAnswer(c, alertOfLineups(id, result.state, result.lineups))
  return ok(c, msg`The team sheet was saved.`, result.lineups)
})
