import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import type { AppEnv } from '../types.ts'
import { renderComingSoon } from './coming-soon-page.tsx'

export const players = new Hono<AppEnv>()

players.get('/player/:id', (c) => renderComingSoon(c, c.var.i18n._(msg`Player`)))
