// The live desk (issue 16, editors): the matches to run, and one match's console. The
// console is an island that changes the match through the live API (src/api/matches.ts);
// the browser never holds the session token, so it calls through this screen's own
// address, which forwards each call in-process with the page's session (decision 098).
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { href } from '../../../lib/links.ts'
import { localized } from '../../../lib/localized.ts'
import { readDeskMatch, readDeskMatches } from '../../api/desk/matches.ts'
import { type ApiCall, callInProcess } from '../../auth/api-client.ts'
import { MatchConsolePage, MatchDeskList } from '../../components/desk/match-desk.tsx'
import { searchText } from '../../desk/screen-params.ts'
import { jsonLimit } from '../../api/input.ts'
import { readSessionCookie } from '../../http/cookies.ts'
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
  const matches = await readDeskMatches(c, { q })
  return c.render(<MatchDeskList matches={matches} q={q} />, { title: c.var.i18n._(msg`Live desk`) })
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

// The console's way to the live API. A body must be JSON: a form on another site cannot send
// that without the browser asking this one first, so the session cookie alone proves nothing.
// eslint-disable-next-line lingui/no-unlocalized-strings -- HTTP methods, not words
deskMatchScreens.on(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'], '/desk/matches/:id/api/*', matchParams, jsonLimit, async (c) => {
  const { id } = c.req.valid('param')
  const call = c.req.path.slice(href(c.var.lang, 'deskMatchApi', { id }).length)
  if (!CONSOLE_CALLS.test(call)) throw new HTTPException(404)
  const method = c.req.method as ApiCall['method']
  let body: unknown
  if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a media type, not words
    if (!c.req.header('content-type')?.startsWith('application/json')) {
      return c.json({ status: 415, message: c.var.i18n._(msg`Please send the request as JSON.`) }, 415)
    }
    body = await c.req.json<unknown>().catch(() => undefined)
    if (body === undefined) return c.json({ status: 400, message: c.var.i18n._(msg`The request body is not valid JSON.`) }, 400)
  }
  const answer = await callInProcess(c, { method, path: ['matches', id].join('/') + call, bearer: readSessionCookie(c), body })
  return c.json(answer.body, answer.status as 200)
})
