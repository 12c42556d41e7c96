// npm run test runs the PostgreSQL worker tier and the browser tier at once: each keeps one
// core busy (workerd, or Chromium driving the built site), they share no database or port,
// and together they were 22 of CI's 32 minutes when run one after the other.
// Usage: node scripts/run-together.ts <npm script> <npm script> …; fails when any fails.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const scripts = process.argv.slice(2)
if (scripts.length === 0) {
  console.error('usage: node scripts/run-together.ts <npm script> [<npm script> …]')
  process.exit(2)
}

/** Runs one npm script, each of its lines prefixed with its name; resolves to its exit code. */
function run(script: string): Promise<number> {
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
    createInterface({ input: stream }).on('line', (line) => out.write(`[${script}] ${line}\n`))
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)))
}

const started = Date.now()
const codes = await Promise.all(scripts.map(run))
const failed = scripts.filter((_, index) => codes[index] !== 0)
console.log(`run-together: ${scripts.length} scripts in ${Math.round((Date.now() - started) / 1000)} s; ${failed.length ? `failed: ${failed.join(', ')}` : 'all passed'}`)
process.exit(failed.length ? 1 : 0)
