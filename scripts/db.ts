// npm run db:migrate | db:reset — against DATABASE_URL, or the embedded database.
import { rmSync } from 'node:fs'
import { localStateDir, openDatabase } from './lib/database.ts'
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
    // The local rooms' storage remembers the dropped matches by their ids.
    rmSync(localStateDir(), { recursive: true, force: true })
    console.log('schema dropped, local state cleared')
  }
  const applied = await migrate(db.url)
  console.log(applied.length ? `applied ${applied.join(', ')}` : 'migrations: up to date')
} finally {
  await db.stop()
}
