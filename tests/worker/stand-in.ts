// Local stand-ins for the services the worker calls over HTTP (mail provider, captcha
// siteverify, Supabase's JWKS, an external sign-in API): a small Hono app answers every
// request the worker sends to the stand-in's origin, and nothing leaves the machine.
// Worker code runs in the test's isolate, so replacing `fetch` there reaches it.
import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import type { Hono } from 'hono'
import { afterEach, vi } from 'vitest'
import { createApp } from '../../src/app.tsx'
import { ORIGIN } from './helpers.ts'

/** Routes the worker's requests under `origin` to `app`; the rest go out as before. */
export function standIn(origin: string, app: Pick<Hono, 'fetch'>): { requests: Request[] } {
  const requests: Request[] = []
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (!request.url.startsWith(origin)) return realFetch(input, init)
    requests.push(request.clone())
    return app.fetch(request)
  })
  return { requests }
}

afterEach(() => {
  vi.restoreAllMocks()
})

/**
 * A request through a fresh app with some settings changed, as `worker.fetch(req, env,
 * ctx)`: how tests reach production mode or another captcha or mail provider.
 */
export async function fetchWith(settings: Partial<Env>, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const res = await createApp().fetch(new Request(ORIGIN + path, { redirect: 'manual', ...init }), { ...env, ...settings }, ctx)
  await waitOnExecutionContext(ctx)
  return res
}
