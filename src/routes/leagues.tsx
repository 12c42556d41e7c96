import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import { href } from '../../lib/links.ts'
import type { AppEnv } from '../types.ts'
import { renderComingSoon } from './coming-soon-page.tsx'

export const leagues = new Hono<AppEnv>()

leagues.get('/leagues', (c) => renderComingSoon(c, c.var.i18n._(msg`Leagues`)))

leagues.get('/leagues/:id', (c) =>
  renderComingSoon(c, c.var.i18n._(msg`League`), [{ label: c.var.i18n._(msg`Leagues`), href: href(c.var.lang, 'leagues') }]),
)
