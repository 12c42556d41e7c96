// Tells a match's room (its Durable Object) about a change already committed to Postgres:
// the editor API and the syncs send the same message. A failure is logged, never thrown:
// readers catch up from the database when they reconnect.
import type { LiveMessage } from '../../lib/live.ts'

export async function broadcastToMatch(env: Pick<Env, 'MATCH_ROOM'>, id: number, message: LiveMessage): Promise<void> {
  try {
    await env.MATCH_ROOM.get(env.MATCH_ROOM.idFromName(String(id))).broadcast(JSON.stringify(message))
  } catch (error) {
    console.error(JSON.stringify({ event: 'live.broadcast_failed', match: id, error: String(error) }))
  }
}
