// The seed never leaves a site without football: where the data is looked for, the refusal
// when it is missing (in the seed itself, and as `npm start` and `npm run seed` exit), and
// the one case where the folder is not needed: a database that already holds the import.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startEmbeddedDb, type EmbeddedDb } from '../../scripts/lib/embedded-db.ts'
import { footballDataDir, FootballDataMissing, PROJECT_ROOT } from '../../scripts/lib/football-data.ts'
import { migrate } from '../../scripts/lib/migrate.ts'
import { seed } from '../../scripts/lib/seed.ts'
import { runScript } from '../support/run-script.ts'

const MISSING = '/nonexistent/openfootball'
const scratch = mkdtempSync(join(tmpdir(), 'hadaf-seed-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('footballDataDir', () => {
  it('defaults to the copy the project carries, from the project root whatever the working folder', () => {
    expect(footballDataDir({})).toBe(join(PROJECT_ROOT, 'data/openfootball'))
    expect(footballDataDir({ FOOTBALL_DATA_DIR: '' })).toBe(join(PROJECT_ROOT, 'data/openfootball'))
  })

  it('takes FOOTBALL_DATA_DIR, a relative one against the project root', () => {
    expect(footballDataDir({ FOOTBALL_DATA_DIR: '/srv/football' })).toBe('/srv/football')
    expect(footballDataDir({ FOOTBALL_DATA_DIR: '../football' })).toBe(join(PROJECT_ROOT, '../football'))
  })
})

describe('seed', () => {
  let db: EmbeddedDb
  let sql: postgres.Sql

  // A fresh database migrated from the first migration: seconds when the machine is busy.
  beforeEach(async () => {
    db = await startEmbeddedDb({})
    await migrate(db.url)
    sql = postgres(db.url, { max: 1, onnotice: () => {} })
  }, 60_000)

  afterEach(async () => {
    await sql.end()
    await db.stop()
  })

  const posts = async (): Promise<number> => (await sql<{ n: number }[]>`select count(*)::int as n from posts`)[0]!.n

  it('refuses an empty database when the data folder is missing, saying where it looked and how to fix it', async () => {
    const refusal = seed(db.url, { dataDir: MISSING, log: () => {} })
    await expect(refusal).rejects.toBeInstanceOf(FootballDataMissing)
    await expect(refusal).rejects.toThrow(/\/nonexistent\/openfootball was not found[\s\S]*FOOTBALL_DATA_DIR[\s\S]*git checkout -- data\/openfootball/)
    expect(await posts()).toBe(0)
  })

  it('refuses a folder that holds no match', async () => {
    const empty = mkdtempSync(join(scratch, 'empty-'))
    await expect(seed(db.url, { dataDir: empty, log: () => {} })).rejects.toThrow(/holds no match the importer can read/)
  })

  it('lets a database that already holds the import start without the folder, but not re-import it', async () => {
    const [{ season }] = await sql<[{ season: string }]>`
      with c as (insert into competitions (id, kind, name, short_name) values ('xx.1', 'league', '{"en":"X"}', '{"en":"X"}') returning id)
      insert into seasons (competition_id, label) select id, '2024/25' from c returning id as season`
    const [home, away] = await sql<{ id: string }[]>`
      insert into clubs (kind, name, short_name, source_key)
      values ('club', '{"en":"Home"}', '{"en":"Home"}', 'test:home'), ('club', '{"en":"Away"}', '{"en":"Away"}', 'test:away') returning id`
    await sql`insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season}, '2024-08-16T19:00:00Z', ${home!.id}, ${away!.id}, 'finished', 'test:match')`
    const lines: string[] = []
    await seed(db.url, { dataDir: MISSING, log: (line) => lines.push(line) })
    expect(lines[0]).toMatch(/already in the database \(1 matches\)/)
    expect(await posts()).toBeGreaterThan(0)
    await expect(seed(db.url, { dataDir: MISSING, force: true, log: () => {} })).rejects.toBeInstanceOf(FootballDataMissing)
  }, 30_000)
})

describe('the scripts, when the data is missing', () => {
  it('npm start exits 1 with the fix instead of serving an empty site', async () => {
    const { DATABASE_URL: _, ...env } = process.env
    const { code, stderr } = await runScript(['scripts/serve.ts', 'start', '--port', '1', '--data-dir', join(scratch, 'start'), '--db-port', '0'], {
      ...env,
      FOOTBALL_DATA_DIR: MISSING,
    })
    expect(stderr).toContain(`football data: ${MISSING} was not found (FOOTBALL_DATA_DIR=${MISSING})`)
    expect(stderr).not.toMatch(/\n\s+at /)
    expect(code).toBe(1)
  }, 60_000)

  it('npm run seed exits 1 with the fix', async () => {
    const db = await startEmbeddedDb({})
    try {
      const { code, stderr } = await runScript(['scripts/seed.ts'], { ...process.env, DATABASE_URL: db.url, FOOTBALL_DATA_DIR: MISSING })
      expect(stderr).toContain('FOOTBALL_DATA_DIR')
      expect(code).toBe(1)
    } finally {
      await db.stop()
    }
  }, 60_000)
})
