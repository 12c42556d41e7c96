// Merging a club into another (decision 086): what it would move, and the merge itself.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { mergeClubs, type MergeRefusal, type MergeSummary, previewMerge } from '../../db/club-merge.ts'
import { deskAnswerReader } from '../../desk/desk-calls.ts'
import { ApiError, invalidField, ok } from '../../http/envelope.ts'
import { IdParams, RowId, urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskClubMerge = new Hono<AppEnv>()

const NoClub = msg`This club does not exist.`

const clubParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, NoClub)
})
const intoQuery = urlInput('query', v.object({ into: RowId }), () => {
  throw new ApiError(422, msg`Please choose the club to merge into.`)
})

/** The summary, or the refusal as the API words it: 404 for the merged club, 422 for `into`, 409 otherwise. */
function answer(c: Context<AppEnv>, result: MergeSummary | MergeRefusal, done: Parameters<typeof ok>[1]) {
  if ('same' in result) throw new ApiError(409, msg`A club cannot be merged into itself.`)
  if ('playedEachOther' in result) throw new ApiError(409, msg`These clubs have played each other, so they are two clubs.`)
  if ('missing' in result) {
    if (result.missing === 'id') throw new ApiError(404, NoClub)
    throw invalidField(c, 'into', msg`There is no club with this id.`)
  }
  return ok(c, done, result)
}

const mergeRead = deskClubMerge.get('/clubs/:id/merge', clubParams, roleRequired('editor'), intoQuery, async (c) =>
  answer(c, await previewMerge(c.var.db.sql, c.req.valid('param').id, c.req.valid('query').into), msg`OK`),
)

/**
 * What merging club `id` into `into` would move, as GET /desk/clubs/{id}/merge answers it:
 * the answer itself, as its refusals are shown on the club's page.
 */
export const previewDeskMerge = deskAnswerReader(mergeRead, (id: number, into: number) => withQuery(`clubs/${id}/merge`, { into }))

deskClubMerge.post(
  '/clubs/:id/merge',
  jsonLimit,
  clubParams,
  roleRequired('editor'),
  jsonBody(v.object({ into: wholeNumber(1, Number.MAX_SAFE_INTEGER) })),
  async (c) => {
    const result = await mergeClubs(c.var.db.sql, c.req.valid('param').id, c.req.valid('json').into, caller(c).id)
    return answer(c, result, msg`The clubs were merged.`)
  },
)
