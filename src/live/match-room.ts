// A match's primary room (decision 115): the one place that knows the match's latest live
// snapshot. The editor API and the syncs tell it each change after the commit (broadcast.ts);
// it folds the change into the snapshot, keeps that in its storage, so a room that was evicted
// or moved still has it, and forwards the changes of each batching window to every shard room
// of the match (match-shard.ts), which hold the readers' sockets. Readers never reach
// Postgres: the room reads the match when it has nothing or missed a change, once for the
// room, never once per reader.
import { DurableObject } from 'cloudflare:workers'
import { applyMessage, LIVE_BATCH_MS, type LiveMessage, type LiveSnapshot } from '../../lib/live.ts'
import { shardRoom } from './rooms.ts'

/** How long a room remembers that its match does not exist: a flood of sockets to a wrong id costs one query per room per this. */
const MISSING_MS = 10_000

/**
 * While its match is in play, the room reads it again this long after the last change it
 * heard of: a broadcast that failed, or a change made from the command line, reaches the
 * readers within it. It stops once the match has been quiet for RECHECK_FOR_MS.
 */
const RECHECK_MS = 60_000
const RECHECK_FOR_MS = 4 * 60 * 60_000

// What the room keeps in its storage (the synchronous key-value API of SQLite-backed objects).
const MATCH = 'match'
const SNAPSHOT = 'snapshot'
const SHARDS = 'shards'
const CHANGED_AT = 'changedAt'

const byVersion = (a: LiveMessage, b: LiveMessage) => a.state.version - b.state.version

export class MatchRoom extends DurableObject<Env> {
  /** The snapshot; null while the match is known not to exist; undefined until read from storage. */
  #snapshot: LiveSnapshot | null | undefined
  #missingUntil = 0
  /** Calls wait their turn: two changes never fold at once, and a read sees every change before it. */
  #turn: Promise<unknown> = Promise.resolve()
  /** The changes of the open batching window, and its timer. */
  #pending: LiveMessage[] = []
  #flush: ReturnType<typeof setTimeout> | undefined
  /** What each shard was last sent: a shard gets its batches in order, and a slow or failing one holds up only itself. */
  #toShard: Promise<void>[] = []

  /** A change committed to Postgres: kept, and forwarded to the shards with the others of its window. */
  publish(match: number, change: LiveMessage): Promise<void> {
    return this.#inTurn(async () => {
      // A change was committed, so the match exists, whatever the room remembered.
      const current = this.#stored() ?? (await this.#read(match))
      if (!current) return
      const { snapshot, catchUp } = applyMessage(current, change)
      // A skipped version means a change never reached the room: Postgres has it.
      const next = catchUp ? ((await this.#read(match)) ?? snapshot) : snapshot
      if (next.version > current.version) this.ctx.storage.kv.put(CHANGED_AT, Date.now())
      this.#keep(match, next)
      this.#pending.push(change)
      if (this.#flush === undefined) this.#flush = setTimeout(() => this.#forward(match), LIVE_BATCH_MS)
    })
  }

  /** The match's snapshot, or null when the match does not exist: what a shard and `GET …/live` start from. */
  snapshot(match: number): Promise<LiveSnapshot | null> {
    return this.#inTurn(() => this.#current(match))
  }

  /** How many shards the match has, or null when the match does not exist: what the worker picks a reader's shard from. */
  shards(match: number): Promise<number | null> {
    return this.#inTurn(async () => ((await this.#current(match)) ? this.#shardCount() : null))
  }

  /**
   * One more shard, because every shard the caller tried among `seen` was full. Many callers
   * see the same full shards at once: only the first of them adds one.
   */
  grow(seen: number): Promise<number> {
    return this.#inTurn(async () => {
      const count = this.#shardCount()
      if (count !== seen) return count
      this.ctx.storage.kv.put(SHARDS, count + 1)
      return count + 1
    })
  }

  /** Local development only (src/routes/dev-rooms.ts): restarts the shards and this room, keeping their storage. */
  async restart(match: number): Promise<void> {
    const shards = Array.from({ length: this.#shardCount() }, (_, index) => shardRoom(this.env, match, index).restart())
    await Promise.allSettled(shards)
    this.ctx.abort('restarted in local development')
  }

  /** The recheck (RECHECK_MS): Postgres has the last word, and a newer snapshot goes to the shards whole. */
  override async alarm(): Promise<void> {
    const match = this.ctx.storage.kv.get<number>(MATCH)
    if (match === undefined) return
    await this.#inTurn(async () => {
      const before = this.#stored()
      const fresh = await this.#read(match)
      if (!fresh || (before && fresh.version <= before.version)) return
      this.ctx.storage.kv.put(CHANGED_AT, Date.now())
      this.#sendToShards(match, (shard) => shard.replace(fresh))
    })
  }

  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#turn.then(work)
    this.#turn = result.catch(() => undefined)
    return result
  }

  /** The snapshot in memory or in storage, without asking Postgres. */
  #stored(): LiveSnapshot | null | undefined {
    if (this.#snapshot === undefined) this.#snapshot = this.ctx.storage.kv.get<LiveSnapshot>(SNAPSHOT)
    return this.#snapshot
  }

  async #current(match: number): Promise<LiveSnapshot | null> {
    const stored = this.#stored()
    if (stored) return stored
    if (stored === null && Date.now() < this.#missingUntil) return null
    return this.#read(match)
  }

  /** The match from Postgres: one statement, for the room. */
  async #read(match: number): Promise<LiveSnapshot | null> {
    const snapshot = (await this.ctx.exports.LiveSnapshotSource.read(match)) as LiveSnapshot | null
    if (snapshot) {
      this.#keep(match, snapshot)
    } else {
      this.#snapshot = null
      this.#missingUntil = Date.now() + MISSING_MS
      this.ctx.storage.kv.delete(SNAPSHOT)
    }
    return snapshot
  }

  #keep(match: number, snapshot: LiveSnapshot): void {
    this.#snapshot = snapshot
    this.ctx.storage.kv.put(MATCH, match)
    this.ctx.storage.kv.put(SNAPSHOT, snapshot)
    const inPlay = snapshot.status === 'live' || snapshot.status === 'suspended'
    // The first sighting of a match counts as its last change.
    const changedAt = this.ctx.storage.kv.get<number>(CHANGED_AT) ?? Date.now()
    this.ctx.storage.kv.put(CHANGED_AT, changedAt)
    if (inPlay && Date.now() - changedAt < RECHECK_FOR_MS) void this.ctx.storage.setAlarm(Date.now() + RECHECK_MS)
  }

  #shardCount(): number {
    return this.ctx.storage.kv.get<number>(SHARDS) ?? 1
  }

  /** The window's changes, in version order, as one batch to every shard. */
  #forward(match: number): void {
    this.#flush = undefined
    const batch = this.#pending.splice(0).sort(byVersion)
    this.#sendToShards(match, (shard) => shard.receive(match, batch))
  }

  #sendToShards(match: number, send: (shard: ReturnType<typeof shardRoom>) => Promise<unknown>): void {
    for (let index = 0; index < this.#shardCount(); index++) {
      const previous = this.#toShard[index] ?? Promise.resolve()
      this.#toShard[index] = previous
        .then(() => send(shardRoom(this.env, match, index)))
        .then(
          () => undefined,
          // That shard's readers miss this batch; the next one shows it the gap, and it catches up.
          (error: unknown) => console.error(JSON.stringify({ event: 'live.shard_failed', match, shard: index, error: String(error) })),
        )
    }
  }
}
