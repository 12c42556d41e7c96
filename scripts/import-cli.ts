// npm run import -- <files, folders or https:// URLs...>
//
// Imports openfootball data into the database (DATABASE_URL, else the embedded PGlite),
// migrating it first. A URL names one file, e.g. a raw football.json file on GitHub. Prints
// a line per file, parse errors as `file:line: message`, and a summary of what the database
// holds afterwards. Exits 1 when a file could not be read or fetched or had errors
// (everything else is still imported), else 0.
import postgres from 'postgres'
import { importFootballData } from './import/importer.ts'
import { runOnDatabase } from './lib/database.ts'

const paths = process.argv.slice(2)
if (paths.length === 0) {
  console.error('usage: npm run import -- <files, folders or https:// URLs...>   e.g. npm run import -- data/openfootball')
  process.exit(2)
}

await runOnDatabase(async (url) => {
  const started = performance.now()
  const summary = await importFootballData(url, paths, { log: (line) => console.log(line) })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const stored = await countStored(url)
  console.log('')
  console.table({
    competitions: { imported: summary.competitions, 'in database': stored.competitions },
    seasons: { imported: summary.seasons, 'in database': stored.seasons },
    clubs: { imported: summary.clubs, 'in database': stored.clubs },
    matches: { imported: summary.matches, 'in database': stored.matches },
    goals: { imported: summary.goals, 'in database': stored.goals },
    players: { imported: summary.players, 'in database': stored.players },
  })
  console.log(`${summary.files} files, ${summary.errors} errors, ${summary.changedRows} rows changed, ${summary.conflicts} conflict(s) with corrections, ${seconds} s`)
  return summary.errors > 0 ? 1 : 0
})

async function countStored(url: string): Promise<Record<string, number>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql<Record<string, number>[]>`
      select
        (select count(*)::int from competitions) as competitions,
        (select count(*)::int from seasons) as seasons,
        (select count(*)::int from clubs) as clubs,
        (select count(*)::int from matches) as matches,
        (select count(*)::int from match_events where kind in ('goal', 'own_goal', 'penalty_goal')) as goals,
        (select count(*)::int from players) as players`
    return row!
  } finally {
    await sql.end()
  }
}
