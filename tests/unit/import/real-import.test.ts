// Imports the whole openfootball snapshot (data/openfootball) into a throwaway PGlite, twice,
// and checks the database against the counts its upstream documents. FOOTBALL_DATA_DIR
// points elsewhere (relative to the repository root).
import { existsSync } from 'node:fs'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importFootballData, type ImportSummary } from '../../../scripts/import/importer.ts'
import { startEmbeddedDb, type EmbeddedDb } from '../../../scripts/lib/embedded-db.ts'
import { footballDataDir } from '../../../scripts/lib/football-data.ts'
import { migrate } from '../../../scripts/lib/migrate.ts'

const dataDir = footballDataDir()

let db: EmbeddedDb
let sql: postgres.Sql
let first: ImportSummary
let firstMs: number

async function count(query: string): Promise<number> {
  const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from (${query}) q`)
  return row!.n
}

const seasonMatches = (competition: string, label: string): string => `
  select m.* from matches m join seasons s on s.id = m.season_id
  where s.competition_id = '${competition}' and s.label = '${label}'`

describe('importing the real openfootball snapshot', () => {
  beforeAll(async () => {
    expect(existsSync(dataDir), `no football data at ${dataDir}; set FOOTBALL_DATA_DIR`).toBe(true)
    db = await startEmbeddedDb({})
    await migrate(db.url)
    sql = postgres(db.url, { max: 1, onnotice: () => {} })
    const started = performance.now()
    first = await importFootballData(db.url, [dataDir])
    firstMs = performance.now() - started
  }, 120_000)

  afterAll(async () => {
    await sql?.end()
    await db?.stop()
  })

  it('imports every file without an error, well within a minute', () => {
    expect(first).toMatchObject({ files: 57, errors: 0, competitions: 14, seasons: 29, goals: 527, players: 1248 })
    expect(firstMs).toBeLessThan(60_000)
  })

  it('has the Premier League 2023/24 complete: 380 matches between 20 clubs', async () => {
    expect(await count(seasonMatches('en.1', '2023/24'))).toBe(380)
    expect(await count(`select distinct home_club_id from (${seasonMatches('en.1', '2023/24')}) m`)).toBe(20)
  })

  it('has World Cup 2022 with its 64 matches and 172 goals', async () => {
    expect(await count(seasonMatches('worldcup', '2022'))).toBe(64)
    expect(await count(`select e.id from match_events e join (${seasonMatches('worldcup', '2022')}) m on m.id = e.match_id`)).toBe(172)
  })

  it('has the 2026 squads: 1,248 players of 48 national teams', async () => {
    expect(await count('select * from players')).toBe(1248)
    expect(await count(`select distinct sm.club_id from squad_members sm join clubs c on c.id = sm.club_id where c.kind = 'national'`)).toBe(48)
  })

  it('keeps one row per fixture that both Football.TXT and football.json carry', async () => {
    expect(await count(seasonMatches('eg.1', '2024/25'))).toBe(225)
    expect(await count(seasonMatches('dz.1', '2024/25'))).toBe(240)
    expect(await count(seasonMatches('ma.1', '2024/25'))).toBe(200)
  })

  it('gives every Saudi Pro League club its Arabic name', async () => {
    const clubs = await sql<{ ar: string | null }[]>`
      select distinct c.name ->> 'ar' as ar from (${sql.unsafe(seasonMatches('sa.1', '2024/25'))}) m join clubs c on c.id = m.home_club_id`
    expect(clubs).toHaveLength(18)
    expect(clubs.every((c) => c.ar)).toBe(true)
  })

  it('changes no row on a second import', async () => {
    const tables = ['competitions', 'seasons', 'stadiums', 'clubs', 'club_aliases', 'players', 'squad_members', 'matches', 'match_events']
    const before = await Promise.all(tables.map((t) => count(`select * from ${t}`)))
    const second = await importFootballData(db.url, [dataDir])
    expect(second).toEqual({ ...first, changedRows: 0 })
    expect(await Promise.all(tables.map((t) => count(`select * from ${t}`)))).toEqual(before)
  }, 60_000)
})
