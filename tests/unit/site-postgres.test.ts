// `DATABASE_URL=postgres://postgres@127.0.0.1:5432/… npm run dev`, as a user of a trust-auth
// server types it: no password. Miniflare's Hyperdrive used to refuse that URL before the
// worker ran; here the site comes up on the machine's PostgreSQL and serves the seeded
// leagues through its binding. Skipped when no PostgreSQL answers, except in CI.
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSite, type RunningSite } from '../../scripts/lib/site.ts'
import { postgresAvailable, throwawayDatabase, type ThrowawayDatabase } from './throwaway-postgres.ts'

describe.skipIf(!postgresAvailable)('the site on PostgreSQL with a URL that has no password', () => {
  let database: ThrowawayDatabase
  let site: RunningSite

  beforeAll(async () => {
    database = await throwawayDatabase(`hadaf_pwless_${process.pid}`)
    site = await startSite({ databaseUrl: database.url, mode: 'dev' })
  }, 180_000)

  afterAll(async () => {
    await site?.stop()
    await database?.drop()
  })

  // Vite's dev server compiles the worker on this first request: seconds on a busy machine.
  it('serves the leagues from that database through the worker', async () => {
    const res = await fetch(`${site.baseUrl}/en/leagues/en.1?season=2023-24`)
    expect(res.status).toBe(200)
    expect(await res.text()).toMatch(/Manchester City/)
    expect(Number(res.headers.get('x-db-queries'))).toBeGreaterThan(0)
    const seeded = postgres(database.url, { max: 1 })
    const [{ matches }] = await seeded<[{ matches: number }]>`select count(*)::int as matches from matches where not demo`
    await seeded.end()
    expect(matches).toBeGreaterThan(5000)
  }, 60_000)
})
