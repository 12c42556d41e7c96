// The data status (issue 16): each sync source's runs and next run, and the queue of teams no
// alias reaches, with an editor's two ways out of it: map the team to a club, or create one;
// and the alerts that failed for good (decision 136).
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { alertFailures } from '../../db/alerts.ts'
import { createForUnmatched, type DataStatus, lastRuns, mapUnmatched, runsPage, unmatchedTeams } from '../../db/data-sync.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, invalidField, invalidFields, ok } from '../../http/envelope.ts'
import { IdParams, PAGE_NUMBER, PageNumber, urlInput } from '../../http/params.ts'
import { broadcastToMatch } from '../../live/broadcast.ts'
import type { Broadcast } from '../../sync/fixture-writer.ts'
import { configured, nextRunAt, SYNC_SOURCES, syncConfigOf } from '../../sync/run.ts'
import type { AppEnv } from '../../types.ts'
import { requiredText, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskDataSync = new Hono<AppEnv>()

const NoTeam = msg`This team is no longer waiting: it may have been mapped already.`

const teamParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, NoTeam)
})

const DataQuery = v.object({ queue_page: PageNumber, runs_page: PageNumber })

const NOT_A_PAGE = msg`A page is a whole number from 1 to 999999.`

const dataQuery = urlInput('query', DataQuery, (c) => {
  const wrong = Object.keys(DataQuery.entries).filter((name) => !PAGE_NUMBER.test(c.req.query(name) ?? '1'))
  throw invalidFields(Object.fromEntries(wrong.map((name) => [name, c.var.i18n._(NOT_A_PAGE)])))
})

const dataRead = deskDataSync.get('/', roleRequired('editor'), dataQuery, async (c) => {
  const { config, problems } = syncConfigOf(c.env)
  const on = configured(config)
  const query = c.req.valid('query')
  const sql = c.var.db.sql
  const [last, runs, queue, failures] = await Promise.all([
    lastRuns(sql),
    runsPage(sql, query.runs_page),
    unmatchedTeams(sql, query.queue_page),
    alertFailures(sql),
  ])
  const now = new Date()
  const sources = SYNC_SOURCES.map((source) => {
    const lastRun = last.find((run) => run.source === source) ?? null
    return {
      source,
      configured: on.includes(source),
      lastRun,
      nextRun: on.includes(source) ? nextRunAt(source, lastRun ? new Date(lastRun.startedAt) : null, now).toISOString() : null,
    }
  })
  return ok(c, msg`OK`, { sources, runs, queue, settingsProblems: problems, alertFailures: failures } satisfies DataStatus)
})

/** The syncs' runs and the queue of unknown teams, as GET /desk/data answers them. */
export const readDeskData = deskReader(dataRead, (pages: QueryOf<typeof DataQuery>) => withQuery('data', pages))

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
