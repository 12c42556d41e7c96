import { createMiddleware } from 'hono/factory'
import { createDatabase } from '../db/client.ts'
import { isLocalDevelopment } from '../env.ts'
import type { AppEnv } from '../types.ts'

/** A lazy per-request database on `c.var.db` (see db/client.ts for its lifetime). */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  const db = createDatabase(c.env.DB.connectionString)
  c.set('db', db)
  await next()
  // Local runs report the statements a response cost; worker tests hold pages to a budget.
  if (isLocalDevelopment(c.env)) c.header('X-Db-Queries', String(db.queryCount))
})
