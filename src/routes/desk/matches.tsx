// The live desk (issue 16, editors): the matches to run, and one match's console. The
// console is an island that changes the match through the live API (src/api/matches.ts);
// the browser never holds the session token, so it calls through this screen's own
// address, which forwards each call in-process with the page's session (decision 098).
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import { href } from '../../../lib/links.ts'
import { localized } from '../../../lib/localized.ts'
import { readDeskSeasons } from '../../api/desk/seasons.ts'
import { readDeskMatch, readDeskMatches } from '../../api/desk/matches.ts'
import { type ApiCall, callInProcess } from '../../http/api-client.ts'
import { MatchConsolePage, MatchDeskList } from '../../components/desk/match-desk.tsx'
import { searchText } from '../../desk/screen-params.ts'
import { jsonBody, jsonLimit } from '../../api/input.ts'
import { readSessionCookie } from '../../http/cookies.ts'
import { ApiError, apiErrorBody } from '../../http/envelope.ts'
import { IdParams, parseId, urlInput } from '../../http/params.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'

export const deskMatchScreens = new Hono<AppEnv>()

deskMatchScreens.use('/desk/matches', deskRole('editor'))
deskMatchScreens.use('/desk/matches/*', deskRole('editor'))

deskMatchScreens.get('/desk/matches', async (c) => {
  const q = searchText(c, 'q')
  // A match id goes straight to its console.
  const id = parseId(q)
  if (id !== null) return c.redirect(href(c.var.lang, 'deskMatch', { id }), 303)
  // `?needs=result`: the matches that need a result alone; any other value, the whole desk.
  const needsResult = c.req.query('needs') === 'result'
  const [matches, seasons] = await Promise.all([readDeskMatches(c, { q, needs: needsResult ? 'result' : undefined }), readDeskSeasons(c)])
  const title = needsResult ? msg`Live desk: results awaited` : msg`Live desk`
  return c.render(<MatchDeskList matches={matches} q={q} needsResult={needsResult} seasons={seasons} />, { title: c.var.i18n._(title) })
})

/** A match's id: anything but a row id names no match. */
const matchParams = urlInput('param', IdParams)

deskMatchScreens.get('/desk/matches/:id', matchParams, async (c) => {
  const desk = await readDeskMatch(c, c.req.valid('param').id)
  const [home, away] = [localized(desk.match.home.name, c.var.lang), localized(desk.match.away.name, c.var.lang)]
  const title = c.var.i18n._(msg`${home} v ${away}`)
  return c.render(<MatchConsolePage desk={desk} />, { title: c.var.i18n._(msg`Live desk: ${title}`), heading: <bdi>{title}</bdi>, toaster: true })
})

/** The live API's calls about one match that the console makes: the state, events, live text and team sheets. */
const CONSOLE_CALLS = /^(?:|\/live|\/events(?:\/\d{1,15})?|\/commentary(?:\/\d{1,15})?|\/lineups\/(?:home|away))$/

const CONSOLE_UNAVAILABLE = msg`The live desk cannot answer right now. Please try again in a minute.`

/** Forwards the console's call to the live API with the page's session, and passes its answer on. */
async function forward(c: Context<AppEnv>, id: number, body?: unknown): Promise<Response> {
  const call = c.req.path.slice(href(c.var.lang, 'deskMatchApi', { id }).length)
  if (!CONSOLE_CALLS.test(call)) throw new HTTPException(404)
  const method = c.req.method as ApiCall['method']
  const answer = await callInProcess(c, { method, path: ['matches', id].join('/') + call, bearer: readSessionCookie(c), body }, CONSOLE_UNAVAILABLE)
  return c.json(answer.body, answer.status as 200)
}

/**
 * The console reads envelopes, so a change refused before its call is made (too large, not
 * JSON, JSON that does not parse) is answered as one too, as the API would: the error handler
 * draws the page's error page for any other address.
 */
const refusalsAsEnvelopes = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.error instanceof ApiError) c.res = c.json(apiErrorBody(c, c.error), c.error.status)
})

// The console's way to the live API (`…/api/*` is also `…/api`). A change's body must be JSON,
// judged as the API judges it (jsonBody): a form on another site cannot send that without the
// browser asking this one first, so the session cookie alone proves nothing.
const CONSOLE = '/desk/matches/:id/api/*'
deskMatchScreens.on(['GET', 'DELETE'], CONSOLE, matchParams, (c) => forward(c, c.req.valid('param').id))
deskMatchScreens.on(['POST', 'PATCH', 'PUT'], CONSOLE, matchParams, refusalsAsEnvelopes, jsonLimit, jsonBody(v.unknown()), (c) =>
  forward(c, c.req.valid('param').id, c.req.valid('json')),
)
