// The live match centre's reads and writes. A write locks the match row, so two editors'
// changes get consecutive versions and the room broadcasts them in the order they committed.
import type postgres from 'postgres'
import type { LiveSnapshot, LiveState, MatchEvent } from '../../lib/live.ts'
import { type MatchState, patchState, type StatePatch, stateAfterEvent } from '../live/changes.ts'
import { eventJson, eventsJson, pair, type SqlTag } from './football-fragments.ts'

const stateJson = (sql: SqlTag) => sql`json_build_object(
  'version', m.live_version, 'status', m.status, 'minute', m.minute,
  'ft', ${pair(sql, 'ft_home', 'ft_away')}, 'ht', ${pair(sql, 'ht_home', 'ht_away')},
  'et', ${pair(sql, 'et_home', 'et_away')}, 'pen', ${pair(sql, 'pen_home', 'pen_away')})`

/** The scoreboard and the whole timeline, in one statement: what a page catches up from. */
export async function loadLiveSnapshot(sql: postgres.Sql, matchId: number): Promise<LiveSnapshot | null> {
  const [row] = await sql<{ state: LiveState; events: MatchEvent[] }[]>`
    select ${stateJson(sql)} as state, ${eventsJson(sql, matchId)} as events
    from matches m where m.id = ${matchId}`
  return row ? { ...row.state, events: row.events } : null
}

async function lockState(tx: postgres.TransactionSql, matchId: number): Promise<LiveState | undefined> {
  const [row] = await tx<{ state: LiveState }[]>`select ${stateJson(tx)} as state from matches m where m.id = ${matchId} for update`
  return row?.state
}

/** Writes the next state and raises the version, returning what the room broadcasts. */
async function saveState(tx: postgres.TransactionSql, matchId: number, next: MatchState): Promise<LiveState> {
  const score = (pairValue: [number, number] | null, index: 0 | 1) => pairValue?.[index] ?? null
  const [row] = await tx<{ state: LiveState }[]>`
    update matches m set
      status = ${next.status}, minute = ${next.minute},
      ft_home = ${score(next.ft, 0)}, ft_away = ${score(next.ft, 1)},
      ht_home = ${score(next.ht, 0)}, ht_away = ${score(next.ht, 1)},
      et_home = ${score(next.et, 0)}, et_away = ${score(next.et, 1)},
      pen_home = ${score(next.pen, 0)}, pen_away = ${score(next.pen, 1)},
      live_version = live_version + 1
    where m.id = ${matchId}
    returning ${stateJson(tx)} as state`
  return row!.state
}

export interface NewEvent {
  kind: MatchEvent['kind']
  minute: number
  stoppage: number | null
  side: 1 | 2
  playerId: number | null
  playerName: string
  otherPlayerId: number | null
  otherPlayerName: string | null
}

export type AddEventResult =
  | { kind: 'added'; state: LiveState; event: MatchEvent }
  | { kind: 'missing' }
  | { kind: 'not-started'; status: LiveState['status'] }

/** Adds an event and its effect on the score in one transaction. */
export async function addMatchEvent(sql: postgres.Sql, matchId: number, input: NewEvent, editorId: string): Promise<AddEventResult> {
  return sql.begin(async (tx) => {
    const current = await lockState(tx, matchId)
    if (!current) return { kind: 'missing' } as const
    if (current.status !== 'live' && current.status !== 'finished') return { kind: 'not-started', status: current.status } as const
    const [inserted] = await tx<{ id: number }[]>`
      insert into match_events (match_id, kind, minute, stoppage, side, player_id, player_name,
                                other_player_id, other_player_name, entered_by, source_key)
      values (${matchId}, ${input.kind}, ${input.minute}, ${input.stoppage}, ${input.side}, ${input.playerId},
              ${input.playerName}, ${input.otherPlayerId}, ${input.otherPlayerName}, ${editorId},
              ${`live:${crypto.randomUUID()}`})
      returning id`
    const state = await saveState(tx, matchId, stateAfterEvent(current, input))
    const [row] = await tx<{ event: MatchEvent }[]>`
      select ${eventJson(tx)} as event
      from match_events e left join players pl on pl.id = e.player_id
      where e.id = ${inserted!.id}`
    return { kind: 'added', state, event: row!.event } as const
  })
}

/** Sets status, minute or scores in one transaction; null when the match does not exist. */
export async function updateMatchState(sql: postgres.Sql, matchId: number, patch: StatePatch): Promise<LiveState | null> {
  return sql.begin(async (tx) => {
    const current = await lockState(tx, matchId)
    return current ? saveState(tx, matchId, patchState(current, patch)) : null
  })
}
