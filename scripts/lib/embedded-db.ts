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
  // share one PGlite; the server queues their messages and keeps transactions whole. Past
  // maxConnections it drops a new connection at once (postgres.js reconnects straight
  // away, again and again), and one it lets in waits for its startup behind every message
  // queued before it: in a burst of 300 requests that took longer than the worker's old 5 s
  // connect_timeout ("write CONNECT_TIMEOUT", issue 24). The worker's connections now wait
  // in the queue in front (connection-queue.ts, decision 113), at most twice DATABASE_PLACES
  // at a time, so 128 leaves room for the scripts and the tests.
  const server = new PGLiteSocketServer({ db, port: opts.port ?? 0, host: '127.0.0.1', maxConnections: 128 })
  keepQueriesWhole(server, db)
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

/** Extended-query messages after which the same connection's next message must follow: Parse, Bind, Describe, Execute, Close, Flush. */
const MID_QUERY = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((type) => type.charCodeAt(0)))

/**
 * The server's queue takes messages one at a time from any connection and holds one
 * connection's turn only inside a transaction. postgres.js sends each query as Parse, Bind,
 * Execute and Sync on the unnamed portal, so two connections' queries could interleave and
 * one would lose its portal ("portal "" does not exist"): the desk's screens read through
 * several requests at once. The queue asks the database whether to hold a connection's
 * turn; this answers yes also while that connection is between Parse and Sync.
 */
function keepQueriesWhole(server: PGLiteSocketServer, db: PGlite) {
  const queue = (server as unknown as { queryQueue: QueueInternals }).queryQueue
  const sender = new WeakMap<Uint8Array, number>()
  const midQuery = new Set<number>()
  const enqueue = queue.enqueue.bind(queue)
  queue.enqueue = (handlerId, message, onData) => {
    sender.set(message, handlerId)
    return enqueue(handlerId, message, onData)
  }
  queue.db = new Proxy(db, {
    get(target, property) {
      if (property === 'isInTransaction') return () => target.isInTransaction() || (queue.lastHandlerId !== null && midQuery.has(queue.lastHandlerId))
      // Marked as each message is run, before the queue picks the next one.
      if (property === 'execProtocolRawStream') {
        return async (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const answer = await target.execProtocolRawStream(message, options)
          const handlerId = sender.get(message)
          if (handlerId !== undefined && MID_QUERY.has(message[0]!)) midQuery.add(handlerId)
          else if (handlerId !== undefined) midQuery.delete(handlerId)
          return answer
        }
      }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** What keepQueriesWhole reaches inside the server's queue (@electric-sql/pglite-socket 0.2). */
interface QueueInternals {
  db: PGlite
  lastHandlerId: number | null
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>
}
