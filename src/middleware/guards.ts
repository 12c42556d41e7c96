// The spec's named route checks (§4): guest, auth and home.
import { createMiddleware } from 'hono/factory'
import { href, safeNextPath } from '../../lib/links.ts'
import { DEFAULT_LOCALE, localeFromAcceptLanguage } from '../../lib/locales.ts'
import { currentUser } from '../auth/current-user.ts'
import { redirectWithToast } from '../flash.ts'
import { readLangCookie } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'

/** guest (login, sign-up, reset): a signed-in visitor goes to the home page. */
export const guest = createMiddleware<AppEnv>(async (c, next) => {
  if (await currentUser(c)) {
    return redirectWithToast(c, href(c.var.lang, 'home'), { type: 'info', key: 'alreadySignedIn' })
  }
  await next()
})

/** auth (profile): a guest goes to the login page, which brings them back afterwards. */
export const auth = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await currentUser(c))) {
    const url = new URL(c.req.url)
    const back = safeNextPath(url.pathname + url.search, href(c.var.lang, 'home'))
    const login = `${href(c.var.lang, 'login')}?next=${encodeURIComponent(back)}`
    return redirectWithToast(c, login, { type: 'warning', key: 'signInRequired' })
  }
  await next()
})

/**
 * home (`/`): 302 to the visitor's language — the `lang` cookie, then Accept-Language,
 * then Arabic. The answer depends on both headers, so caches must key on them.
 */
export const home = createMiddleware<AppEnv>(async (c) => {
  const lang = readLangCookie(c) ?? localeFromAcceptLanguage(c.req.header('accept-language')) ?? DEFAULT_LOCALE
  c.header('Vary', 'Cookie, Accept-Language')
  c.header('Cache-Control', 'private, no-cache')
  return c.redirect(href(lang, 'home'), 302)
})
