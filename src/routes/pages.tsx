// The site's own pages: contact, privacy policy, terms and conditions.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import type { AppEnv } from '../types.ts'
import { renderComingSoon } from './coming-soon-page.tsx'

export const pages = new Hono<AppEnv>()

pages.get('/contact-us', (c) => renderComingSoon(c, c.var.i18n._(msg`Contact us`)))
pages.get('/privacy-policy', (c) => renderComingSoon(c, c.var.i18n._(msg`Privacy policy`)))
pages.get('/terms-conditions', (c) => renderComingSoon(c, c.var.i18n._(msg`Terms and conditions`)))
