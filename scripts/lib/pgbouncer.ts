// A connection pool in front of a real PostgreSQL, for the worker tests (decision 144): what
// Hyperdrive is to the worker in production. The worker opens a connection per request, and
// on these machines PostgreSQL takes about 50 ms to start a backend for each (pgbench -C:
// 50.7 ms a connection, against 0.46 ms through PgBouncer, which keeps its server connections).
// Without a pool, the tier's tests took 1,166 s on PostgreSQL against 307 s on PGlite.
//
// Session pooling: a client keeps its server connection until it disconnects, and
// `DISCARD ALL` clears what it set before the next one gets it, so every request still meets
// a fresh session, as through Hyperdrive.
import { spawn, spawnSync } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isListening } from './database.ts'

export interface Pool {
  /** The database's address through the pool, with the same user, password and database. */
  url: string
  stop(): void
}

/** Whether Debian's pgbouncer is on this machine (.ci/run installs it). */
export function hasPgbouncer(): boolean {
  return spawnSync('pgbouncer', ['--version'], { stdio: 'ignore' }).status === 0
}

/** The user's uid and gid, from `id`; throws when the machine has no such user. */
function userIds(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim() || Number.NaN)
  const ids = { uid: id('-u'), gid: id('-g') }
  if (!Number.isInteger(ids.uid) || !Number.isInteger(ids.gid)) throw new Error(`pgbouncer: no user ${name} to run as`)
  return ids
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Starts PgBouncer in front of the server `databaseUrl` names; resolves once it accepts connections. */
export async function startPgbouncer(databaseUrl: string): Promise<Pool> {
  const server = new URL(databaseUrl)
  const user = decodeURIComponent(server.username)
  const port = await freePort()
  // PgBouncer refuses to run as root: started as root, it drops to the postgres user, which
  // then owns its files. Either way only that user can read the password in them.
  const owner = process.getuid?.() === 0 ? userIds('postgres') : null
  const dir = mkdtempSync(join(tmpdir(), 'hadaf-pgbouncer-'))
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`
  writeFileSync(join(dir, 'users.txt'), `${quote(user)} ${quote(decodeURIComponent(server.password))}\n`, { mode: 0o600 })
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // Every database on the server, under its own name: the tests make a new one per run.
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = session',
      'server_reset_query = DISCARD ALL',
      'max_client_conn = 1000',
      // Under PostgreSQL's default max_connections of 100, beside the tests' own connections.
      'default_pool_size = 90',
      'ignore_startup_parameters = extra_float_digits,options',
    ].join('\n'),
    { mode: 0o600 },
  )
  if (owner) for (const path of [dir, join(dir, 'users.txt'), join(dir, 'pgbouncer.ini')]) chownSync(path, owner.uid, owner.gid)
  const child = spawn('pgbouncer', [...(owner ? ['-u', 'postgres'] : []), '-q', join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'inherit'] })
  const stop = () => {
    child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (child.exitCode !== null) break
    if (await isListening(port, '127.0.0.1')) return { url: url.toString(), stop }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  stop()
  throw new Error(`pgbouncer did not start on port ${port}`)
}
