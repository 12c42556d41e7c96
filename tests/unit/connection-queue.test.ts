// The queue that stands in for Hyperdrive's pool in local runs (scripts/lib/connection-queue.ts,
// decision 113): at most its places reach the database, the others wait in turn and are let in,
// with what they said while waiting, as connections close; one that gives up leaves the queue;
// a request's second connection goes straight in.
import { connect, createServer, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type ConnectionQueue, startConnectionQueue, startupParameters } from '../../scripts/lib/connection-queue.ts'
import { AFTER_ANSWER_APPLICATION } from '../../src/db/client.ts'

/** A StartupMessage as postgres.js sends it, naming the client by its application_name. */
function startupMessage(applicationName: string): Buffer {
  const body = Buffer.from(`user\0postgres\0database\0postgres\0application_name\0${applicationName}\0\0`)
  const head = Buffer.alloc(8)
  head.writeInt32BE(8 + body.length, 0)
  head.writeInt32BE(196608, 4)
  return Buffer.concat([head, body])
}

/** A stand-in database that answers each client with `seen:` and its application_name, and lists who reached it. */
async function echoDatabase(): Promise<{ server: Server; url: string; greetings: string[] }> {
  const greetings: string[] = []
  const server = createServer((socket) => {
    socket.on('data', (chunk: Buffer) => {
      const name = startupParameters(chunk)?.get('application_name') ?? chunk.toString()
      greetings.push(name)
      socket.write(`seen:${name}`)
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { server, url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, greetings }
}

/** A client that opens with a startup message named `greeting`, in two pieces, and collects what comes back. */
function client(url: string, greeting: string): { socket: Socket; answer: () => string } {
  const { port } = new URL(url)
  const socket = connect({ host: '127.0.0.1', port: Number(port) })
  let answer = ''
  socket.on('data', (chunk) => (answer += chunk.toString()))
  socket.on('error', () => {})
  const message = startupMessage(greeting)
  socket.write(message.subarray(0, 6))
  setTimeout(() => socket.write(message.subarray(6)), 20)
  return { socket, answer: () => answer }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100))

const opened: { queue: ConnectionQueue; server: Server }[] = []
afterEach(async () => {
  for (const { queue, server } of opened.splice(0)) {
    await queue.stop()
    server.close()
  }
})

async function queueOf(slots: number) {
  const database = await echoDatabase()
  const queue = await startConnectionQueue(database.url, slots)
  opened.push({ queue, server: database.server })
  return { ...database, queue }
}

describe('the local connection queue', () => {
  it('lets at most its places through and the next in line as one closes, with what it said while waiting', async () => {
    const { queue, greetings } = await queueOf(2)
    const first = client(queue.url, 'first')
    await settle()
    const second = client(queue.url, 'second')
    await settle()
    const third = client(queue.url, 'third')
    await settle()
    expect(greetings).toEqual(['first', 'second'])
    expect(third.answer()).toBe('')

    first.socket.destroy()
    await settle()
    expect(greetings).toEqual(['first', 'second', 'third'])
    expect(third.answer()).toBe('seen:third')
    expect(second.answer()).toBe('seen:second')
  })

  it('forgets a client that gives up while it waits', async () => {
    const { queue, greetings } = await queueOf(1)
    const first = client(queue.url, 'first')
    await settle()
    const gaveUp = client(queue.url, 'gave up')
    const next = client(queue.url, 'next')
    await settle()
    gaveUp.socket.destroy()
    await settle()

    first.socket.destroy()
    await settle()
    expect(greetings).toEqual(['first', 'next'])
    expect(next.answer()).toBe('seen:next')
  })

  it("lets a request's second connection in at once, past a full line", async () => {
    const { queue, greetings } = await queueOf(1)
    client(queue.url, 'first')
    await settle()
    const waiting = client(queue.url, 'waiting')
    const second = client(queue.url, AFTER_ANSWER_APPLICATION)
    await settle()
    expect(greetings).toEqual(['first', AFTER_ANSWER_APPLICATION])
    expect(second.answer()).toBe(`seen:${AFTER_ANSWER_APPLICATION}`)
    expect(waiting.answer()).toBe('')
  })

  it('keeps the database, user and password of the address it stands before', async () => {
    const { queue } = await queueOf(1)
    const url = new URL(queue.url)
    expect([url.username, url.password, url.pathname, url.hostname]).toEqual(['postgres', 'postgres', '/postgres', '127.0.0.1'])
  })
})
