// The request's language, worked out in one place (architecture.md, Locale).
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromAcceptLanguage } from '../../lib/locales.ts'
import { readLangCookie } from '../http/cookies.ts'
import { isApiRequest } from '../http/envelope.ts'
import { createI18n } from '../i18n/server.ts'
import type { AppEnv } from '../types.ts'

/**
 * The language a request is answered in: the path's `/{lang}/` when it has one; for the JSON
 * API, accept-language alone (docs/auth-api.md: en or ar, default ar); elsewhere (`/`, an
 * error outside `/{lang}/…`) the `lang` cookie, then accept-language. Arabic when none says.
 */
export function requestLocale(c: Context<AppEnv>): Locale {
  const prefix = c.req.path.split('/')[1]
  if (isLocale(prefix)) return prefix
  const chosen = isApiRequest(c) ? undefined : readLangCookie(c)
  return chosen ?? localeFromAcceptLanguage(c.req.header('accept-language')) ?? DEFAULT_LOCALE
}

/** Sets the request's language and its own i18n instance, unless a middleware did already. */
export function setRequestLocale(c: Context<AppEnv>): Locale {
  if (!c.var.lang) {
    const lang = requestLocale(c)
    c.set('lang', lang)
    c.set('i18n', createI18n(lang))
  }
  return c.var.lang
}

/**
 * On `/{lang}/…` routes and the API: the request's language, with an i18n instance for this
 * request alone (never a global mutable locale in the worker).
 */
export const locale = createMiddleware<AppEnv>(async (c, next) => {
  setRequestLocale(c)
  await next()
})
