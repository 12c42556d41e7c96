// The browser's way to follow (issue 27, section 1; decision 128): same-origin form routes
// that read the HttpOnly session cookie and forward to the follows API (src/api/follows.ts),
// so the token never reaches page scripts. Posts pass the Origin check of every form
// (src/app.tsx). Without JavaScript the follow button posts here and gets a redirect back to
// the page with a toast; a request asking for JSON gets the API's answer. The profile's list
// changes a follow's alerts the same way, a form of checkboxes forwarded to PATCH.
//
// A guest who presses Follow is sent to sign in. What they pressed rides in a short-lived
// HttpOnly cookie set by this POST, and `next` brings them to GET /follows/pending, which
// makes the follow and returns them to the page. The GET acts only on that cookie, which no
// other site can set, so a link cannot make anyone follow anything.
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { FOLLOW_ANCHOR, FOLLOWS_LIST_ANCHOR } from '../../lib/follows.ts'
import { href, safeNextPath, withQuery } from '../../lib/links.ts'
import { isLocalDevelopment } from '../env.ts'
import type { ApiAnswer } from '../http/api-client.ts'
import { callAuthApi, signInUnavailableError } from '../auth/sign-in-api.ts'
import { readTextFields, unreadableForm, wantsJson } from '../http/form-answers.ts'
import { formLimit, readForm } from '../http/forms.ts'
import { type Flash, redirectWithToast } from '../flash.ts'
import { readSessionCookie } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'

export const followForms = new Hono<AppEnv>()

/** The pending follow of a guest: what they pressed, for as long as signing in may take. */
const PENDING_FOLLOW = 'pending_follow'
const PENDING_FOLLOW_SECONDS = 30 * 60

interface Pressed {
  type: string
  id: string
  /** The page the button was on. */
  page: string
}

function pageOf(c: Context<AppEnv>, back: string | undefined): string {
  return safeNextPath(back, href(c.var.lang, 'home')).split('#')[0]!
}

const cookieOptions = (c: Context<AppEnv>) => ({ path: '/', sameSite: 'Lax' as const, secure: !isLocalDevelopment(c.env), httpOnly: true })

/** Keeps what the guest pressed and sends them to sign in, to come back to /follows/pending. */
function signIn(c: Context<AppEnv>, pressed: Pressed): Response {
  const value = new URLSearchParams({ type: pressed.type.slice(0, 16), id: pressed.id.slice(0, 32), page: pressed.page }).toString()
  setCookie(c, PENDING_FOLLOW, value, { ...cookieOptions(c), maxAge: PENDING_FOLLOW_SECONDS })
  const login = withQuery(href(c.var.lang, 'login'), { next: href(c.var.lang, 'followPending') })
  if (!wantsJson(c)) return redirectWithToast(c, login, { type: 'warning', key: 'signInToFollow' }, 303)
  return c.json({ status: 401, message: c.var.i18n._(msg`Please sign in to follow.`), redirect: login }, 401)
}

/** The API's answer passed on: JSON for the island, a redirect with a toast without JavaScript. */
function relay(c: Context<AppEnv>, pressed: Pressed, answer: ApiAnswer<unknown>, done: Flash): Response | Promise<Response> {
  if (answer.status === 401) return signIn(c, pressed)
  if (answer.status >= 500) throw signInUnavailableError()
  if (wantsJson(c)) return c.json(answer.body, answer.status as 200)
  const anchor = pressed.page === href(c.var.lang, 'profile') ? FOLLOWS_LIST_ANCHOR : FOLLOW_ANCHOR
  const back = `${pressed.page}#${anchor}`
  if (answer.status === 200 || answer.status === 201) return redirectWithToast(c, back, done, 303)
  // Past the limit the reader has to unfollow something first; the profile lists what.
  if (answer.status === 422 && answer.body.errors && 'body' in answer.body.errors) return redirectWithToast(c, back, { type: 'error', key: 'followLimit' }, 303)
  // Only a hand-made form names what does not exist, or what is not followed; it has no page.
  return c.notFound()
}

function follow(c: Context<AppEnv>, session: string, pressed: Pressed): Promise<ApiAnswer<unknown>> {
  // Digits go as a number, as a club's, player's or match's id; a competition's id is text.
  const id = /^\d{1,16}$/.test(pressed.id) ? Number(pressed.id) : pressed.id
  return callAuthApi(c, { method: 'POST', path: 'follows', bearer: session, body: { type: pressed.type, id } })
}

/** The API's address of one follow, as the form named it (the API refuses what cannot be one). */
const followPath = (type: string, id: string) => `follows/${encodeURIComponent(type)}/${encodeURIComponent(id)}`

async function press(c: Context<AppEnv>, intent: 'follow' | 'unfollow'): Promise<Response> {
  const posted = await readTextFields(c, ['type', 'id', 'back'])
  if (!posted) {
    const failure = unreadableForm(c)
    return c.json({ status: failure.status, message: failure.message }, 400)
  }
  const { type, id, back } = posted.values
  const pressed = { type, id, page: pageOf(c, back) }
  const session = readSessionCookie(c)
  if (!session) return intent === 'follow' ? signIn(c, pressed) : redirectWithToast(c, href(c.var.lang, 'login'), { type: 'warning', key: 'signInToFollow' }, 303)
  if (intent === 'follow') return relay(c, pressed, await follow(c, session, pressed), { type: 'success', key: 'followed' })
  const answer = await callAuthApi(c, { method: 'DELETE', path: followPath(type, id), bearer: session })
  return relay(c, pressed, answer, { type: 'success', key: 'unfollowed' })
}

followForms.post('/follows', formLimit, (c) => press(c, 'follow'))
followForms.post('/follows/remove', formLimit, (c) => press(c, 'unfollow'))

/**
 * The alerts of one follow, from the profile's checkboxes: the kinds ticked are the follow's
 * alerts, so none ticked leaves it without alerts. The API checks the kinds and answers 404 for
 * what the reader does not follow.
 */
followForms.post('/follows/alerts', formLimit, async (c) => {
  const form = await readForm(c, { all: true })
  const { type, id, back, alerts = [] } = form ?? {}
  const kinds = typeof alerts === 'string' ? [alerts] : alerts
  const texts = Array.isArray(kinds) && kinds.every((kind) => typeof kind === 'string')
  if (typeof type !== 'string' || typeof id !== 'string' || !(back === undefined || typeof back === 'string') || !texts) {
    const failure = unreadableForm(c)
    return c.json({ status: failure.status, message: failure.message }, 400)
  }
  const pressed = { type, id, page: pageOf(c, back) }
  const session = readSessionCookie(c)
  if (!session) return redirectWithToast(c, withQuery(href(c.var.lang, 'login'), { next: pressed.page }), { type: 'warning', key: 'signInToFollow' }, 303)
  const answer = await callAuthApi(c, { method: 'PATCH', path: followPath(type, id), bearer: session, body: { alerts: kinds } })
  return relay(c, pressed, answer, { type: 'success', key: 'followAlertsSaved' })
})

/** Back from signing in: the follow the guest pressed is made, once, and they return to its page. */
followForms.get('/follows/pending', async (c) => {
  c.header('Cache-Control', 'private, no-store')
  const raw = getCookie(c, PENDING_FOLLOW)
  const session = readSessionCookie(c)
  if (raw !== undefined && !session) return c.redirect(withQuery(href(c.var.lang, 'login'), { next: href(c.var.lang, 'followPending') }), 303)
  if (raw === undefined || !session) return c.redirect(href(c.var.lang, 'home'), 303)
  deleteCookie(c, PENDING_FOLLOW, cookieOptions(c))
  const fields = new URLSearchParams(raw)
  const pressed = { type: fields.get('type') ?? '', id: fields.get('id') ?? '', page: pageOf(c, fields.get('page') ?? undefined) }
  return relay(c, pressed, await follow(c, session, pressed), { type: 'success', key: 'followed' })
})
