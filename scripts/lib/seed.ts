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
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  let imported: boolean
  try {
    const [row] = await sql<{ imported: boolean }[]>`select exists (select 1 from matches where not demo) as imported`
    imported = row!.imported
  } finally {
    await sql.end()
  }
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
  await tidy(databaseUrl)
}

/**
 * Vacuums and analyzes after the load. The embedded database has no autovacuum, and until
 * a vacuum the GIN indexes search reads keep the bulk load in their pending lists, which
 * every lookup scans from end to end (a search took 14 ms instead of 2); without
 * statistics the planner guesses. On PostgreSQL this merely does early what autovacuum
 * would do later. Half a second on the demo data.
 */
async function tidy(databaseUrl: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    await sql`vacuum (analyze)`
  } finally {
    await sql.end()
  }
}
