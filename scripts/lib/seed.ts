// The demo database `npm start` serves on a fresh machine: the real openfootball data
// (imported once, when no imported match exists yet), the team's posts and pages (loaded
// every start; a second load changes nothing), and a few upcoming fixtures around today,
// marked demo, so upcoming lists and countdowns are never empty, unless a sync keeps the
// football current (FOOTBALL_DATA_API_KEY set, or a sync has brought fixtures); and the
// channels that carry football in the region, with demo broadcasts on the invented fixtures.
import postgres from 'postgres'
import { loadChannels } from '../content/channels.ts'
import { loadDeductions } from '../content/deductions.ts'
import { seedDemoFixtures } from '../content/demo-fixtures.ts'
import { loadPages } from '../content/pages.ts'
import { loadPosts } from '../content/posts.ts'
import { importFootballData } from '../import/importer.ts'
import { removeDemoFixtures } from '../../src/db/demo-fixtures.ts'
import { hasSyncedFixtures } from '../../src/db/sync-state.ts'
import { assertFootballData, footballDataDir, FootballDataMissing, missingDataMessage } from './football-data.ts'

export interface SeedOptions {
  /** Import the football data even when the database already has some. */
  force?: boolean
  /** The openfootball folder: footballDataDir() by default. */
  dataDir?: string
  log?: (line: string) => void
}

/**
 * Seeds `databaseUrl`. Throws FootballDataMissing when the football must be imported (an
 * empty database, or `force`) and the data folder is missing or holds no match, so a site
 * without football is never served. A database that already holds the import does not read
 * the folder, so does not need it (docs/decisions/ 062).
 */
export async function seed(databaseUrl: string, { force = false, dataDir = footballDataDir(), log = console.log }: SeedOptions = {}): Promise<void> {
  const [{ imported }] = await withConnection(databaseUrl, (sql) => sql<[{ imported: number }]>`select count(*)::int as imported from matches where not demo`)
  if (force || imported === 0) {
    assertFootballData(dataDir)
    const started = performance.now()
    const summary = await importFootballData(databaseUrl, [dataDir], { log })
    if (summary.matches === 0) throw new FootballDataMissing(missingDataMessage(dataDir, 'holds no match the importer can read'))
    log(`football data: ${summary.matches} matches, ${summary.clubs} clubs, ${summary.players} players in ${Math.round(performance.now() - started)} ms`)
  } else {
    log(`football data: already in the database (${imported} matches); \`npm run seed -- --force\` imports it again`)
  }
  const posts = await loadPosts(databaseUrl)
  const pages = await loadPages(databaseUrl)
  // Demo fixtures only where no source keeps the football current (decision 096).
  const sourced = Boolean(process.env.FOOTBALL_DATA_API_KEY) || (await withConnection(databaseUrl, hasSyncedFixtures))
  const demo = sourced ? { inserted: 0, removed: await withConnection(databaseUrl, removeDemoFixtures) } : await seedDemoFixtures(databaseUrl)
  const deductions = await loadDeductions(databaseUrl)
  // After the demo fixtures, which take the demo broadcasts.
  const channels = await loadChannels(databaseUrl)
  const kept = posts.keptForDesk.length > 0 ? `, ${posts.keptForDesk.length} kept as edited at the desk` : ''
  log(`content: ${posts.posts} posts (${posts.created} new, ${posts.updated} updated${kept}), ${pages.pages} pages; demo fixtures: +${demo.inserted} −${demo.removed}; deductions: ${deductions.applied} applied, ${deductions.waiting} for seasons not imported; channels: ${channels.channels} (${channels.added} new), demo broadcasts: +${channels.demoBroadcasts}`)
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
