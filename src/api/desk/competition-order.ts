// The order of the big competitions on the matches page (issue 26, section 3; docs/desk-api.md,
// decision 124): after the reader's followed competitions, the day's groups follow it. Editors
// only, as all football data (decision 080).
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { readCompetitionOrder, replaceCompetitionOrder } from '../../db/competition-order.ts'
import { invalidField, ok } from '../../http/envelope.ts'
import type { AppEnv } from '../../types.ts'
import type { IssueKey } from '../../validation/fields.ts'
import { deskReader } from '../../desk/desk-calls.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

/** As many as competition_order's positions allow; the site carries fewer competitions. */
export const MAX_BIG = 50

/** A competition's id as competitions' check has it (`eg.1`, `cafcl`). */
export const CompetitionId = v.pipe(v.string('notText' satisfies IssueKey), v.regex(/^[a-z0-9.]{2,32}$/, 'invalid' satisfies IssueKey))

const OrderBody = v.pipe(v.array(CompetitionId, 'list' satisfies IssueKey), v.maxLength(MAX_BIG, `tooMany:${MAX_BIG}` satisfies IssueKey))

export const deskCompetitionOrder = new Hono<AppEnv>()

const orderRead = deskCompetitionOrder.get('/competitions/order', roleRequired('editor'), async (c) => ok(c, msg`OK`, await readCompetitionOrder(c.var.db.sql)))

/** Every competition, the big ones first in the desk's order, as GET /desk/competitions/order answers them. */
export const readDeskCompetitionOrder = deskReader(orderRead, () => 'competitions/order')

deskCompetitionOrder.put('/competitions/order', jsonLimit, roleRequired('editor'), jsonBody(OrderBody, { list: true }), async (c) => {
  const ids = c.req.valid('json')
  const repeated = ids.findIndex((id, index) => ids.indexOf(id) < index)
  if (repeated >= 0) throw invalidField(c, String(repeated), msg`This competition is already in the list.`)
  const result = await replaceCompetitionOrder(c.var.db.sql, ids, caller(c).id)
  if ('unknown' in result) throw invalidField(c, String(result.unknown), msg`There is no competition with this id.`)
  return ok(c, msg`The order of the competitions was saved.`, result.competitions)
})
