// Visitor preferences that live in cookies: the language and the theme. Both work
// without JavaScript and send the visitor back to the page they were on.
import { Hono } from 'hono'
import { safeNextPath, switchLocalePath } from '../../lib/links.ts'
import { isLocale } from '../../lib/locales.ts'
import { setLangCookie, setThemeCookie, THEMES } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'

export const preferences = new Hono<AppEnv>()

/** The language switch: `/lang/en?next=/ar/club/42` sets `lang` and opens /en/club/42. */
preferences.get('/lang/:to', (c) => {
  const to = c.req.param('to')
  if (!isLocale(to)) return c.notFound()
  setLangCookie(c, to)
  const next = safeNextPath(c.req.query('next'), `/${to}`)
  return c.redirect(switchLocalePath(next, to), 302)
})

/** The theme switch form: light, dark, or back to following the system. */
preferences.post('/theme', async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const theme = form.theme
  if (theme !== 'system' && !THEMES.some((t) => t === theme)) return c.text('Bad Request', 400)
  setThemeCookie(c, theme as (typeof THEMES)[number] | 'system')
  const next = safeNextPath(typeof form.next === 'string' ? form.next : undefined, '/')
  return c.redirect(next, 303)
})
