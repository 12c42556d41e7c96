// Runs the built site as `npm start` does, on a free port with a throwaway embedded
// database (or DATABASE_URL when the caller passes one): the browser tests and the bench
// measure exactly what a visitor gets.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface RunningSite {
  baseUrl: string
  /** The database the site serves, for callers that look rows up. */
  databaseUrl: string
  /** The serving process (serve.ts); workerd runs below it. */
  pid: number
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitUntilUp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the site did not come up at ${url} within ${timeoutMs} ms`)
}

/**
 * `mode` is serve.ts's: `start` builds first and serves through `vite preview`, `workerd` builds
 * and serves straight from workerd, `dev` serves through Vite's dev server.
 */
export async function startSite(opts: { databaseUrl?: string; mode?: 'start' | 'workerd' | 'dev' } = {}): Promise<RunningSite> {
  const port = await freePort()
  const dbPort = opts.databaseUrl ? undefined : await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'hadaf-site-'))
  // The site's cron would sync openfootball from GitHub: tests keep to the data they seeded.
  const env: NodeJS.ProcessEnv = { ...process.env, HADAF_OPENFOOTBALL_URLS: 'off' }
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl
  else delete env.DATABASE_URL
  const server = spawn(
    process.execPath,
    ['scripts/serve.ts', opts.mode ?? 'start', '--port', String(port), '--data-dir', dataDir, '--db-port', String(dbPort ?? 0)],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve))
  const baseUrl = `http://localhost:${port}`
  const gaveUp = exited.then((code) => Promise.reject(new Error(`the site exited with code ${code} before it came up`)))
  // The build comes first; in npm test it shares the machine with the PostgreSQL tier, so it is given long.
  await Promise.race([waitUntilUp(`${baseUrl}/api/v1/health`, 300_000), gaveUp])
  return {
    baseUrl,
    databaseUrl: opts.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres`,
    pid: server.pid!,
    async stop() {
      server.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
