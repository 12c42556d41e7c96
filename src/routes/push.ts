// The browser's way to register a device for alerts (issue 27, section 3): same-origin routes
// that read the HttpOnly session cookie and pass the JSON on to the push API
// (src/api/push.ts), so the session token never reaches page scripts, as the rating routes do
// (src/routes/ratings.ts). Only JSON is taken: a cross-site page cannot send it without a CORS
// preflight, which this site never answers, so the cookie cannot be ridden (security.md, CSRF);
// form posts also meet the app's Origin check. The answer is the API's envelope as it came.
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { jsonLimitOf } from '../api/input.ts'
import { callInProcess } from '../http/api-client.ts'
import { readSessionCookie } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'

export const pushForms = new Hono<AppEnv>()

const UNAVAILABLE = msg`Alerts cannot be set up right now. Please try again in a minute.`

async function relay(c: Context<AppEnv>, method: 'POST' | 'DELETE'): Promise<Response> {
  c.header('Cache-Control', 'private, no-store')
  const envelope = (status: number, message: string) => c.json({ status, message }, status as 400)
  if (c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() !== 'application/json') return envelope(415, c.var.i18n._(msg`Please send the request as JSON.`))
  const body: unknown = await c.req.json().catch(() => undefined)
  if (body === undefined) return envelope(400, c.var.i18n._(msg`The request body is not valid JSON.`))
  const session = readSessionCookie(c)
  if (!session) return envelope(401, c.var.i18n._(msg`Please sign in.`))
  const answer = await callInProcess(c, { method, path: 'push/subscriptions', bearer: session, body }, UNAVAILABLE)
  return c.json(answer.body, answer.status as 200)
}

const pushLimit = jsonLimitOf(8 * 1024)

pushForms.post('/push/subscriptions', pushLimit, (c) => relay(c, 'POST'))
pushForms.delete('/push/subscriptions', pushLimit, (c) => relay(c, 'DELETE'))
