// A Node script run to its end from the project root, as an operator starts it.
import { spawn } from 'node:child_process'
import { PROJECT_ROOT } from '../../scripts/lib/football-data.ts'

/** Runs a script to its end, in exactly `env`: exit code and what it wrote to stderr. */
export function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })))
}
