// npm test runs its tiers so that both cores stay busy: the PostgreSQL worker tier, the longest,
// beside the unit tier, the PGlite worker tier and the static checks (lint, typecheck, catalogs)
// one after another (each keeps about one core busy, and they share no database or port); then
// the browser tier, two files at once, alone; then the burst (decision 154).
// The fuzz round runs once, in the PostgreSQL tier (test:worker:no-fuzz leaves it out).
// Usage: node scripts/run-together.ts <job> <job> … [then <job> …] …, where a job is an npm
// script or several joined by commas, run in that order and stopping at the first that fails.
// The jobs of a phase run at once; `then` starts the next phase once all passed. It fails when
// any job fails, and prints each script's time at the end (issue 33).
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const phases = process.argv.slice(2).join(' ').split(/ then /).map((phase) => phase.split(' ').filter(Boolean))
if (phases.some((jobs) => jobs.length === 0)) {
  console.error('usage: node scripts/run-together.ts <npm script[,npm script…]> … [then <npm script[,npm script…]> …] …')
  process.exit(2)
}

const times: { script: string; seconds: number; code: number }[] = []

/** Runs one npm script, each of its lines prefixed with its name; resolves to its exit code. */
function runScript(script: string): Promise<number> {
  const started = Date.now()
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
    createInterface({ input: stream }).on('line', (line) => out.write(`[${script}] ${line}\n`))
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      times.push({ script, seconds: Math.round((Date.now() - started) / 1000), code: code ?? 1 })
      resolve(code ?? 1)
    }),
  )
}

/** Runs a job's scripts one after another; resolves to the first failing exit code, or 0. */
async function run(job: string): Promise<number> {
  for (const script of job.split(',')) {
    const code = await runScript(script)
    if (code !== 0) return code
  }
  return 0
}

const started = Date.now()
const failed: string[] = []
for (const jobs of phases) {
  const codes = await Promise.all(jobs.map(run))
  failed.push(...jobs.filter((_, index) => codes[index] !== 0))
  if (failed.length) break
}
// Each tier's time, so a slower one shows in every run's log.
for (const { script, seconds, code } of times) console.log(`run-together: ${script.padEnd(22)} ${String(seconds).padStart(5)} s${code ? ` (exit ${code})` : ''}`)
console.log(`run-together: ${Math.round((Date.now() - started) / 1000)} s in all; ${failed.length ? `failed: ${failed.join(', ')}` : 'all passed'}`)
process.exit(failed.length ? 1 : 0)
