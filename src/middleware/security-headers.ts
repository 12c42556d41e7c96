import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { socialSources } from '../auth/social/settings.ts'
import { type CaptchaDirective, captchaSources } from '../captcha/csp.ts'
import type { AppEnv } from '../types.ts'
import { widenForMediaEmbeds } from '../media/embeds-csp.ts'

/** A directive's own sources plus those the configured captcha and social sign-in need, decided per request. */
function withConfigured(directive: CaptchaDirective, ...own: string[]) {
  return (c: Context) => [...own, ...captchaSources(c.env as Env, directive), ...socialSources(c.env as Env, directive)].join(' ')
}

/**
 * The headers of security.md: a nonce-based CSP (a fresh nonce per request, read by the
 * renderer for the island script), HSTS for a year, nosniff, a strict referrer policy
 * and a Permissions-Policy that turns off what the site does not use.
 * Styles allow 'unsafe-inline' because React's style attributes and sonner's injected
 * stylesheet need it; scripts never do. The captcha's provider, when it is a third party,
 * adds its hosts to the directives it needs (src/captcha/csp.ts), and social sign-in its
 * Supabase project to connect-src (src/auth/social/settings.ts).
 */
const headers = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'", withConfigured('script-src', "'self'")],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: [withConfigured('connect-src', "'self'")],
    frameSrc: [withConfigured('frame-src', "'self'")],
    // Workers from this site only: through script-src, 'strict-dynamic' would let any
    // script start one from anywhere, blob: included. The ALTCHA widget's are our own files.
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: {
    camera: [],
    microphone: [],
    geolocation: [],
    payment: [],
    usb: [],
  },
  // A route may send a stricter header of its own and keep it: /media/ answers with a
  // sandboxed CSP (src/routes/media.ts).
  overwrite: false,
})

/** The headers above, with the YouTube or Vimeo hosts a page's media needs (src/media/embeds-csp.ts). */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await headers(c, next)
  widenForMediaEmbeds(c)
})
