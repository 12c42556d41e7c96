// How the worker's routes call an API that speaks the envelope (lib/envelope.ts): this
// worker's own /api/v1 in-process (the desk, the live console, the sign-in pages), or one at
// another address (AUTH_API_BASE, src/auth/sign-in-api.ts). The token travels only between
// the worker and the API; the browser sees the cookie the routes set. What an API that
// cannot answer means is the caller's to say: the sign-in pages speak of the sign-in
// service, the desk of the desk.
import type { MessageDescriptor } from '@lingui/core'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Envelope } from '../../lib/envelope.ts'
import type { Database } from '../db/client.ts'
import { clientIp } from '../security/rate-limit.ts'
import type { AppEnv } from '../types.ts'

export interface ApiCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Under the API base, e.g. `authentication/login-2`. */
  path: string
  /** JSON; a FormData for uploads; a Blob for text sent as it is, with its type (a fixture list's CSV). */
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

/**
 * A call to the API at `base` (an http(s) URL ending before the call's path). Unreachable,
 * or answering out of contract, it is `unavailable`.
 */
export async function callApiAt<T = Record<string, unknown>>(
  c: Context<AppEnv>,
  base: string,
  call: ApiCall,
  unavailable: MessageDescriptor,
): Promise<ApiAnswer<T>> {
  const { headers, init } = requestOf(c, call)
  headers.set('x-forwarded-for', clientIp(c))
  try {
    return await readAnswer<T>(c, await fetch(`${base}/${call.path}`, init), unavailable)
  } catch {
    return unavailableAnswer(c, unavailable)
  }
}

/**
 * A call to this worker's own /api/v1: the desk's, the console's, and the sign-in pages'
 * when AUTH_API_BASE is empty. An answer out of contract is `unavailable`.
 */
export async function callInProcess<T = Record<string, unknown>>(
  c: Context<AppEnv>,
  call: ApiCall,
  unavailable: MessageDescriptor,
): Promise<ApiAnswer<T>> {
  const { headers, init } = requestOf(c, call)
  // The API limits per address: it must see the visitor's, not the worker's.
  headers.set('cf-connecting-ip', clientIp(c))
  const request = new Request(`${new URL(c.req.url).origin}/api/v1/${call.path}`, init)
  outer.set(request, { db: c.var.db, requestId: c.var.requestId })
  return readAnswer<T>(c, await c.var.inProcessApi(request, c.env, c.executionCtx), unavailable)
}

function requestOf(c: Context<AppEnv>, call: ApiCall): { headers: Headers; init: RequestInit } {
  const headers = new Headers({ 'accept-language': c.var.lang, accept: 'application/json' })
  const userAgent = c.req.header('user-agent')
  if (userAgent) headers.set('user-agent', userAgent)
  if (call.bearer) headers.set('authorization', `Bearer ${call.bearer}`)
  let body: BodyInit | undefined
  if (call.body instanceof FormData || call.body instanceof Blob) body = call.body
  else if (call.body !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(call.body)
  }
  return { headers, init: { method: call.method, headers, body } }
}

async function readAnswer<T>(c: Context<AppEnv>, res: Response, unavailable: MessageDescriptor): Promise<ApiAnswer<T>> {
  const retryAfter = Number(res.headers.get('retry-after')) || undefined
  const body = (await res.json().catch(() => null)) as Envelope<T> | null
  if (!body || typeof body.message !== 'string') return unavailableAnswer(c, unavailable)
  return { status: res.status, body, retryAfter }
}

/** Seconds to wait before trying an API that could not answer again. */
export const UNAVAILABLE_RETRY_AFTER = 30

/** An API that cannot be reached, or answers out of contract, is "try again later", in the caller's words. */
export function unavailableAnswer<T>(c: Context<AppEnv>, message: MessageDescriptor): ApiAnswer<T> {
  return { status: 503, body: { status: 503, message: c.var.i18n._(message) }, retryAfter: UNAVAILABLE_RETRY_AFTER }
}
