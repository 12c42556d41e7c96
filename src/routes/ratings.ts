// The browser's way to rate (issue 5): same-origin routes that read the HttpOnly session
// cookie and forward to the ratings API (src/api/ratings.ts), so the token never reaches
// page scripts. Without JavaScript the rating form posts here and gets a redirect back to
// the page with a toast; the island posts the same form asking for JSON, and reads the
// reader's own rating here, since public pages are the same for every visitor.
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { href, safeNextPath, withQuery } from '../../lib/links.ts'
import type { ApiAnswer } from '../http/api-client.ts'
import { callAuthApi, signInUnavailableError } from '../auth/sign-in-api.ts'
import { readTextFields, unreadableForm, wantsJson } from '../http/form-answers.ts'
import { type Flash, redirectWithToast } from '../flash.ts'
import { readSessionCookie } from '../http/cookies.ts'
import { formLimit } from '../http/forms.ts'
import type { AppEnv } from '../types.ts'

export const ratingForms = new Hono<AppEnv>()

/** The page the form was on (its `back` field), where the reader returns; home when it is not this site's. */
function pageOf(c: Context<AppEnv>, back: string | undefined): string {
  return safeNextPath(back, href(c.var.lang, 'home'))
}

/** The login page, which brings the reader back to the rating on this page (spec §4). */
function signIn(c: Context<AppEnv>, page: string): Response {
  const login = withQuery(href(c.var.lang, 'login'), { next: `${page.split('#')[0]}#rating` })
  if (!wantsJson(c)) return redirectWithToast(c, login, { type: 'warning', key: 'signInToRate' }, 303)
  return c.json({ status: 401, message: c.var.i18n._(msg`Please sign in to rate.`), redirect: login }, 401)
}

/** The API's answer passed on: JSON for the island, a redirect with a toast without JavaScript. */
function relay(c: Context<AppEnv>, page: string, answer: ApiAnswer<unknown>, done: Flash): Response | Promise<Response> {
  if (answer.status === 401) return signIn(c, page)
  if (answer.status >= 500) throw signInUnavailableError()
  if (wantsJson(c)) return c.json(answer.body, answer.status as 200)
  // Only a hand-made form names an item that does not exist; it has no page to return to.
  if (answer.status === 404) return c.notFound()
  const flash: Flash = answer.status === 200 ? done : { type: 'error', key: 'ratingInvalid' }
  return redirectWithToast(c, `${page.split('#')[0]}#rating`, flash, 303)
}

/** A rating's value as the API takes it: a number when the field holds one, else as typed, for the API to refuse. */
function valueOf(field: string): number | string {
  return /^\d{1,2}(\.\d{1,3})?$/.test(field) ? Number(field) : field
}

type Intent = 'save' | 'remove'

async function rate(c: Context<AppEnv>, intent: Intent): Promise<Response> {
  const posted = await readTextFields(c, ['type', 'id', 'value', 'back'])
  if (!posted) {
    const failure = unreadableForm(c)
    return c.json({ status: failure.status, message: failure.message }, 400)
  }
  const { type, id, value, back } = posted.values
  const page = pageOf(c, back)
  const session = readSessionCookie(c)
  if (!session) return signIn(c, page)
  if (intent === 'remove') {
    const answer = await callAuthApi(c, { method: 'DELETE', path: 'ratings', bearer: session, body: { type, id } })
    return relay(c, page, answer, { type: 'success', key: 'ratingRemoved' })
  }
  const answer = await callAuthApi(c, { method: 'PUT', path: 'ratings', bearer: session, body: { type, id, value: valueOf(value) } })
  return relay(c, page, answer, { type: 'success', key: 'ratingSaved' })
}

ratingForms.post('/ratings', formLimit, (c) => rate(c, 'save'))
ratingForms.post('/ratings/remove', formLimit, (c) => rate(c, 'remove'))

/** The reader's own rating and the item's fresh totals, for the island; `signedIn: false` for a guest. */
ratingForms.get('/ratings', async (c) => {
  c.header('Cache-Control', 'private, no-store')
  const session = readSessionCookie(c)
  const query = { type: c.req.query('type') ?? '', id: c.req.query('id') ?? '' }
  if (!session) return c.json({ status: 200, message: c.var.i18n._(msg`OK`), data: { signedIn: false } })
  const answer = await callAuthApi<Record<string, unknown>>(c, { method: 'GET', path: withQuery('ratings', query), bearer: session })
  if (answer.status === 401) return c.json({ status: 200, message: c.var.i18n._(msg`OK`), data: { signedIn: false } })
  if (answer.status >= 500) throw signInUnavailableError()
  if (answer.status !== 200) return c.json(answer.body, answer.status as 404)
  return c.json({ ...answer.body, data: { ...answer.body.data, signedIn: true } })
})
