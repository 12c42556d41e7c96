// A request's database client closes its connection once the answer is written, without the
// unhandled rejection postgres.js's own workerd socket leaves on close (porsager/postgres#1202):
// Vitest fails the run on one, so ending cleanly is half of what these tests prove.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/app.tsx'
import { createDatabase } from '../../src/db/client.ts'
import { ORIGIN, sql, unseenPath } from './helpers.ts'

/** The server's connections whose client named itself `name` (connection.application_name). */
async function connectionsNamed(name: string): Promise<number> {
  const [row] = await sql()<{ count: number }[]>`select count(*)::int as count from pg_stat_activity where application_name = ${name}`
  return row!.count
}

describe('the database client', () => {
  it('opens no connection for a request that reads nothing', () => {
    const db = createDatabase(env.DB.connectionString)
    expect(db.opened).toBe(false)
  })

  it('answers, then ends its connection and leaves nothing behind', async () => {
    const db = createDatabase(env.DB.connectionString)
    const [row] = await db.sql<{ one: number }[]>`select 1 as one`
    expect(row!.one).toBe(1)
    expect(db.opened).toBe(true)
    await db.end()
    // A rejection left by the close would surface within a turn or two; give it some.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await expect(db.sql`select 1`).rejects.toMatchObject({ code: 'CONNECTION_ENDED' })
  })

  it("ends a page's connection once it has answered, though the invocation goes on", async () => {
    // The app run inside this test's invocation, as a request inside a long one: workerd would
    // close the request's socket only when the test ends. PostgreSQL lists the connection by
    // its name; PGlite lists none, so the PostgreSQL tier is the one that tells.
    const before = await connectionsNamed('hadaf')
    const ctx = createExecutionContext()
    const res = await createApp().fetch(new Request(ORIGIN + unseenPath('/en/leagues')), env, ctx)
    expect(res.status).toBe(200)
    await res.text()
    await waitOnExecutionContext(ctx)
    await expect.poll(() => connectionsNamed('hadaf'), { timeout: 5_000 }).toBe(before)
  })
})
