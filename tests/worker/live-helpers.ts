// What the live tests share: a match of their own, an editor, and a reader's socket on the
// match's room that keeps every message it receives.
import { expect } from 'vitest'
import type { LiveMessage } from '../../lib/live.ts'
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

/** A reader's socket on the match's room, with every message it receives. */
export async function subscribe(id: number): Promise<{ socket: WebSocket; messages: LiveMessage[]; next: (count: number) => Promise<LiveMessage[]> }> {
  const res = await fetchPage(`/api/v1/matches/${id}/socket`, { headers: { upgrade: 'websocket' } })
  expect(res.status).toBe(101)
  const socket = res.webSocket!
  socket.accept()
  const messages: LiveMessage[] = []
  const waiting: (() => void)[] = []
  socket.addEventListener('message', (event) => {
    if (event.data === 'pong') return
    messages.push(JSON.parse(event.data as string) as LiveMessage)
    for (const wake of waiting.splice(0)) wake()
  })
  const next = async (count: number) => {
    const deadline = Date.now() + 5000
    while (messages.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`)
      await new Promise<void>((resolve) => {
        waiting.push(resolve)
        setTimeout(resolve, 100)
      })
    }
    return messages.slice(0, count)
  }
  return { socket, messages, next }
}

