// The live desk's reads (docs/desk-api.md, match calls): the matches an editor would run,
// and one match as its console opens it. The changes themselves go through the live API
// (src/api/matches.ts), which readers' pages hear from.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { listDeskMatches, loadDeskMatch } from '../../db/desk-matches.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { roleRequired } from '../guards.ts'
import { MatchNotFound, matchParams } from '../live/match-route.ts'

export const deskMatches = new Hono<AppEnv>()

/** `q`: a club's name; `needs=result`: only the matches still scheduled three hours past kick-off. */
const ListQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  needs: v.optional(v.picklist(['result'])),
})

const listQuery = urlInput('query', ListQuery, () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

const matchesRead = deskMatches.get('/', roleRequired('editor'), listQuery, async (c) => {
  const { q, needs } = c.req.valid('query')
  return ok(c, msg`OK`, await listDeskMatches(c.var.db.sql, q, needs === 'result'))
})

/** The matches to run (live, the next seven days, the last seven) and those that need a result, as GET /desk/matches answers them. */
export const readDeskMatches = deskReader(matchesRead, (query: QueryOf<typeof ListQuery>) => withQuery('matches', query))

const matchRead = deskMatches.get('/:id', matchParams, roleRequired('editor'), async (c) => {
  const match = await loadDeskMatch(c.var.db.sql, c.req.valid('param').id)
  if (!match) throw new ApiError(404, MatchNotFound)
  return ok(c, msg`OK`, match)
})

/** Match `id` as its console opens it, as GET /desk/matches/{id} answers it. */
export const readDeskMatch = deskReader(matchRead, (id: number) => `matches/${id}`)
