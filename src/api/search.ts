// GET /api/v1/search?q=&lang=&type=&limit= — the search modal's source. Public and the same
// for every caller, so shared caches may keep answers for a minute.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import { createI18n } from '../i18n/server.ts'
import { readSearchParams, runSearch } from '../search/run-search.ts'
import type { AppEnv } from '../types.ts'
import { invalidFields, ok } from './envelope.ts'

export const search = new Hono<AppEnv>()

search.get('/', async (c) => {
  const read = readSearchParams(c.var.i18n, c.req.query(), c.var.lang)
  if ('errors' in read) throw invalidFields(read.errors)
  // Titles and labels in the language asked for; the envelope's message in accept-language's.
  const results = await runSearch(c.var.db.sql, createI18n(read.params.lang), read.params)
  c.header('Cache-Control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600')
  c.header('Vary', 'Accept-Language')
  return ok(c, msg`OK`, results)
})
