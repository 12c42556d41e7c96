import { inject } from 'vitest'
import { describe, expect, it } from 'vitest'
import { sql } from './helpers.ts'

describe(`migrations on ${inject('databaseKind')}`, () => {
  it('recorded every migration file, in order, in the Supabase CLI table', async () => {
    const rows = await sql()<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version`
    const applied = inject('migrationVersions')
    expect(applied.length).toBeGreaterThan(0)
    expect(rows.map((r) => r.version)).toEqual(applied)
  })

  it('does nothing when run a second time', () => {
    expect(inject('secondMigrationRun')).toEqual([])
  })

  it('stores only 32-byte token hashes for sessions', async () => {
    const db = sql()
    const [user] = await db<{ id: string }[]>`insert into users (email, name) values ('hash-check@example.test', 'Hash') returning id`
    await expect(
      db`insert into sessions (user_id, token_hash, expires_at) values (${user!.id}, ${new Uint8Array(8)}, now())`,
    ).rejects.toThrow(/check constraint/)
  })

  it('keeps one account per email whatever its case', async () => {
    const db = sql()
    await db`insert into users (email, name) values ('Case@Example.test', 'One')`
    await expect(db`insert into users (email, name) values ('case@example.TEST', 'Two')`).rejects.toThrow(/unique/)
  })

  it('keeps every table behind row-level security, so Supabase\'s Data API serves none of them', async () => {
    const open = await sql()<{ tablename: string }[]>`
      select c.relname as tablename from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`
    expect(open).toEqual([])
  })
})
