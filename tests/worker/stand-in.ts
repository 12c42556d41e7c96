// Local stand-ins for the services the worker calls over HTTP (mail provider, captcha
// siteverify, Supabase's JWKS, an external sign-in API): a small Hono app answers every
// request the worker sends to the stand-in's origin, and nothing leaves the machine.
// Worker code runs in the test's isolate, so replacing `fetch` there reaches it.
import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import type { Hono } from 'hono'
import postgres from 'postgres'
import { vi } from 'vitest'
import { createApp } from '../../src/app.tsx'
import type { OpenDatabase } from '../../src/middleware/database.ts'
import { ORIGIN } from './helpers.ts'

/** Routes the worker's requests under `origin` to `app`, until the test ends (setup.ts); the rest go out as before. */
export function standIn(origin: string, app: Pick<Hono, 'fetch'>): { requests: Request[] } {
  const requests: Request[] = []
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (!request.url.startsWith(origin)) return realFetch(input, init)
    requests.push(request.clone() as Request)
    // As a real fetch does, a request's signal gives up on an answer that is slow to come.
    const signal = init?.signal ?? request.signal
    return Promise.race([
      app.fetch(request),
      new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(signal.reason)
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
      }),
    ])
  })
  return { requests }
}

// Requests made here run in the test's own context, where no invocation ends to close a
// per-request client: they share one client per test file instead, and each request counts
// its own statements from it.
let statements = 0
let shared: postgres.Sql | undefined

export const openSharedDatabase: OpenDatabase = (bindings) => {
  shared ??= postgres(bindings.DB.connectionString, { max: 1, fetch_types: false, debug: () => statements++ })
  const start = statements
  return {
    sql: shared,
    get queryCount() {
      return statements - start
    },
  }
}

/**
 * A request through a fresh app with some settings changed, as `worker.fetch(req, env,
 * ctx)`, waiting for its waitUntil work: how tests reach production mode or another
 * captcha or mail provider, and see the mail a request sends after answering. A path that
 * starts with a scheme goes to that host instead of the tests' own (a forged Host header).
 */
export async function fetchWith(settings: Partial<Env>, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const app = createApp({ openDatabase: openSharedDatabase })
  const url = /^https?:/.test(path) ? path : ORIGIN + path
  const res = await app.fetch(new Request(url, { redirect: 'manual', ...init }), { ...env, ...settings }, ctx)
  await waitOnExecutionContext(ctx)
  return res
}
