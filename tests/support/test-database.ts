// A fresh, empty database for one test run: a new database on the PostgreSQL server that
// DATABASE_URL names (dropped afterwards), or else an in-memory embedded PGlite.
import postgres from 'postgres'
import { startEmbeddedDb } from '../../scripts/lib/embedded-db.ts'
import { scriptEnvironment } from '../../scripts/lib/environment.ts'

export interface TestDatabase {
  url: string
  kind: 'pglite' | 'postgres'
  stop(): Promise<void>
}

/**
 * `idleSessionSeconds`: the server ends a session idle that long. Worker tests in one module
 * graph run their requests inside the test's own invocation, so a request's connection is
 * left open until garbage collection, holding a place in PgBouncer's session pool: the server
 * ends it once idle, and the pool's place is free again (decision 154).
 */
export async function openTestDatabase(label: string, { idleSessionSeconds }: { idleSessionSeconds?: number } = {}): Promise<TestDatabase> {
  const serverUrl = scriptEnvironment().databaseUrl
  if (!serverUrl) {
    const db = await startEmbeddedDb({})
    return { url: db.url, kind: 'pglite', stop: db.stop }
  }
  const name = `hadaf_${label}_${process.pid}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${name}`)
  await admin.unsafe(`create database ${name}`)
  if (idleSessionSeconds) await admin.unsafe(`alter database ${name} set idle_session_timeout = '${idleSessionSeconds}s'`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    kind: 'postgres',
    async stop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
