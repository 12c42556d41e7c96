import { createMiddleware } from 'hono/factory'
import { createDatabase, type Database } from '../db/client.ts'
import { isLocalDevelopment } from '../env.ts'
import type { AppEnv } from '../types.ts'

export type OpenDatabase = (env: Env) => Database

const perRequest: OpenDatabase = (env) => createDatabase(env.DB.connectionString)

/**
 * A lazy per-request database on `c.var.db` (see db/client.ts for its lifetime). Tests that
 * run the app outside a worker invocation pass their own `open`, since nothing would close
 * a client per request there.
 */
export function database(open: OpenDatabase = perRequest) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const db = open(c.env)
    c.set('db', db)
    await next()
    // Local runs report the statements a response cost; worker tests hold pages to a budget.
    // The edge cache's read of the page versions is its own cost, not the page's.
    if (isLocalDevelopment(c.env)) c.header('X-Db-Queries', String(db.queryCount - (c.var.cacheStatements ?? 0)))
  })
}
