// npm run test:worker:pg — the worker tests again, on a real PostgreSQL: DATABASE_URL, or
// the server these machines run at 127.0.0.1:5432. Skipped when none answers, except in
// CI, where a missing server fails the run. `--project NAME` runs another tier there
// instead (npm run test:burst). The worker tier goes through PgBouncer when it is installed.
import { spawnSync } from 'node:child_process'
import { isListening } from './lib/database.ts'
import { hasPgbouncer, startPgbouncer } from './lib/pgbouncer.ts'
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
const workerTier = !args.includes('--project')
// The worker tier reaches the server through PgBouncer, as the worker reaches Supabase through
// Hyperdrive's pool: PostgreSQL takes about 50 ms to start a backend for each request here.
// The burst keeps its own queue in front of the server (decision 113).
const pool = workerTier && hasPgbouncer() ? await startPgbouncer(url).catch((error: unknown) => (console.log(`${script}: ${String(error)}`), null)) : null
if (workerTier && !pool) console.log(`${script}: without pgbouncer, every request starts a PostgreSQL backend (apt-get install pgbouncer)`)
// One module graph for every file, as on PGlite (vitest.config.ts): the test database ends the
// sessions its requests leave open (tests/support/test-database.ts). The fuzz round runs alone
// after, in a graph of its own: 38,000 requests, and the round the tier's chance 503s came
// from (decision 154). Named files run as they are.
const FUZZ = 'tests/worker/fuzz.test.ts'
const runs = workerTier && args.length === 0 ? [['--project', 'worker', '--exclude', FUZZ], ['--project', 'worker', FUZZ]] : [[...(workerTier ? ['--project', 'worker'] : []), ...args]]
let status = 0
for (const run of runs) {
  status = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...run], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: pool?.url ?? url } }).status ?? 1
  if (status !== 0) break
}
pool?.stop()
process.exit(status)
