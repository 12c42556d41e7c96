// Gives the worker tests a fresh, migrated database: an in-memory PGlite by default, or a
// new database on the PostgreSQL that TEST_DATABASE_URL names (npm run test:worker:pg).
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { startEmbeddedDb } from '../../scripts/lib/embedded-db.ts'
import { migrate } from '../../scripts/lib/migrate.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    databaseKind: 'pglite' | 'postgres'
    migrationVersions: string[]
    secondMigrationRun: string[]
  }
}

async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const name = `hadaf_test_${process.pid}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${name}`)
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  // Hyperdrive's local proxy wants credentials in the URL; trust auth ignores the password.
  url.username ||= 'postgres'
  url.password ||= 'postgres'
  return {
    url: url.toString(),
    async stop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  const db = serverUrl ? await freshPostgresDatabase(serverUrl) : await startEmbeddedDb({})
  const applied = await migrate(db.url)
  project.provide('databaseUrl', db.url)
  project.provide('databaseKind', serverUrl ? 'postgres' : 'pglite')
  project.provide('migrationVersions', applied)
  project.provide('secondMigrationRun', await migrate(db.url))
  return () => db.stop()
}
