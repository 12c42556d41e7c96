import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../types.ts'

// Longer than any URL the site builds; browsers and CDNs cap near 8 KB, we stop earlier.
export const MAX_URL_LENGTH = 2048

/**
 * Turns away URLs no page could answer before any route reads them: overlong URLs (414),
 * NUL bytes and malformed percent-encoding in the path (400). `..` segments need no rule:
 * the URL parser has already resolved them.
 */
export const requestSanity = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.url.length > MAX_URL_LENGTH) throw new HTTPException(414, { message: 'URI Too Long' })
  const rawPath = new URL(c.req.url).pathname
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPath)
  } catch {
    throw new HTTPException(400, { message: 'Bad Request' })
  }
  if (decoded.includes('\0')) throw new HTTPException(400, { message: 'Bad Request' })
  await next()
})
