// GET /api/v1/search?q=&lang=&type=&limit= — the search modal's source. The same for every guest,
// so shared caches may keep their answers for a minute; a signed-in caller's are private (decision 139).
import type { Context } from 'hono'
import { readerSpoilers } from '../http/spoilers.ts'
import { readSessionCookie } from '../http/cookies.ts'
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import { endTime, startTime, timing, type TimingVariables } from 'hono/timing'
import { createI18n } from '../i18n/server.ts'
import { readSearchParams, runSearch } from '../search/run-search.ts'
import type { AppEnv } from '../types.ts'
import { invalidFields, ok } from '../http/envelope.ts'

export const searchApi = new Hono<{ Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & TimingVariables }>()

// Server-Timing (the worker's total and the search's own part) lets the bench and an
// operator's devtools hold the budget, p95 under 50 ms of server time, apart from
// the network and any proxy in front.
searchApi.use(timing({ totalDescription: 'Route' }))

searchApi.get('/', async (c) => {
  const read = readSearchParams(c.var.i18n, c.req.query(), c.var.lang)
  if ('errors' in read) throw invalidFields(read.errors)
  // Titles and labels in the language asked for; the envelope's message in accept-language's.
  startTime(c, 'search', 'Search, database included')
  // The header's search island sends the session cookie: a spoiler-free reader's results leave
  // out the scores they hide (decision 139), and any signed-in answer is theirs alone.
  const spoilers = await readerSpoilers(c as unknown as Context<AppEnv>)
  const results = await runSearch(c.var.db.sql, createI18n(read.params.lang), read.params, spoilers)
  endTime(c, 'search')
  if (readSessionCookie(c as unknown as Context<AppEnv>) !== undefined) c.header('Cache-Control', 'private, no-store')
  else c.header('Cache-Control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600')
  c.header('Vary', 'Accept-Language')
  return ok(c, msg`OK`, results)
})
