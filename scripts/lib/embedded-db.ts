// The embedded database: PGlite persisted under a folder, served over the Postgres
// wire protocol so the worker (through its Hyperdrive binding), the migration runner
// and the importer all speak to it exactly as they would to Supabase Postgres.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { mkdirSync } from 'node:fs'

export interface EmbeddedDb {
  url: string
  stop(): Promise<void>
}

/** Starts PGlite on `port` (0 picks a free one). `dataDir` undefined keeps it in memory. */
export async function startEmbeddedDb(opts: { dataDir?: string; port?: number }): Promise<EmbeddedDb> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true })
  const db = await PGlite.create({ dataDir: opts.dataDir, extensions: { pg_trgm } })
  // Several connections: the worker's per-request clients, the dev server and scripts
  // share one PGlite; the server queues their messages and keeps transactions whole.
  const server = new PGLiteSocketServer({ db, port: opts.port ?? 0, host: '127.0.0.1', maxConnections: 64 })
  await server.start()
  const [, port] = server.getServerConn().split(':')
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop()
      await db.close()
    },
  }
}
