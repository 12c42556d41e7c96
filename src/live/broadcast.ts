// Tells a match's primary room (match-room.ts) about a change already committed to Postgres:
// the editor API and the syncs send the same message. A failure is logged, never thrown: the
// room finds the change in Postgres at its next change, or at its recheck a minute later.
import type { LiveMessage } from '../../lib/live.ts'
import { primaryRoom } from './rooms.ts'

export async function broadcastToMatch(env: Pick<Env, 'MATCH_ROOM'>, id: number, message: LiveMessage): Promise<void> {
  try {
    await primaryRoom(env, id).publish(id, message)
  } catch (error) {
    console.error(JSON.stringify({ event: 'live.broadcast_failed', match: id, error: String(error) }))
  }
}
