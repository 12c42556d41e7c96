// One Postgres client per request: Workers cannot share sockets across requests, and
// Hyperdrive pools the real connections behind the binding. The client opens lazily,
// so a page that needs no data makes no connection. It is not ended by hand: workerd
// closes a request's sockets when the invocation finishes, and postgres.js 3.4.9's
// sql.end() on workerd leaves an unhandled rejection behind (porsager/postgres#1202),
// which is why Cloudflare's Hyperdrive examples dropped it too (docs/decisions/).
import postgres from 'postgres'

export interface Database {
  /** The tagged-template client; the first use opens the connection. */
  readonly sql: postgres.Sql
  /** Statements sent so far in this request (worker tests assert page budgets on it). */
  readonly queryCount: number
}

export function createDatabase(connectionString: string): Database {
  let client: postgres.Sql | undefined
  let queryCount = 0
  return {
    get sql() {
      client ??= postgres(connectionString, {
        // One request runs its queries on one connection, pipelined when issued together.
        max: 1,
        // Skip the type-catalogue round trip postgres.js makes on connect.
        fetch_types: false,
        connect_timeout: 5,
        debug: () => {
          queryCount++
        },
      })
      return client
    },
    get queryCount() {
      return queryCount
    },
  }
}

// SQLSTATE classes and client codes that mean "the database is not there", as opposed
// to a bug in a query: those answer 503 with Retry-After (security.md, Reliability).
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-3])/
const UNAVAILABLE_CLIENT_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
])

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNAVAILABLE_CLIENT_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true
  // Sockets refused inside workerd surface as plain errors without a code.
  return /connect|network connection lost|socket/i.test(error.message) && !/syntax|relation|column/i.test(error.message)
}
