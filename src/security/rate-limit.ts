// Per-IP limits on the endpoints bots aim at (security.md, Anti-automation), through the
// Workers rate-limiting binding (wrangler.toml: 10 requests a minute per key). Each group
// is its own key, so a reader who mistypes a password can still send the contact form.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types.ts'
import { clientBucket } from './client-address.ts'

export type RateLimitGroup = 'sign-in' | 'sign-up' | 'code' | 'reset' | 'contact' | 'social'

/** The binding's window: a caller over the limit may try again after it. */
export const RATE_LIMIT_PERIOD_SECONDS = 60

/**
 * The visitor's address. Cloudflare sets CF-Connecting-IP on every request it forwards and
 * drops a value sent by the client; local runs have none.
 */
export function clientIp(c: Context<AppEnv>): string {
  return c.req.header('cf-connecting-ip') ?? '127.0.0.1'
}

/** The client the limits count this request against: its IPv4 address, IPv6 /64, or "unknown". */
export function requestClient(c: Context<AppEnv>): string {
  return clientBucket(clientIp(c))
}

/**
 * A route's allowance per client: every request counts, whatever it holds, and past the
 * group's allowance the answer is 429 with Retry-After, before anything else is judged.
 */
export function rateLimit(group: RateLimitGroup) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { success } = await c.env.AUTH_RATE_LIMIT.limit({ key: `${group}:${requestClient(c)}` })
    if (!success) throw tooManyRequests(RATE_LIMIT_PERIOD_SECONDS)
    await next()
  })
}

/**
 * A limit reached, and when the client may come back. It belongs to no answer: the error
 * handler (src/errors.tsx) makes it the API's 429 envelope or a page's, with Retry-After.
 */
export class RateLimited extends Error {
  readonly retryAfter: number

  constructor(retryAfterSeconds: number) {
    super(`rate limited for ${retryAfterSeconds} s`)
    this.name = 'RateLimited'
    this.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds))
  }
}

export function tooManyRequests(retryAfterSeconds: number): RateLimited {
  return new RateLimited(retryAfterSeconds)
}
