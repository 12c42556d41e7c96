// The conflicts imports met on corrected fields (decision 087): the open ones, and settling one.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { openConflicts, resolveConflict } from '../../db/import-conflicts.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { choice, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskConflicts = new Hono<AppEnv>()

const NoConflict = msg`This conflict does not exist or is already settled.`

const conflictParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, NoConflict)
})
const ListQuery = v.object({ limit: v.optional(v.pipe(v.string(), v.transform(Number), wholeNumber(1, 200)), '100') })
const listQuery = urlInput('query', ListQuery, () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

const conflictsRead = deskConflicts.get('/', roleRequired('editor'), listQuery, async (c) => ok(c, msg`OK`, await openConflicts(c.var.db.sql, Number(c.req.valid('query').limit))))

/** The open conflicts, as GET /desk/conflicts answers them. */
export const readDeskConflicts = deskReader(conflictsRead, (query: QueryOf<typeof ListQuery>) => withQuery('conflicts', query))

deskConflicts.post('/:id/resolve', jsonLimit, conflictParams, roleRequired('editor'), jsonBody(v.object({ keep: choice(['ours', 'theirs'] as const) })), async (c) => {
  const result = await resolveConflict(c.var.db.sql, c.req.valid('param').id, c.req.valid('json').keep, caller(c).id)
  if ('missing' in result) throw new ApiError(404, NoConflict)
  return ok(c, msg`The conflict was settled.`, result.row)
})
