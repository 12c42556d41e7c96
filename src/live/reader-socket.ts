// How the worker hands a reader's socket to one of its match's shard rooms (decision 115),
// without a query: the primary room knows whether the match exists and how many shards it
// has, and this isolate remembers its answer for SHARD_COUNT_MS, so the primary hears from
// each isolate about once in that time rather than from every reader.
import { primaryRoom, SHARD_HELD_HEADER, SHARD_MATCH_HEADER, SHARD_SOCKETS_HEADER, shardRoom } from './rooms.ts'

const SHARD_COUNT_MS = 5000

/** Times the match's shards may grow for one reader before it is refused (its page polls instead). */
const GROW_ROUNDS = 3

/**
 * How full the newest shard may be before the match gets another: a crowd arriving at once
 * then finds room on a new shard instead of queueing on full ones until it grows.
 */
const GROW_AHEAD_SHARE = 0.9

/** Past this many matches, answers that have expired are forgotten. */
const KNOWN_MATCHES = 1000

/** Each match's shard count as the primary last said, null for a match that does not exist. */
const known = new Map<number, { count: number | null; until: number }>()

function remember(match: number, count: number | null): void {
  const now = Date.now()
  if (known.size >= KNOWN_MATCHES) {
    for (const [id, entry] of known) if (entry.until <= now) known.delete(id)
  }
  known.set(match, { count, until: now + SHARD_COUNT_MS })
}

async function shardCount(env: Pick<Env, 'MATCH_ROOM'>, match: number): Promise<number | null> {
  const entry = known.get(match)
  if (entry && entry.until > Date.now()) return entry.count
  const count = await primaryRoom(env, match).shards(match)
  remember(match, count)
  return count
}

/**
 * The shard's answer to the reader's request: 101 with the socket. 'missing' when the match
 * does not exist; 'full' when no shard took it: every one tried was full even after growing,
 * or one failed (a failing shard is no reason for more shards).
 */
export async function openReaderSocket(env: Pick<Env, 'MATCH_ROOM' | 'MATCH_SHARD'>, match: number, request: Request, socketsPerShard: number): Promise<Response | 'missing' | 'full'> {
  let count = await shardCount(env, match)
  if (count === null) return 'missing'
  const handover = new Request(request)
  handover.headers.set(SHARD_MATCH_HEADER, String(match))
  handover.headers.set(SHARD_SOCKETS_HEADER, String(socketsPerShard))
  const tried = new Set<number>()
  for (let round = 0; round < GROW_ROUNDS; round++) {
    let failed = false
    // One at random spreads a crowd over the shards; the newest is the likeliest to have room.
    for (const index of [Math.floor(Math.random() * count), count - 1]) {
      if (tried.has(index)) continue
      tried.add(index)
      const answer = await tryShard(env, match, index, handover)
      if (answer instanceof Response) {
        if (index === count - 1 && Number(answer.headers.get(SHARD_HELD_HEADER)) >= socketsPerShard * GROW_AHEAD_SHARE) {
          remember(match, await primaryRoom(env, match).grow(count))
        }
        return new Response(null, { status: 101, webSocket: answer.webSocket })
      }
      failed ||= answer === 'failed'
    }
    if (failed) break
    count = await primaryRoom(env, match).grow(count)
    remember(match, count)
  }
  return 'full'
}

async function tryShard(env: Pick<Env, 'MATCH_SHARD'>, match: number, index: number, request: Request): Promise<Response | 'full' | 'failed'> {
  try {
    const answer = await shardRoom(env, match, index).fetch(request)
    return answer.status === 101 ? answer : 'full'
  } catch (error) {
    // A failing shard costs its own readers their sockets, not the next reader: try another.
    console.error(JSON.stringify({ event: 'live.shard_unavailable', match, shard: index, error: String(error) }))
    return 'failed'
  }
}
