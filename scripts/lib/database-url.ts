// DATABASE_URL as Miniflare's Hyperdrive takes it: what a psql user leaves out, filled in as
// postgres.js would. The environment's schema (environment.ts) completes it at start-up.
import { userInfo } from 'node:os'

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
 * that hands a URL to Miniflare or wrangler gets it from here, through scriptEnvironment().
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
