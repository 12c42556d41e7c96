// `npm run user:role -- <email> <role>`, as an operator runs it on a real PostgreSQL: the
// role changes, the audit log says so, and an unknown address or role changes nothing.
// Skipped when no PostgreSQL answers, except in CI.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../scripts/lib/migrate.ts'
import { postgresAvailable, throwawayDatabase, type ThrowawayDatabase } from './throwaway-postgres.ts'

let database: ThrowawayDatabase

async function userRole(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/user-role.ts', ...args], { env: { ...process.env, DATABASE_URL: database.url } })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

describe.skipIf(!postgresAvailable)('npm run user:role', () => {
  let db: postgres.Sql

  beforeAll(async () => {
    database = await throwawayDatabase(`hadaf_roles_${process.pid}`)
    await migrate(database.url)
    db = postgres(database.url, { max: 1, onnotice: () => {} })
    await db`insert into users (email, name) values ('Editor@Example.test', 'First Editor')`
  }, 60_000)

  afterAll(async () => {
    await db?.end()
    await database?.drop()
  })

  it('gives an account a role, whatever the address’s case, and audits it', async () => {
    const { code, output } = await userRole('editor@example.test', 'admin')
    expect(output).toContain('reader → admin')
    expect(code).toBe(0)
    const [user] = await db<{ role: string }[]>`select role from users where email = 'Editor@Example.test'`
    expect(user!.role).toBe('admin')
    const [entry] = await db<{ action: string; before: unknown; after: unknown; actor_id: string | null }[]>`select action, before, after, actor_id from audit_log`
    expect(entry).toEqual({ action: 'user.role', before: { role: 'reader' }, after: { role: 'admin' }, actor_id: null })
  }, 60_000)

  it('refuses an unknown address or role', async () => {
    const unknown = await userRole('nobody@example.test', 'editor')
    expect(unknown.code).toBe(1)
    expect(unknown.output).toContain('No account has the address nobody@example.test')
    expect((await userRole('editor@example.test', 'owner')).code).toBe(2)
  }, 60_000)
})
