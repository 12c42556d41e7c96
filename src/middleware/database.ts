import { createMiddleware } from 'hono/factory'
import { createDatabase } from '../db/client.ts'
import type { AppEnv } from '../types.ts'

/** A lazy per-request database on `c.var.db`, closed after the response in waitUntil. */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  const db = createDatabase(c.env.DB.connectionString)
  c.set('db', db)
  try {
    await next()
  } finally {
    c.executionCtx.waitUntil(db.close())
  }
})
