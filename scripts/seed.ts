// npm run seed [-- --force] — loads the demo content into DATABASE_URL or the embedded
// database (npm start does this by itself); --force re-imports the football data. Exits 1,
// saying how to fix it, when the football data it must import is missing.
import { openDatabase } from './lib/database.ts'
import { checkEnvironment } from './lib/environment.ts'
import { exitOnMissingData } from './lib/football-data.ts'
import { migrate } from './lib/migrate.ts'
import { seed } from './lib/seed.ts'

checkEnvironment()
const db = await openDatabase()
try {
  await migrate(db.url)
  await seed(db.url, { force: process.argv.includes('--force') })
} catch (error) {
  await db.stop()
  exitOnMissingData(error)
}
await db.stop()
