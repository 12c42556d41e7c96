import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types.ts'

/**
 * Gives each request an id (Cloudflare's ray id when present), returns it as
 * X-Request-Id, and writes one structured log line when the response is ready.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now()
  const ray = c.req.header('cf-ray')
  const requestId = ray && /^[\w-]{1,64}$/.test(ray) ? ray : crypto.randomUUID()
  c.set('requestId', requestId)
  await next()
  c.header('X-Request-Id', requestId)
  console.log(
    JSON.stringify({
      id: requestId,
      method: c.req.method,
      path: c.req.path.slice(0, 512),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    }),
  )
})
