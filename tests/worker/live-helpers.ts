// What the live tests share: a match of their own, an editor, and a reader's socket on the
// match's rooms that keeps every message it receives (the protocol of lib/live.ts, RoomMessage).
import { expect } from 'vitest'
import { HEARTBEAT_PONG, type LiveMessage, type LiveSnapshot, type RoomMessage } from '../../lib/live.ts'
import { fetchPage, insertUserWithSession, sql, type TestUser } from './helpers.ts'

/** A fresh match between two seeded clubs, in a seeded season: no other test touches it. */
export async function newMatch(status: 'scheduled' | 'live' = 'live', replayOf: number | null = null): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`
    with pick as (
      select s.id as season_id, (select id from clubs order by id limit 1) as home,
             (select id from clubs order by id offset 1 limit 1) as away
      from seasons s order by s.id limit 1)
    insert into matches (season_id, kickoff, home_club_id, away_club_id, status, demo, replay_of, source_key)
    select season_id, now(), home, away, ${status}, true, ${replayOf}, ${`test:live:${crypto.randomUUID()}`} from pick
    returning id::int`
  return row!.id
}

export async function editor(): Promise<TestUser> {
  const user = await insertUserWithSession({ name: 'Live Editor' })
  await sql()`update users set role = 'editor' where id = ${user.id}`
  return user
}

export interface Reader {
  socket: WebSocket
  /** Every message the room sent, in order. */
  messages: RoomMessage[]
  /** The first `count` changes, from every batch in order, once they have come. */
  next: (count: number) => Promise<LiveMessage[]>
  /** The `count`th snapshot the room sent (the first comes with the open), once it has come. */
  snapshot: (count?: number) => Promise<LiveSnapshot>
}

/** A reader's socket on the match's rooms, through the worker, with every message it receives. */
export async function subscribe(id: number): Promise<Reader> {
  const res = await fetchPage(`/api/v1/matches/${id}/socket`, { headers: { upgrade: 'websocket' } })
  expect(res.status).toBe(101)
  return readerOn(res.webSocket!)
}

/** Keeps what arrives on `socket`, accepting it. */
export function readerOn(socket: WebSocket): Reader {
  socket.accept()
  const messages: RoomMessage[] = []
  const waiting: (() => void)[] = []
  socket.addEventListener('message', (event) => {
    if (event.data === HEARTBEAT_PONG) return
    messages.push(JSON.parse(event.data as string) as RoomMessage)
    for (const wake of waiting.splice(0)) wake()
  })
  const waitFor = async <T>(what: string, found: () => T | undefined): Promise<T> => {
    const deadline = Date.now() + 5000
    for (;;) {
      const value = found()
      if (value !== undefined) return value
      if (Date.now() > deadline) throw new Error(`expected ${what}; got ${JSON.stringify(messages.map((m) => m.type))}`)
      await new Promise<void>((resolve) => {
        waiting.push(resolve)
        setTimeout(resolve, 100)
      })
    }
  }
  const changes = () => messages.flatMap((m) => (m.type === 'changes' ? m.changes : []))
  const snapshots = () => messages.flatMap((m) => (m.type === 'snapshot' ? [m.snapshot] : []))
  return {
    socket,
    messages,
    next: (count) => waitFor(`${count} changes`, () => (changes().length >= count ? changes().slice(0, count) : undefined)),
    snapshot: (count = 1) => waitFor(`${count} snapshots`, () => snapshots()[count - 1]),
  }
}
