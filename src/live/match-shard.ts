// A shard room of a match (decision 115): it holds up to LIVE_SHARD_SOCKETS readers' sockets,
// with the hibernation API, and a copy of the match's snapshot in its storage. A reader gets
// the snapshot when its socket opens and whenever it asks (CATCH_UP_REQUEST); after that,
// each batch the primary room forwards, as one message. A shard that has nothing asks the
// primary, never Postgres; one that sees a version skipped takes the primary's snapshot and
// sends it whole.
import { DurableObject } from 'cloudflare:workers'
import { applyMessage, CATCH_UP_REQUEST, HEARTBEAT_PING, HEARTBEAT_PONG, type LiveMessage, type LiveSnapshot, type RoomMessage } from '../../lib/live.ts'
import { roomSnapshot, SHARD_HELD_HEADER, SHARD_MATCH_HEADER, SHARD_SOCKETS_HEADER } from './rooms.ts'
import { Turns } from './turns.ts'

const MATCH = 'match'
const SNAPSHOT = 'snapshot'

/** Closes a reader's socket whose match has gone: 1008, policy violation, the nearest the protocol has. */
const GONE = { code: 1008, reason: 'no such match' }

export class MatchShard extends DurableObject<Env> {
  #snapshot: LiveSnapshot | undefined
  /** The snapshot as a reader receives it, written out once for every reader who opens. */
  #snapshotMessage: string | undefined
  /** Calls wait their turn, so each socket sees its snapshot, then every batch after it, in order. */
  #turns = new Turns()

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    // Answered by the runtime without waking the object: heartbeats cost a hibernating shard nothing.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT_PING, HEARTBEAT_PONG))
  }

  /** A reader's socket, handed over by the worker (src/live/reader-socket.ts); 503 when the shard is full. */
  override fetch(request: Request): Response {
    const match = Number(request.headers.get(SHARD_MATCH_HEADER))
    const room = Number(request.headers.get(SHARD_SOCKETS_HEADER))
    if (this.ctx.getWebSockets().length >= room) return new Response(null, { status: 503 })
    this.ctx.storage.kv.put(MATCH, match)
    const { 0: client, 1: server } = new WebSocketPair()
    this.ctx.acceptWebSocket(server)
    void this.#sendSnapshot([server])
    return new Response(null, { status: 101, webSocket: client, headers: { [SHARD_HELD_HEADER]: String(this.ctx.getWebSockets().length) } })
  }

  /** A batch from the primary room, in version order. */
  receive(match: number, changes: LiveMessage[]): Promise<void> {
    return this.#turns.take(async () => {
      const current = this.#stored()
      // A shard without a snapshot has no reader yet: the first one's open fetches it.
      if (!current) return
      const fresh = changes.filter((change) => change.state.version > current.version)
      let snapshot = current
      for (const change of fresh) {
        const applied = applyMessage(snapshot, change)
        // A batch this shard never got: the primary's snapshot has it.
        if (applied.catchUp) return this.#adopt((await roomSnapshot(this.env, match)) ?? applied.snapshot)
        snapshot = applied.snapshot
      }
      if (fresh.length === 0) return
      this.#keep(snapshot)
      this.#broadcast(JSON.stringify({ type: 'changes', changes: fresh } satisfies RoomMessage))
    })
  }

  /** A snapshot newer than the readers': the primary room read the match again (its recheck). */
  replace(snapshot: LiveSnapshot): Promise<void> {
    return this.#turns.take(async () => this.#adopt(snapshot))
  }

  /** Local development only: restarts the shard, keeping its storage; its readers reconnect. */
  restart(): void {
    this.ctx.abort('restarted in local development')
  }

  /** A reader that saw a version skipped asks for the snapshot; heartbeats never reach here. */
  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> | void {
    if (message === CATCH_UP_REQUEST) return this.#sendSnapshot([socket])
  }

  override webSocketClose(socket: WebSocket, code: number, reason: string): void {
    try {
      socket.close(code, reason)
    } catch {
      // Already closed by the other side.
    }
  }

  #stored(): LiveSnapshot | undefined {
    this.#snapshot ??= this.ctx.storage.kv.get<LiveSnapshot>(SNAPSHOT)
    return this.#snapshot
  }

  #keep(snapshot: LiveSnapshot): void {
    this.#snapshot = snapshot
    this.#snapshotMessage = undefined
    this.ctx.storage.kv.put(SNAPSHOT, snapshot)
  }

  #messageOf(snapshot: LiveSnapshot): string {
    this.#snapshotMessage ??= JSON.stringify({ type: 'snapshot', snapshot } satisfies RoomMessage)
    return this.#snapshotMessage
  }

  /** A snapshot that replaces the readers' whole. */
  #adopt(snapshot: LiveSnapshot): void {
    if (snapshot.version <= (this.#stored()?.version ?? -1)) return
    this.#keep(snapshot)
    this.#broadcast(this.#messageOf(snapshot))
  }

  async #fromPrimary(match: number): Promise<LiveSnapshot | null> {
    const snapshot = await roomSnapshot(this.env, match)
    if (snapshot) this.#keep(snapshot)
    return snapshot
  }

  #sendSnapshot(sockets: WebSocket[]): Promise<void> {
    return this.#turns.take(async () => {
      const match = this.ctx.storage.kv.get<number>(MATCH)
      const snapshot = this.#stored() ?? (match === undefined ? null : await this.#fromPrimary(match))
      for (const socket of sockets) {
        if (snapshot) send(socket, this.#messageOf(snapshot))
        else socket.close(GONE.code, GONE.reason)
      }
    })
  }

  #broadcast(message: string): void {
    for (const socket of this.ctx.getWebSockets()) send(socket, message)
  }
}

function send(socket: WebSocket, text: string): void {
  try {
    socket.send(text)
  } catch {
    // A socket closing as we send: its reader asks for the snapshot when it reconnects.
  }
}
