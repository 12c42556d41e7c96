// Applies supabase/migrations/*.sql in name order, one transaction per file, and records
// each in supabase_migrations.schema_migrations — the table the Supabase CLI keeps — so
// `npm run db:migrate` and `supabase db push` agree on what has been applied.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'

export const MIGRATIONS_DIR = new URL('../../supabase/migrations/', import.meta.url).pathname

const FILE_NAME = /^(\d{14})_([a-z0-9_]+)\.sql$/

export interface MigrationFile {
  version: string
  name: string
  sql: string
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = FILE_NAME.exec(file)
      if (!match) throw new Error(`${file}: migration names are <14-digit timestamp>_<snake_case>.sql`)
      return { version: match[1]!, name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') }
    })
}

/** Applies the pending migrations and returns their versions (empty when up to date). */
export async function migrate(url: string, files = readMigrations()): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await sql`create schema if not exists supabase_migrations`
    await sql`
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key,
        statements text[],
        name text
      )`
    const done = new Set((await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map((r) => r.version))
    const applied: string[] = []
    for (const file of files) {
      if (done.has(file.version)) continue
      await sql.begin(async (tx) => {
        await tx.unsafe(file.sql)
        await tx`insert into supabase_migrations.schema_migrations (version, name) values (${file.version}, ${file.name})`
      })
      applied.push(file.version)
    }
    return applied
  } finally {
    await sql.end()
  }
}

/** Drops everything the migrations made, for `npm run db:reset` and fresh test databases. */
export async function resetSchema(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await sql.unsafe(`
      drop schema if exists public cascade;
      drop schema if exists supabase_migrations cascade;
      create schema public;
    `)
  } finally {
    await sql.end()
  }
}
