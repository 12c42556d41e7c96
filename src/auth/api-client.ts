// The auth routes' way to the sign-in API (architecture.md, Accounts): the built-in
// /api/v1 called in-process, or the API at AUTH_API_BASE. Both speak docs/auth-api.md, so
// the routes do not know which one answered. The token travels only between the worker
// and the API; the browser sees the cookie the routes set.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Envelope } from '../../lib/envelope.ts'
import type { Database } from '../db/client.ts'
import { clientIp } from '../security/rate-limit.ts'
import { settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'

export interface ApiCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Under the API base, e.g. `authentication/login-2`. */
  path: string
  /** JSON, or a FormData for uploads. */
  body?: unknown
  bearer?: string
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number
  body: Envelope<T>
  /** Retry-After of a 429 or 503, in seconds. */
  retryAfter: number | undefined
}

// The outer request's database and id, handed to the in-process call so it shares the
// connection (one request, one client) and logs under the same id.
const outer = new WeakMap<Request, { db: Database; requestId: string }>()

/**
 * The first middleware of the in-process API, which the app builds around its /api/v1 and
 * hands to every request as `c.var.inProcessApi` (src/app.tsx): the call runs on the outer
 * request's connection and under its id.
 */
export const adoptOuterRequest = createMiddleware<AppEnv>(async (c, next) => {
  const shared = outer.get(c.req.raw)!
  c.set('db', shared.db)
  c.set('requestId', shared.requestId)
  await next()
})

export function usesExternalApi(env: Env): boolean {
  return settings(env).authApiBase !== null
}

export async function callAuthApi<T = Record<string, unknown>>(c: Context<AppEnv>, call: ApiCall): Promise<ApiAnswer<T>> {
  const base = settings(c.env).authApiBase
  if (!base) return callInProcess<T>(c, call)
  const { headers, init } = requestOf(c, call)
  headers.set('x-forwarded-for', clientIp(c))
  try {
    return await readAnswer<T>(c, await fetch(`${base}/${call.path}`, init))
  } catch {
    return unavailable(c)
  }
}

/**
 * A call to this worker's own /api/v1, whatever AUTH_API_BASE says: for the calls only it
 * serves, such as the desk's (src/routes/desk/).
 */
export async function callInProcess<T = Record<string, unknown>>(c: Context<AppEnv>, call: ApiCall): Promise<ApiAnswer<T>> {
  const { headers, init } = requestOf(c, call)
  // The API limits per address: it must see the visitor's, not the worker's.
  headers.set('cf-connecting-ip', clientIp(c))
  const request = new Request(`${new URL(c.req.url).origin}/api/v1/${call.path}`, init)
  outer.set(request, { db: c.var.db, requestId: c.var.requestId })
  return readAnswer<T>(c, await c.var.inProcessApi(request, c.env, c.executionCtx))
}

function requestOf(c: Context<AppEnv>, call: ApiCall): { headers: Headers; init: RequestInit } {
  const headers = new Headers({ 'accept-language': c.var.lang, accept: 'application/json' })
  const userAgent = c.req.header('user-agent')
  if (userAgent) headers.set('user-agent', userAgent)
  if (call.bearer) headers.set('authorization', `Bearer ${call.bearer}`)
  let body: BodyInit | undefined
  if (call.body instanceof FormData) body = call.body
  else if (call.body !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(call.body)
  }
  return { headers, init: { method: call.method, headers, body } }
}

async function readAnswer<T>(c: Context<AppEnv>, res: Response): Promise<ApiAnswer<T>> {
  const retryAfter = Number(res.headers.get('retry-after')) || undefined
  const body = (await res.json().catch(() => null)) as Envelope<T> | null
  if (!body || typeof body.message !== 'string') return unavailable(c)
  return { status: res.status, body, retryAfter }
}

export const UNAVAILABLE = msg`The sign-in service is unavailable. Please try again in a minute.`
export const UNAVAILABLE_RETRY_AFTER = 30

/** An API that cannot be reached, or answers out of contract, is "try again later". */
export function unavailable<T>(c: Context<AppEnv>): ApiAnswer<T> {
  const message = c.var.i18n._(UNAVAILABLE)
  return { status: 503, body: { status: 503, message }, retryAfter: UNAVAILABLE_RETRY_AFTER }
}
