// The socket postgres.js talks through inside workerd, given as its `socket` option. postgres.js
// 3.4.9 brings one (cf/polyfills.js), but it emits 'error' from its read loop after postgres.js
// has removed every listener on close, and an EventEmitter with no 'error' listener throws: each
// closed connection left an unhandled rejection (porsager/postgres#1196, #1202). This one tells
// postgres.js of an error only while postgres.js listens, so a connection can be closed when it
// goes idle (client.ts) instead of waiting for workerd to close it.
//
// The worker's program has no Node types (tsconfig.worker.json), so this socket keeps its own
// listeners, the four calls of Node's EventEmitter that postgres.js makes, and takes the Buffer
// that nodejs_compat (wrangler.toml) puts on workerd's globals: postgres.js parses with its methods.
const { Buffer } = globalThis as unknown as { Buffer: { from(bytes: Uint8Array): Uint8Array } }

type Listener = (...args: never[]) => void

/** What postgres.js hands the `socket` option: its parsed hosts and ports (one each here). */
interface Address {
  host: string[]
  port: number[]
}

class WorkerdSocket {
  /** postgres.js reads it: it writes its Terminate message only to an open socket. */
  readyState: 'open' | 'closed' = 'open'
  readonly #raw: Socket
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>
  /** Each event's listeners, with the function a `once` wrapper stands for. */
  #listeners = new Map<string, { call: Listener; for: Listener }[]>()

  constructor(raw: Socket) {
    this.#raw = raw
    this.#writer = raw.writable.getWriter()
    void this.#read(raw.readable.getReader())
    raw.closed.then(
      () => this.#close(),
      (error: unknown) => this.#fail(error),
    )
  }

  on(event: string, listener: Listener): this {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), { call: listener, for: listener }])
    return this
  }

  once(event: string, listener: Listener): this {
    const call = (...args: never[]) => {
      this.removeListener(event, listener)
      listener(...args)
    }
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), { call, for: listener }])
    return this
  }

  removeListener(event: string, listener: Listener): this {
    this.#listeners.set(event, (this.#listeners.get(event) ?? []).filter((entry) => entry.for !== listener))
    return this
  }

  removeAllListeners(): this {
    this.#listeners.clear()
    return this
  }

  write(data: Uint8Array, done?: () => void): boolean {
    this.#writer.write(data).then(done, (error: unknown) => this.#fail(error))
    return true
  }

  end(data?: Uint8Array): void {
    if (data) this.write(data, () => this.#shut())
    else this.#shut()
  }

  destroy(): void {
    this.end()
  }

  #shut(): void {
    this.#raw.close().catch((error: unknown) => this.#fail(error))
  }

  async #read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        this.#emit('data', Buffer.from(value))
      }
    } catch (error) {
      this.#fail(error)
    }
  }

  #fail(error: unknown): void {
    // A read cut short by the close postgres.js asked for arrives after it stopped listening.
    this.#emit('error', error)
    this.#close()
  }

  #close(): void {
    if (this.readyState === 'closed') return
    this.readyState = 'closed'
    this.#emit('close')
  }

  /** Unlike Node's EventEmitter, an 'error' nobody listens to is dropped, not thrown. */
  #emit(event: string, ...args: unknown[]): void {
    // A copy: a `once` listener takes itself off the list while it runs.
    for (const { call } of [...(this.#listeners.get(event) ?? [])]) (call as (...args: unknown[]) => void)(...args)
  }
}

/** postgres.js's `socket` option: a connected socket to the first host. */
export async function openWorkerdSocket({ host, port }: Address): Promise<WorkerdSocket> {
  // Imported here, not at the top: Node programs import client.ts for its constants.
  const { connect } = await import('cloudflare:sockets')
  return new WorkerdSocket(connect({ hostname: host[0]!, port: port[0]! }))
}
