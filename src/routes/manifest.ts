// The web app manifest, one per language (issue 27, section 3): installing Hadaf, which iOS
// requires before a site may push, gives an app named and laid out in the page's language
// (`/ar/manifest.webmanifest`, `/en/…`, linked from each page's head). Both share the scope
// of the whole site and the service worker at /sw.js; each starts at its language's home.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import { href } from '../../lib/links.ts'
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import type { AppEnv } from '../types.ts'

export const appManifest = new Hono<AppEnv>()

/** The site's green (public/logo.svg) and the light page background (client/styles/tokens.css). */
const THEME_COLOR = '#0f7a43'
const BACKGROUND_COLOR = '#f6f8f6'

// Rendered from public/logo.svg; browsers need PNGs of 192 and 512 pixels to offer installing.
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
]

appManifest.get('/manifest.webmanifest', (c) => {
  const { lang, dir, siteName } = LOCALE_CONFIG[c.var.lang]
  const home = href(lang, 'home')
  const manifest = {
    id: home,
    name: siteName,
    short_name: siteName,
    description: c.var.i18n._(msg`Football news, live matches and goal alerts.`),
    lang,
    dir,
    start_url: home,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: MANIFEST_ICONS,
  }
  return c.body(JSON.stringify(manifest), 200, { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=86400' })
})
