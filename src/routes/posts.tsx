// News, articles, analytics and caricatures: a list and an item page per section.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Hono } from 'hono'
import { href, POST_KINDS, type PostSection } from '../../lib/links.ts'
import type { AppEnv } from '../types.ts'
import { renderComingSoon } from './coming-soon-page.tsx'

export const posts = new Hono<AppEnv>()

export const SECTION_TITLES: Record<PostSection, MessageDescriptor> = {
  news: msg`News`,
  articles: msg`Articles`,
  analytics: msg`Analytics`,
  caricatures: msg`Caricatures`,
}

for (const section of POST_KINDS) {
  // Analytics pieces have their own placeholder image (spec §2).
  const placeholder = section === 'analytics' ? 'analytics' : 'generic'
  posts.get(`/${section}`, (c) => renderComingSoon(c, c.var.i18n._(SECTION_TITLES[section]), [], placeholder))
  posts.get(`/${section}/:slug`, (c) => {
    const sectionTitle = c.var.i18n._(SECTION_TITLES[section])
    return renderComingSoon(c, sectionTitle, [{ label: sectionTitle, href: href(c.var.lang, 'posts', { section }) }], placeholder)
  })
}
