// A sanction the project knows (content/deductions.json) reaches its season however the season
// arrives (decision 102). Here the operator's way: the seed has run, then `npm run import --
// FILE` brings a season it did not carry, and the table reads as it finally stood.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedDb, type EmbeddedDb } from '../../../scripts/lib/embedded-db.ts'
import { footballDataDir, PROJECT_ROOT } from '../../../scripts/lib/football-data.ts'
import { migrate } from '../../../scripts/lib/migrate.ts'
import { seed } from '../../../scripts/lib/seed.ts'
import { loadLeague } from '../../../src/db/leagues.ts'
import { leagueTable } from '../../../src/football/tables.ts'
import { runScript } from '../../support/run-script.ts'

/** Serie A 2022/23, which data/openfootball does not carry (tests/data/openfootball/README.md). */
const SERIE_A_2022 = join(PROJECT_ROOT, 'tests/data/openfootball/2022-23/it.1.json')

describe('a season imported after the seed', () => {
  let db: EmbeddedDb
  let sql: postgres.Sql
  const scratch = mkdtempSync(join(tmpdir(), 'hadaf-known-deductions-'))

  beforeAll(async () => {
    db = await startEmbeddedDb({})
    await migrate(db.url)
    sql = postgres(db.url, { max: 1, onnotice: () => {} })
  }, 60_000)

  afterAll(async () => {
    await sql?.end()
    await db?.stop()
    rmSync(scratch, { recursive: true, force: true })
  })

  it('has the deductions the project knows for it: Juventus 7th on 62 in Serie A 2022/23, not 3rd on 72', async () => {
    // The seed, over one season of Serie A, so that Juventus is a club before its 2022/23 arrives.
    const dataDir = join(scratch, 'openfootball')
    cpSync(join(footballDataDir(), 'football.json/2023-24/it.1.json'), join(dataDir, 'football.json/2023-24/it.1.json'))
    const lines: string[] = []
    await seed(db.url, { dataDir, log: (line) => lines.push(line) })
    expect(lines.join('\n')).toMatch(/deductions: 0 applied, 5 for seasons not imported/)

    const imported = await runScript(['scripts/import-cli.ts', SERIE_A_2022], { ...process.env, DATABASE_URL: db.url })
    expect(imported.stderr).toBe('')
    expect(imported.code).toBe(0)

    const page = (await loadLeague(sql, 'it.1', 'en', '2022/23'))!
    const table = leagueTable(page.tableMatches!, 'en', { rules: page.competitionRules, deductions: page.deductions })
    const standing = table.rows.map((row, i) => ({ place: i + 1, club: table.teams.get(row.team)!.name.en, points: row.points, deducted: row.deducted }))
    expect(standing.slice(0, 7).map((row) => row.club)).toEqual(['Napoli', 'Lazio', 'Inter', 'AC Milan', 'Atalanta', 'Roma', 'Juventus'])
    expect(standing[6]).toEqual({ place: 7, club: 'Juventus', points: 62, deducted: 10 })
    expect(table.deductions).toEqual([expect.objectContaining({ points: 10, source: expect.stringMatching(/^https:\/\//) })])

    // A second import of the same file changes nothing, the deduction included.
    const again = await runScript(['scripts/import-cli.ts', SERIE_A_2022], { ...process.env, DATABASE_URL: db.url })
    expect(again.code).toBe(0)
    expect(await sql`select 1 from point_deductions`).toHaveLength(1)
  }, 120_000)
})
