import { NONCE, secureHeaders } from 'hono/secure-headers'

/**
 * The headers of security.md: a nonce-based CSP (a fresh nonce per request, read by the
 * renderer for the island script), HSTS for a year, nosniff, a strict referrer policy
 * and a Permissions-Policy that turns off what the site does not use.
 * Styles allow 'unsafe-inline' because React's style attributes and sonner's injected
 * stylesheet need it; scripts never do.
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'", "'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
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
