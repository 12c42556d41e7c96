import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import { href } from '../../lib/links.ts'
import type { AppEnv } from '../types.ts'
import { renderComingSoon } from './coming-soon-page.tsx'

export const matches = new Hono<AppEnv>()

matches.get('/matches', (c) => renderComingSoon(c, c.var.i18n._(msg`Matches`)))

matches.get('/matches/:id', (c) =>
  renderComingSoon(c, c.var.i18n._(msg`Match`), [{ label: c.var.i18n._(msg`Matches`), href: href(c.var.lang, 'matches') }]),
)
