// npm run sync -- <football-data|openfootball>
//
// Runs one sync by hand, as the Cron Trigger would, against DATABASE_URL or the embedded
// database, with the settings the worker reads (FOOTBALL_DATA_API_KEY, FOOTBALL_DATA_API_URL,
// FOOTBALL_DATA_COMPETITIONS, OPENFOOTBALL_URLS) taken from this environment. The run is
// recorded for the desk's data status page. Match rooms live in the worker, so nothing is
// broadcast from here: an open page catches up when it reconnects or reloads. Exits 1 when
// the source is not configured or the run met errors.
import postgres from 'postgres'
import { runSync, SYNC_SOURCES, type SyncSource, syncConfigOf, configured } from '../src/sync/run.ts'
import { runOnDatabase } from './lib/database.ts'

const [source] = process.argv.slice(2)
if (!SYNC_SOURCES.includes(source as SyncSource)) {
  console.error(`usage: npm run sync -- <${SYNC_SOURCES.join('|')}>`)
  process.exit(2)
}

await runOnDatabase(async (url) => {
  const { config, problems } = syncConfigOf(process.env as unknown as Env)
  for (const problem of problems) console.error(problem)
  if (!configured(config).includes(source as SyncSource)) {
    console.error(source === 'football-data' ? 'football-data is not configured: set FOOTBALL_DATA_API_KEY.' : 'openfootball is turned off: OPENFOOTBALL_URLS is "off".')
    return 1
  }
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const report = await runSync(sql, source as SyncSource, config, async () => {})
    console.log(`${source}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.queued} waiting for a team, ${report.held} kept as an editor left them; ${report.requests} requests`)
    for (const error of report.errors) console.error(`  error: ${error}`)
    return report.errors.length > 0 ? 1 : 0
  } finally {
    await sql.end()
  }
})
