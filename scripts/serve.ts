// npm start (build, then serve the built worker) and npm run dev (Vite's dev server):
// both bring the database up first — the embedded PGlite under .data/, or DATABASE_URL —
// apply the migrations, load the demo content (scripts/lib/seed.ts), let the worker reach it
// through a connection queue (scripts/lib/connection-queue.ts), and stop everything they
// started when they exit. `workerd` builds as `start` does and serves the built worker
// straight from workerd, through Miniflare (the Vite plugin's own runtime), which listens
// itself: `vite preview` passes every request and every WebSocket message through its own
// Node process, which the bench's crowd of sockets outgrows (decision 118).
//
//   node scripts/serve.ts start|dev|workerd [--port 8787] [--data-dir DIR] [--db-port 55432]
import { spawn, type ChildProcess } from 'node:child_process'
import { globSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { startConnectionQueue } from './lib/connection-queue.ts'
import { localStateDir, openDatabase } from './lib/database.ts'
import { checkEnvironment } from './lib/environment.ts'
import { exitOnMissingData } from './lib/football-data.ts'
import { migrate } from './lib/migrate.ts'
import { seed } from './lib/seed.ts'
import { localVapidKeys } from './lib/vapid-keys.ts'

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '8787' },
    'data-dir': { type: 'string' },
    'db-port': { type: 'string' },
  },
})
const mode = positionals[0]
if (mode !== 'start' && mode !== 'dev' && mode !== 'workerd') {
  console.error('usage: node scripts/serve.ts start|dev|workerd [--port N] [--data-dir DIR] [--db-port N]')
  process.exit(2)
}

checkEnvironment()
const db = await openDatabase({
  dataDir: values['data-dir'],
  port: values['db-port'] === undefined ? undefined : Number(values['db-port']),
})
const applied = await migrate(db.url)
console.log(`database: ${db.embedded ? 'embedded PGlite' : 'DATABASE_URL'}; ${applied.length} migration(s) applied`)
await seed(db.url).catch(async (error: unknown) => {
  await db.stop()
  exitOnMissingData(error)
})
const queue = await startConnectionQueue(db.url)
const stateDir = localStateDir(values['data-dir'])
const vapid = await localVapidKeys(stateDir)

const env = {
  ...process.env,
  // The worker's Hyperdrive binding reaches this database in local runs, through the queue
  // that stands in for Hyperdrive's pool.
  CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_DB: queue.url,
  HADAF_APP_ENV: 'development',
  HADAF_STATE_DIR: stateDir,
  // Web Push's own pair for this machine, kept with the state (scripts/lib/vapid-keys.ts).
  HADAF_VAPID_PUBLIC_KEY: vapid.publicKey,
  HADAF_VAPID_PRIVATE_KEY: vapid.privateKey,
  // Nothing geolocates a reader here, so times show in the machine's zone: Node's own, which
  // is TZ when set, else the system's; empty when Node knows none (a TZ it cannot read), which
  // the worker takes as the site's default zone (src/http/time-zone.ts).
  HADAF_LOCAL_TIME_ZONE: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
  // Nor does anything say which country: READER_COUNTRY (an ISO 3166-1 code, `EG`) stands in
  // for Cloudflare's, so a newcomer sees the channels of their own country first.
  HADAF_LOCAL_COUNTRY: process.env.READER_COUNTRY ?? '',
  // A test runner's NODE_ENV=test would make Vite build with import.meta.env.DEV on.
  NODE_ENV: mode === 'dev' ? 'development' : 'production',
  // Miniflare would fetch a sample `request.cf` from Cloudflare; these machines are offline.
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
}

function vite(args: string[]): ChildProcess {
  return spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...args], { env, stdio: 'inherit' })
}

let stopServer = async () => {}

async function shutdown(code: number): Promise<never> {
  await stopServer()
  await queue.stop()
  await db.stop()
  process.exit(code)
}

/** A Vite process serves: its exit ends this one. */
function serveWith(child: ChildProcess): void {
  stopServer = async () => void child.kill('SIGTERM')
  child.on('exit', (code) => void shutdown(code ?? 0))
}

/**
 * The built worker as the build describes it (dist/hadaf/wrangler.json: its vars and
 * bindings, read as wrangler and the Vite plugin read them), in workerd, which listens on the
 * port itself. Its modules are the build's files its rules name, the entry first, as the Vite
 * plugin's preview lists them; its database is the queue's, as the plugin's is through the
 * environment.
 */
async function serveInWorkerd(): Promise<void> {
  // Loaded here: the other modes need neither, and wrangler takes a while to load.
  const [{ convertV4MiniflareOptions, Miniflare }, { unstable_getMiniflareWorkerOptions }] = await Promise.all([import('miniflare'), import('wrangler')])
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions('dist/hadaf/wrangler.json')
  const { modulesRules = [], ...options } = workerOptions
  const root = dirname(main!)
  const entry = basename(main!)
  const modules = modulesRules.flatMap(({ type, include }) => globSync(include, { cwd: root, exclude: [entry] }).map((path) => ({ type, path })))
  // The options as Miniflare 4 took them, which is what wrangler gives (the Vite plugin converts them so too).
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      ...options,
      name: 'hadaf',
      rootPath: root,
      modules: [{ type: 'ESModule', path: entry }, ...modules],
      hyperdrives: { DB: queue.url },
      host: '127.0.0.1',
      port: Number(values.port),
      // Answers /cdn-cgi/local/scheduled, where the cron below calls the worker's scheduled().
      unsafeTriggerHandlers: true,
    }),
  )
  await miniflare.ready
  console.log(`  ➜  Local:   http://localhost:${values.port}/ (workerd, without Vite)`)
  stopServer = () => miniflare.dispose()
}

if (mode === 'start' || mode === 'workerd') {
  const build = vite(['build', '--logLevel', 'warn'])
  const buildCode = await new Promise<number>((resolve) => build.on('exit', (code) => resolve(code ?? 1)))
  if (buildCode !== 0) await shutdown(buildCode)
  if (mode === 'start') serveWith(vite(['preview', '--port', values.port, '--strictPort']))
  else await serveInWorkerd()
} else {
  serveWith(vite(['dev', '--port', values.port, '--strictPort']))
}

// Cloudflare runs the Cron Trigger (wrangler.toml) in production; locally this process stands
// in for it, each minute, through the endpoint that runs the worker's scheduled(): the Vite
// plugin's, or Miniflare's own.
const scheduled = mode === 'workerd' ? '/cdn-cgi/local/scheduled' : '/cdn-cgi/handler/scheduled'
setInterval(() => {
  fetch(`http://localhost:${values.port}${scheduled}?cron=${encodeURIComponent('* * * * *')}`).catch(() => {})
}, 60_000)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(0))
