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

export async function openTestDatabase(label: string): Promise<TestDatabase> {
  const serverUrl = scriptEnvironment().databaseUrl
  if (!serverUrl) {
    const db = await startEmbeddedDb({})
    return { url: db.url, kind: 'pglite', stop: db.stop }
  }
  const name = `hadaf_${label}_${process.pid}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${name}`)
  await admin.unsafe(`create database ${name}`)
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
