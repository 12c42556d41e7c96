// The data status (issue 16): each sync source's runs and next run, and the queue of teams no
// alias reaches, with an editor's two ways out of it: map the team to a club, or create one.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { createForUnmatched, type DataStatus, mapUnmatched, recentRuns, unmatchedTeams } from '../../db/data-sync.ts'
import { deskReader } from '../../desk/desk-calls.ts'
import { ApiError, invalidField, ok } from '../../http/envelope.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import { broadcastToMatch } from '../../live/broadcast.ts'
import type { Broadcast } from '../../sync/fixture-writer.ts'
import { configured, nextRunAt, SYNC_SOURCES, syncConfigOf } from '../../sync/run.ts'
import type { AppEnv } from '../../types.ts'
import { requiredText, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskDataSync = new Hono<AppEnv>()

/** Runs each source keeps on the page: the last one in full, the rest as a history. */
const RUNS_SHOWN = 10

const NoTeam = msg`This team is no longer waiting: it may have been mapped already.`

const teamParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, NoTeam)
})

const dataRead = deskDataSync.get('/', roleRequired('editor'), async (c) => {
  const { config, problems } = syncConfigOf(c.env)
  const on = configured(config)
  const [runs, queue] = await Promise.all([recentRuns(c.var.db.sql, RUNS_SHOWN), unmatchedTeams(c.var.db.sql)])
  const now = new Date()
  const sources = SYNC_SOURCES.map((source) => {
    const last = runs.find((run) => run.source === source) ?? null
    return {
      source,
      configured: on.includes(source),
      lastRun: last,
      nextRun: on.includes(source) ? nextRunAt(source, last ? new Date(last.startedAt) : null, now).toISOString() : null,
    }
  })
  return ok(c, msg`OK`, { sources, runs, queue, settingsProblems: problems } satisfies DataStatus)
})

/** The syncs' runs and the queue of unknown teams, as GET /desk/data answers them. */
export const readDeskData = deskReader(dataRead, () => 'data')

const broadcastOf = (env: Env): Broadcast => (id, state) => broadcastToMatch(env, id, { type: 'change', state })

deskDataSync.post('/unmatched/:id/map', jsonLimit, teamParams, roleRequired('editor'), jsonBody(v.object({ club_id: wholeNumber(1, 999_999_999_999) })), async (c) => {
  const settled = await mapUnmatched(c.var.db.sql, c.req.valid('param').id, c.req.valid('json').club_id, caller(c).id, broadcastOf(c.env))
  if ('missing' in settled) throw settled.missing === 'club' ? invalidField(c, 'club_id', msg`There is no club with this id.`) : new ApiError(404, NoTeam)
  return ok(c, msg`The team was mapped to the club, and its fixtures were imported.`, settled)
})

const NewClub = v.object({ name: v.object({ en: requiredText(100), ar: v.optional(requiredText(100)) }) })

deskDataSync.post('/unmatched/:id/create', jsonLimit, teamParams, roleRequired('editor'), jsonBody(NewClub), async (c) => {
  const settled = await createForUnmatched(c.var.db.sql, c.req.valid('param').id, c.req.valid('json').name, caller(c).id, broadcastOf(c.env))
  if ('missing' in settled) throw new ApiError(404, NoTeam)
  return ok(c, msg`The club was created, and the team's fixtures were imported.`, settled)
})
