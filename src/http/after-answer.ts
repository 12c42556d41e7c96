// Work a route starts for after its answer (waitUntil): the visitor does not wait for it,
// and nobody is left to tell when it fails, so a failure is logged under the request's id.
import type { Context } from 'hono'
import type { AppEnv } from '../types.ts'

/** `work` runs on after the answer; a failure is logged as `{ id, [label]: error }`. */
export function afterAnswer(c: Context<AppEnv>, label: string, work: Promise<unknown>): void {
  c.executionCtx.waitUntil(
    work.then(
      () => undefined,
      (error: unknown) => console.error(JSON.stringify({ id: c.var.requestId, [label]: String(error) })),
    ),
  )
}
