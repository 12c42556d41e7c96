// Where the scripts find Postgres: DATABASE_URL when set (a real PostgreSQL, Supabase
// included), otherwise the embedded PGlite under .data/ — reused when the dev server
// already runs it, started here (and stopped afterwards) when it does not.
import { connect } from 'node:net'
import { userInfo } from 'node:os'
import { startEmbeddedDb } from './embedded-db.ts'

export const EMBEDDED_PORT = 55432
export const EMBEDDED_DATA_DIR = new URL('../../.data/pglite', import.meta.url).pathname

export interface DatabaseHandle {
  url: string
  embedded: boolean
  stop(): Promise<void>
}

export async function openDatabase(opts: { dataDir?: string; port?: number } = {}): Promise<DatabaseHandle> {
  const fromEnv = process.env.DATABASE_URL
  if (fromEnv) return { url: completeDatabaseUrl(fromEnv), embedded: false, stop: async () => {} }
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

/** Stands in for the password a trust-auth server never asks for; Hyperdrive insists on one. */
export const PLACEHOLDER_PASSWORD = 'postgres'

/**
 * A PostgreSQL URL with every part Miniflare's Hyperdrive insists on: it refuses a URL
 * without a user, a password or a database ("You must provide a password"), though a server
 * with trust auth needs no password and psql or postgres.js fill the rest in. This fills them
 * as postgres.js does (user: PGUSER or the login name; password: PGPASSWORD, else a
 * placeholder the server ignores; database: PGDATABASE or the user; host: PGHOST or
 * localhost), so the scripts and the worker reach the same database as the same user.
 * Everything given, query parameters and percent-encoding included, is kept. Every script
 * that hands a URL to Miniflare or wrangler gets it from here.
 */
export function completeDatabaseUrl(raw: string, env: Record<string, string | undefined> = process.env): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error('DATABASE_URL is not a URL: write it as postgres://user[:password]@host[:port]/database')
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, not ${url.protocol}//`)
  }
  const socket = [decodeURIComponent(url.hostname), url.searchParams.get('host') ?? '', url.hostname ? '' : (env.PGHOST ?? '')].find((host) => host.includes('/'))
  if (socket) {
    throw new Error(
      `DATABASE_URL names a Unix socket (${socket}), but the worker's Hyperdrive binding reaches PostgreSQL over TCP only: ` +
        'use the address the server listens on, e.g. postgres://postgres@127.0.0.1:5432/database',
    )
  }
  url.hostname ||= env.PGHOST || 'localhost'
  if (!url.port && env.PGPORT) url.port = env.PGPORT
  url.username ||= env.PGUSERNAME || env.PGUSER || userInfo().username
  url.password ||= env.PGPASSWORD || PLACEHOLDER_PASSWORD
  if (url.pathname.length <= 1) url.pathname = `/${encodeURIComponent(env.PGDATABASE || decodeURIComponent(url.username))}`
  return url.toString()
}
