// One room per match: it holds the readers' WebSockets and passes on each change an editor
// saved. Postgres stays the record; the room keeps nothing but its sockets, so a page that
// missed a message catches up from the database (src/api/matches.ts), not from here.
import { DurableObject } from 'cloudflare:workers'
import { HEARTBEAT_PING, HEARTBEAT_PONG } from '../../lib/live.ts'

export class MatchRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    // Answered by the runtime without waking the object: heartbeats cost a hibernating room nothing.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT_PING, HEARTBEAT_PONG))
  }

  /** A reader subscribes: the worker has checked the match and the Upgrade header. */
  override fetch(): Response {
    const { 0: client, 1: server } = new WebSocketPair()
    this.ctx.acceptWebSocket(server)
    return new Response(null, { status: 101, webSocket: client })
  }

  /** Sends one saved change to every subscriber, in the order the worker calls; returns how many. */
  broadcast(message: string): number {
    let sent = 0
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(message)
        sent += 1
      } catch {
        // A socket closing as we send: its reader catches up when it reconnects.
      }
    }
    return sent
  }

  /** Readers only send heartbeats, which the auto-response answers; anything else is noise. */
  override webSocketMessage(): void {}

  override webSocketClose(socket: WebSocket, code: number, reason: string): void {
    try {
      socket.close(code, reason)
    } catch {
      // Already closed by the other side.
    }
  }
}
