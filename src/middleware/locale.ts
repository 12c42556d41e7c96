import { createMiddleware } from 'hono/factory'
import { isLocale } from '../../lib/locales.ts'
import { createI18n } from '../i18n/server.ts'
import type { AppEnv } from '../types.ts'

/**
 * On `/{lang}/…` routes: the locale comes from the path (the router only lets `ar` and
 * `en` through) and gets its own i18n instance for this request.
 */
export const locale = createMiddleware<AppEnv>(async (c, next) => {
  const lang = c.req.param('lang')
  if (!isLocale(lang)) return c.notFound()
  c.set('lang', lang)
  c.set('i18n', createI18n(lang))
  await next()
})
