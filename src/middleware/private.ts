// Answers that belong to one signed-in visitor (security.md: "Signed-in answers are
// `Cache-Control: private, no-store`"): no shared cache may keep them, and the browser may
// not store them either, so a shared computer's back button shows nothing after sign-out.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types.ts'

export const privateNoStore = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  c.header('Cache-Control', 'private, no-store')
})
