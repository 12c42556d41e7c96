// How the worker and a match's rooms find one another (decision 115): the match's primary
// room, named by the match id as it always was, and its shard rooms, numbered from 0.
import type { LiveSnapshot } from '../../lib/live.ts'

export function primaryRoom(env: Pick<Env, 'MATCH_ROOM'>, match: number) {
  return env.MATCH_ROOM.get(env.MATCH_ROOM.idFromName(String(match)))
}

/** The primary room's snapshot of the match; null when the match does not exist. */
export async function roomSnapshot(env: Pick<Env, 'MATCH_ROOM'>, match: number): Promise<LiveSnapshot | null> {
  // RPC's types widen the score pairs to arrays; the structured clone keeps them pairs.
  return (await primaryRoom(env, match).snapshot(match)) as LiveSnapshot | null
}

export function shardRoom(env: Pick<Env, 'MATCH_SHARD'>, match: number, index: number) {
  return env.MATCH_SHARD.get(env.MATCH_SHARD.idFromName(`${match}/${index}`))
}

// What the worker tells a shard with a reader's socket: the match, and how many sockets the
// shard may hold (LIVE_SHARD_SOCKETS, read by the worker, so one setting rules every shard).
export const SHARD_MATCH_HEADER = 'X-Hadaf-Match'
export const SHARD_SOCKETS_HEADER = 'X-Hadaf-Shard-Sockets'
/** What a shard answers with a socket it took: how many it holds now, so the match grows before its newest shard is full. */
export const SHARD_HELD_HEADER = 'X-Hadaf-Shard-Held'
