// The spec's named route checks (§4): guest, auth and home.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { href, safeNextPath } from '../../lib/links.ts'
import { currentUser } from '../auth/current-user.ts'
import { hasRole } from '../auth/roles.ts'
import type { Role } from '../db/users.ts'
import { ApiError } from '../http/envelope.ts'
import { redirectWithToast } from '../flash.ts'
import type { AppEnv } from '../types.ts'
import { requestLocale } from './locale.ts'

/** guest (login, sign-up, reset): a signed-in visitor goes to the home page. */
export const guestGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (await currentUser(c)) {
    return redirectWithToast(c, href(c.var.lang, 'home'), { type: 'info', key: 'alreadySignedIn' })
  }
  await next()
})

/** To the login page, which brings the visitor back here afterwards. */
function toLogin(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url)
  const back = safeNextPath(url.pathname + url.search, href(c.var.lang, 'home'))
  const login = `${href(c.var.lang, 'login')}?next=${encodeURIComponent(back)}`
  return redirectWithToast(c, login, { type: 'warning', key: 'signInRequired' })
}

/** auth (profile): a guest goes to the login page, which brings them back afterwards. */
export const authGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await currentUser(c))) return toLogin(c)
  await next()
})

/**
 * The desk's screens (decision 081): a guest goes to the login page; an account below `role`
 * gets the 403 page. The desk API checks again on every call; this only spares a reader
 * screens they cannot use.
 */
export function deskRole(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await currentUser(c)
    if (!user) return toLogin(c)
    if (!hasRole(user, role)) throw new ApiError(403, msg`Your account is not allowed to see this page.`)
    await next()
  })
}

/**
 * home (`/`): 302 to the visitor's language — the `lang` cookie, then Accept-Language,
 * then Arabic. The answer depends on both headers, so caches must key on them.
 */
export const homeGuard = createMiddleware<AppEnv>(async (c) => {
  const lang = requestLocale(c)
  c.header('Vary', 'Cookie, Accept-Language')
  c.header('Cache-Control', 'private, no-cache')
  return c.redirect(href(lang, 'home'), 302)
})
