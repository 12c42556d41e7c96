// The server a bench scenario measures: one the bench starts on a throwaway embedded database
// (the built worker through `vite preview`, as `npm start` serves it, or straight from
// workerd), or one already running (`--target URL`), whose database the scripts reach as
// `npm run demo:live` does: DATABASE_URL, or the embedded one `npm start` keeps up.
import { availableParallelism, loadavg } from 'node:os'
import { openDatabase } from '../lib/database.ts'
import { cpuMilliseconds, descendants } from '../lib/process-cpu.ts'
import { startSite } from '../lib/site.ts'

export const SERVERS = ['preview', 'workerd'] as const
export type ServerKind = (typeof SERVERS)[number]

export interface BenchServer {
  baseUrl: string
  databaseUrl: string
  /** What was measured, for the report's first line. */
  described: string
  /**
   * CPU time used so far, in ms, by each part of a server the bench started: serve.ts (the
   * embedded database, the connection queue, and Miniflare's side of workerd), vite preview's
   * Node process where it serves, and workerd. Empty for a target.
   */
  cpu(): Record<string, number>
  stop(): Promise<void>
}

export async function benchServer(opts: { target?: string; server: ServerKind }): Promise<BenchServer> {
  if (opts.target) {
    const db = await openDatabase()
    return { baseUrl: opts.target.replace(/\/$/, ''), databaseUrl: db.url, described: `${opts.target} (already running)`, cpu: () => ({}), stop: db.stop }
  }
  const site = await startSite({ mode: opts.server === 'preview' ? 'start' : 'workerd' })
  const described = opts.server === 'preview' ? 'the built worker through vite preview (npm start)' : 'the built worker straight from workerd (serve.ts workerd)'
  const below = descendants(site.pid)
  const pids = (workerd: boolean) => below.filter((p) => (p.name === 'workerd') === workerd).map((p) => p.pid)
  const parts = { 'serve.ts': [site.pid], ...(opts.server === 'preview' ? { vite: pids(false) } : {}), workerd: pids(true) }
  return {
    baseUrl: site.baseUrl,
    databaseUrl: site.databaseUrl,
    described: `${site.baseUrl}, ${described}`,
    cpu: () => Object.fromEntries(Object.entries(parts).map(([part, pids]) => [part, cpuMilliseconds(pids)])),
    stop: site.stop,
  }
}

/** `--server`'s value, checked: a usage error names the choices. */
export function serverKind(value: string): ServerKind {
  const kind = SERVERS.find((s) => s === value)
  if (!kind) throw new UsageError(`--server is "${value}": give ${SERVERS.join(' or ')}`)
  return kind
}

/** A scenario's options will not do: the bench prints the message and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** A whole number from an option, within bounds; a UsageError naming the option otherwise. */
export function wholeOption(name: string, value: string, min: number, max: number): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} is "${value}": give a whole number from ${min} to ${max}`)
  return n
}

/** How busy the machine is: figures taken while other work shares the cores are read with this beside them. */
export function machineLoad(): string {
  return `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`
}
