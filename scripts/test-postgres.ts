// npm run test:worker:pg — the worker tests again, on a real PostgreSQL: DATABASE_URL, or
// the server these machines run at 127.0.0.1:5432. Skipped when none answers, except in
// CI, where a missing server fails the run. `--project NAME` runs another tier there
// instead (npm run test:burst).
import { spawnSync } from 'node:child_process'
import { isListening } from './lib/database.ts'
import { completeDatabaseUrl } from './lib/database-url.ts'
import { checkEnvironment } from './lib/environment.ts'

const environment = checkEnvironment()
const url = environment.databaseUrl ?? completeDatabaseUrl('postgres://postgres@127.0.0.1:5432/postgres')
const { hostname, port } = new URL(url)
// The npm script that ran this, for the messages: test:worker:pg or test:burst.
const script = process.env.npm_lifecycle_event ?? 'test:worker:pg'
if (!(await isListening(Number(port || 5432), hostname))) {
  const message = `no PostgreSQL answers at ${hostname}:${port || 5432}`
  if (environment.ci) {
    console.error(`${script}: ${message}; CI must run these tests on PostgreSQL`)
    process.exit(1)
  }
  console.log(`${script} skipped: ${message}`)
  process.exit(0)
}
const args = process.argv.slice(2)
const project = args.includes('--project') ? [] : ['--project', 'worker']
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...project, ...args], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
})
process.exit(run.status ?? 1)
