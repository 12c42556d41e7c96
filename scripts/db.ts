// npm run db:migrate | db:reset — against DATABASE_URL, or the embedded database.
import { openDatabase } from './lib/database.ts'
import { checkEnvironment } from './lib/environment.ts'
import { migrate, resetSchema } from './lib/migrate.ts'

const command = process.argv[2]
if (command !== 'migrate' && command !== 'reset') {
  console.error('usage: node scripts/db.ts migrate|reset')
  process.exit(2)
}

checkEnvironment()
const db = await openDatabase()
try {
  if (command === 'reset') {
    await resetSchema(db.url)
    console.log('schema dropped')
  }
  const applied = await migrate(db.url)
  console.log(applied.length ? `applied ${applied.join(', ')}` : 'migrations: up to date')
} finally {
  await db.stop()
}
