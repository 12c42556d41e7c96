// The live desk's reads (docs/desk-api.md, match calls): the matches an editor would run,
// and one match as its console opens it. The changes themselves go through the live API
// (src/api/matches.ts), which readers' pages hear from.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { listDeskMatches, loadDeskMatch } from '../../db/desk-matches.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { roleRequired } from '../guards.ts'
import { MatchNotFound, matchParams } from '../live/match-route.ts'

export const deskMatches = new Hono<AppEnv>()

const listQuery = urlInput('query', v.object({ q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), '') }), () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

deskMatches.get('/', roleRequired('editor'), listQuery, async (c) => ok(c, msg`OK`, await listDeskMatches(c.var.db.sql, c.req.valid('query').q)))

deskMatches.get('/:id', matchParams, roleRequired('editor'), async (c) => {
  const match = await loadDeskMatch(c.var.db.sql, c.req.valid('param').id)
  if (!match) throw new ApiError(404, MatchNotFound)
  return ok(c, msg`OK`, match)
})
