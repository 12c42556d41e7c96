// What Hyperdrive's pool does for the worker in production, for local runs (decision 113):
// the worker opens one connection per request, so a burst of readers is a burst of
// connections, which PostgreSQL refuses past max_connections ("sorry, too many clients
// already") and the embedded server past its limit. Here at most `places` of them reach the
// database at once; the others wait their turn, first come first served, for as long as the
// worker's connect_timeout lets them (src/db/client.ts).
//
// Hyperdrive lends its connections a transaction at a time; this queue, which does not read
// the protocol, holds a place for a connection's whole life. A request that opens a second
// connection while it holds its first (the season tables stored after the answer) would wait
// behind the line while holding a place, and a burst of such requests would hold every place
// at once. Such a connection names itself (AFTER_ANSWER_APPLICATION) and goes straight in: at
// most one per place, so the database sees at most twice `places`.
import { connect, createServer, type Socket } from 'node:net'
import { AFTER_ANSWER_APPLICATION } from '../../src/db/client.ts'

export interface ConnectionQueue {
  /** The database's address with the queue in front: what the worker's binding is given. */
  url: string
  stop(): Promise<void>
}

/** How many of the worker's connections reach the database at once: twice this stays under PostgreSQL's default 100. */
export const DATABASE_PLACES = 40

/** The protocol version a StartupMessage carries (3.0). */
const PROTOCOL_3 = 196608

/**
 * The StartupMessage's parameters once `received` holds all of it; undefined while it is
 * incomplete, an empty map when the client opened with something else (an SSLRequest).
 */
export function startupParameters(received: Buffer): Map<string, string> | undefined {
  if (received.length < 8) return undefined
  const length = received.readInt32BE(0)
  if (received.readInt32BE(4) !== PROTOCOL_3) return new Map()
  if (received.length < length) return undefined
  const fields = received.subarray(8, length - 1).toString('utf8').split('\0')
  const parameters = new Map<string, string>()
  for (let i = 0; i + 1 < fields.length; i += 2) parameters.set(fields[i]!, fields[i + 1]!)
  return parameters
}

export async function startConnectionQueue(databaseUrl: string, places = DATABASE_PLACES): Promise<ConnectionQueue> {
  const target = new URL(databaseUrl)
  const waiting: Socket[] = []
  const said = new WeakMap<Socket, Buffer[]>()
  const sockets = new Set<Socket>()
  let open = 0

  function track(socket: Socket) {
    socket.setNoDelay(true)
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }

  /** Joins `client` to the database, passing on what it said so far; `counted` connections hold a place. */
  function pass(client: Socket, counted: boolean) {
    if (counted) open += 1
    const database = connect({ host: target.hostname, port: Number(target.port || 5432) })
    track(database)
    let closed = false
    const close = () => {
      client.destroy()
      database.destroy()
      if (closed) return
      closed = true
      if (!counted) return
      open -= 1
      admit()
    }
    for (const socket of [client, database]) {
      socket.once('close', close)
      socket.once('error', close)
    }
    client.removeAllListeners('data')
    database.write(Buffer.concat(said.get(client) ?? []))
    client.pipe(database).pipe(client)
  }

  function admit() {
    while (open < places && waiting.length > 0) pass(waiting.shift()!, true)
  }

  const server = createServer((client) => {
    track(client)
    // What the client says before it is let in (its startup message) is passed on after.
    const chunks: Buffer[] = []
    said.set(client, chunks)
    let placed = false
    client.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      if (placed) return
      const parameters = startupParameters(Buffer.concat(chunks))
      if (!parameters) return
      placed = true
      if (parameters.get('application_name') === AFTER_ANSWER_APPLICATION) return pass(client, false)
      waiting.push(client)
      admit()
    })
    // A client that gives up while waiting (the worker's connect_timeout) leaves the queue.
    const leave = () => {
      const at = waiting.indexOf(client)
      if (at !== -1) waiting.splice(at, 1)
    }
    client.once('close', leave)
    client.once('error', leave)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String((server.address() as { port: number }).port)
  return {
    url: url.toString(),
    stop: () =>
      new Promise((resolve) => {
        waiting.length = 0
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
  }
}
