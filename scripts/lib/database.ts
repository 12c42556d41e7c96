// Where the scripts find Postgres: DATABASE_URL when set (a real PostgreSQL, Supabase
// included), otherwise the embedded PGlite under .data/ — reused when the dev server
// already runs it, started here (and stopped afterwards) when it does not.
import { connect } from 'node:net'
import { startEmbeddedDb } from './embedded-db.ts'
import { checkEnvironment, scriptEnvironment } from './environment.ts'
import { migrate } from './migrate.ts'

export const EMBEDDED_PORT = 55432
export const EMBEDDED_DATA_DIR = new URL('../../.data/pglite', import.meta.url).pathname

/**
 * Where workerd keeps a local run's state (match rooms' storage, uploaded media, the cache):
 * beside the database it belongs to, so a fresh database never meets rooms that remember
 * another one's matches under the same ids. `dataDir` is serve.ts's --data-dir.
 */
export function localStateDir(dataDir?: string): string {
  return dataDir ? `${dataDir}/workerd` : new URL('../../.data/workerd', import.meta.url).pathname
}

export interface DatabaseHandle {
  url: string
  embedded: boolean
  stop(): Promise<void>
}

export async function openDatabase(opts: { dataDir?: string; port?: number } = {}): Promise<DatabaseHandle> {
  const { databaseUrl } = scriptEnvironment()
  if (databaseUrl) return { url: databaseUrl, embedded: false, stop: async () => {} }
  const port = opts.port ?? EMBEDDED_PORT
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`
  if (opts.port !== 0 && (await isListening(port))) return { url, embedded: true, stop: async () => {} }
  const db = await startEmbeddedDb({ dataDir: opts.dataDir ?? EMBEDDED_DATA_DIR, port })
  return { url: db.url, embedded: true, stop: db.stop }
}

export function isListening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * A command's life on the database: checks the environment, opens the database and brings
 * its schema up to date, runs `command` with its address, stops what it started, and exits
 * with the code `command` returns (1 when it throws, with the error's message).
 */
export async function runOnDatabase(command: (url: string) => Promise<number>): Promise<never> {
  checkEnvironment()
  const db = await openDatabase()
  let exitCode: number
  try {
    await migrate(db.url)
    exitCode = await command(db.url)
  } catch (e) {
    console.error(e instanceof Error ? e.message : e)
    exitCode = 1
  } finally {
    await db.stop()
  }
  process.exit(exitCode)
}
