import type { Context } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { type CaptchaDirective, captchaSources } from '../captcha/csp.ts'

/** A directive's own sources plus those the configured captcha needs, decided per request. */
function withCaptcha(directive: CaptchaDirective, ...own: string[]) {
  return (c: Context) => [...own, ...captchaSources(c.env as Env, directive)].join(' ')
}

/**
 * The headers of security.md: a nonce-based CSP (a fresh nonce per request, read by the
 * renderer for the island script), HSTS for a year, nosniff, a strict referrer policy
 * and a Permissions-Policy that turns off what the site does not use.
 * Styles allow 'unsafe-inline' because React's style attributes and sonner's injected
 * stylesheet need it; scripts never do. The captcha's provider, when it is a third party,
 * adds its hosts to the directives it needs (src/captcha/csp.ts).
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'", withCaptcha('script-src', "'self'")],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: [withCaptcha('connect-src', "'self'")],
    frameSrc: [withCaptcha('frame-src', "'self'")],
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
