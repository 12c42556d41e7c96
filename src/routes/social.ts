// The route the social sign-in island posts the provider session to (spec §4). It forwards
// the spec's body to social-login (built in, or AUTH_API_BASE: src/auth/sign-in-api.ts) and
// keeps the session in the HttpOnly `token` cookie; the island only learns where to go
// next (security.md: the token never reaches page scripts). JSON only: a cross-site form
// cannot send it, and a cross-site script would need a CORS preflight this site never grants.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import { href, safeNextPath } from '../../lib/links.ts'
import { callAuthApi, signInUnavailable } from '../auth/sign-in-api.ts'
import type { FormAnswerBody } from '../../lib/form-answer.ts'
import { apiFailure, type FormFailure, succeed, unreadableForm } from '../http/form-answers.ts'
import { setSessionCookie, setThemeCookie } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'

export const social = new Hono<AppEnv>()

/** The spec's "Social-login payload" (§3): only these go on to the API. */
const SPEC_FIELDS = ['access_token', 'provider', 'provider_id', 'email', 'access_token_secret'] as const

const Session = v.object({ access_token: v.string(), theme: v.optional(v.string()) })

async function readPostedJson(c: Context<AppEnv>): Promise<Record<string, unknown> | null> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') return null
  const body: unknown = await c.req.json().catch(() => null)
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null
}

function refused(c: Context<AppEnv>, failure: FormFailure) {
  const body: FormAnswerBody = { status: failure.status, message: failure.message }
  if (Object.keys(failure.errors).length > 0) body.errors = failure.errors
  if (failure.retryAfter) {
    c.header('Retry-After', String(failure.retryAfter))
    body.retryAfter = failure.retryAfter
  }
  return c.json(body, failure.status)
}

// The spec's body is five short strings; anything larger is refused before it is read.
const limit = bodyLimit({
  maxSize: 64 * 1024,
  onError: (c: Context<AppEnv>) => refused(c, { status: 413, message: c.var.i18n._(msg`The request is too large.`), errors: {} }),
})

social.post('/login/social', limit, async (c) => {
  const posted = await readPostedJson(c)
  if (!posted) return refused(c, unreadableForm(c))
  const body = Object.fromEntries(SPEC_FIELDS.filter((field) => field in posted).map((field) => [field, posted[field]]))
  const answer = await callAuthApi(c, { method: 'POST', path: 'authentication/social-login', body })
  if (answer.status !== 200) return refused(c, apiFailure(c, answer))
  const session = v.safeParse(Session, answer.body.data)
  if (!session.success) return refused(c, apiFailure(c, signInUnavailable(c)))
  setSessionCookie(c, session.output.access_token)
  // The account's theme applies across the site, as after any sign-in (src/routes/auth.tsx).
  const theme = session.output.theme
  if (theme === 'light' || theme === 'dark') setThemeCookie(c, theme)
  const next = typeof posted.next === 'string' ? posted.next : undefined
  return succeed(c, safeNextPath(next, href(c.var.lang, 'home')), { type: 'success', key: 'signedIn' }, answer.body.message)
})
