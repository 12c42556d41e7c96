// The demo database `npm start` serves on a fresh machine: the real openfootball data
// (imported once, when no imported match exists yet), the team's posts and pages (loaded
// every start; a second load changes nothing), and a few upcoming fixtures around today,
// marked demo, so upcoming lists and countdowns are never empty.
import { existsSync } from 'node:fs'
import postgres from 'postgres'
import { seedDemoFixtures } from '../content/demo-fixtures.ts'
import { loadPages } from '../content/pages.ts'
import { loadPosts } from '../content/posts.ts'
import { importFootballData } from '../import/importer.ts'

/** Where the openfootball data lives: FOOTBALL_DATA_DIR, else beside the repository. */
export const FOOTBALL_DATA_DIR = process.env.FOOTBALL_DATA_DIR ?? new URL('../../../shared/data/football', import.meta.url).pathname

export interface SeedOptions {
  /** Import the football data even when the database already has some. */
  force?: boolean
  log?: (line: string) => void
}

export async function seed(databaseUrl: string, { force = false, log = console.log }: SeedOptions = {}): Promise<void> {
  const [{ imported }] = await withConnection(databaseUrl, (sql) => sql<[{ imported: boolean }]>`select exists (select 1 from matches where not demo) as imported`)
  if (force || !imported) {
    if (existsSync(FOOTBALL_DATA_DIR)) {
      const started = performance.now()
      const summary = await importFootballData(databaseUrl, [FOOTBALL_DATA_DIR], { log })
      log(`football data: ${summary.matches} matches, ${summary.clubs} clubs, ${summary.players} players in ${Math.round(performance.now() - started)} ms`)
    } else {
      log(`football data: ${FOOTBALL_DATA_DIR} not found; set FOOTBALL_DATA_DIR to import it`)
    }
  }
  const posts = await loadPosts(databaseUrl)
  const pages = await loadPages(databaseUrl)
  const demo = await seedDemoFixtures(databaseUrl)
  log(`content: ${posts.posts} posts, ${pages.pages} pages; demo fixtures: +${demo.inserted} −${demo.removed}`)
  // The embedded database has no autovacuum, and until a vacuum the GIN indexes search
  // reads keep the bulk load in their pending lists, which every lookup scans from end to
  // end (a search took 14 ms instead of 2); without statistics the planner guesses. On
  // PostgreSQL this merely does early what autovacuum would do later. Half a second here.
  await withConnection(databaseUrl, (sql) => sql`vacuum (analyze)`)
}

/** One connection for one piece of work, closed after it. */
async function withConnection<T>(databaseUrl: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    return await work(sql)
  } finally {
    await sql.end()
  }
}
