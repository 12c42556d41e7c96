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

/** How long a request waits for its connection: a burst's last reader is let in well within it. */
const CONNECT_TIMEOUT_SECONDS = 30

/**
 * The application_name of a request's second connection, opened for work after its answer
 * while its first is still held: the local queue lets it past the line (connection-queue.ts),
 * or a burst of requests each waiting for their second would hold every place at once.
 */
export const AFTER_ANSWER_APPLICATION = 'hadaf after-answer'

/** `afterAnswer`: the request holds a connection already, and this one does its work after the answer. */
export function createDatabase(connectionString: string, { afterAnswer = false } = {}): Database {
  let client: postgres.Sql | undefined
  let queryCount = 0
  return {
    get sql() {
      client ??= postgres(connectionString, {
        // One request runs its queries on one connection, pipelined when issued together.
        max: 1,
        // Skip the type-catalogue round trip postgres.js makes on connect.
        fetch_types: false,
        connection: { application_name: afterAnswer ? AFTER_ANSWER_APPLICATION : 'hadaf' },
        // A connection may wait its turn for a while: in a burst, Hyperdrive's pool (or the
        // queue standing in for it locally) lets requests through as others finish. Only
        // past this does the request answer 503 with Retry-After (decision 113).
        connect_timeout: CONNECT_TIMEOUT_SECONDS,
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
