// npm run test:worker:pg — the worker tests again, on a real PostgreSQL: DATABASE_URL, or
// the server these machines run at 127.0.0.1:5432. Skipped when none answers, except in
// CI, where a missing server fails the run.
import { spawnSync } from 'node:child_process'
import { isListening } from './lib/database.ts'
import { completeDatabaseUrl } from './lib/database-url.ts'
import { checkEnvironment } from './lib/environment.ts'

const environment = checkEnvironment()
const url = environment.databaseUrl ?? completeDatabaseUrl('postgres://postgres@127.0.0.1:5432/postgres')
const { hostname, port } = new URL(url)
if (!(await isListening(Number(port || 5432), hostname))) {
  const message = `no PostgreSQL answers at ${hostname}:${port || 5432}`
  if (environment.ci) {
    console.error(`test:worker:pg: ${message}; CI must run the worker tests on PostgreSQL`)
    process.exit(1)
  }
  console.log(`test:worker:pg skipped: ${message}`)
  process.exit(0)
}
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'worker', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
})
process.exit(run.status ?? 1)
