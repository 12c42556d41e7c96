import { createMiddleware } from 'hono/factory'
import { createDatabase, type Database } from '../db/client.ts'
import { isLocalDevelopment } from '../env.ts'
import type { AppEnv } from '../types.ts'

export type OpenDatabase = (env: Env) => Database

const perRequest: OpenDatabase = (env) => createDatabase(env.DB.connectionString)

/**
 * A lazy per-request database on `c.var.db`, ended once the answer exists (see db/client.ts
 * for why by hand). Pages read their data before they render, and render without suspending
 * (render.tsx), so nothing reads while the answer streams; `end` still lets statements already
 * sent finish. Tests that run the app outside a worker invocation pass their own `open`,
 * which no request ends.
 */
export function database(open: OpenDatabase = perRequest) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const db = open(c.env)
    c.set('db', db)
    await next()
    // Local runs report the statements a response cost; worker tests hold pages to a budget.
    // The edge cache's read of the page versions is its own cost, not the page's.
    if (isLocalDevelopment(c.env)) c.header('X-Db-Queries', String(db.queryCount - (c.var.cacheStatements ?? 0)))
    if (db.opened) c.executionCtx.waitUntil(db.end())
  })
}
