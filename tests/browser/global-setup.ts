// Serves the built site the way `npm start` does — on a free port, with a throwaway
// embedded database — for the browser tests, and stops it afterwards.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
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

export default async function setup(project: TestProject) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'hadaf-browser-'))
  const env = { ...process.env }
  delete env.DATABASE_URL
  const server = spawn(
    process.execPath,
    ['scripts/serve.ts', 'start', '--port', String(port), '--data-dir', dataDir, '--db-port', '0'],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const baseUrl = `http://localhost:${port}`
  await waitUntilUp(`${baseUrl}/api/v1/health`, 120_000)
  project.provide('baseUrl', baseUrl)
  return async () => {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
