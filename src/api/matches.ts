// The live match centre's API. Readers subscribe to a match's room over a WebSocket and
// catch up from Postgres; editors add events and set status and score. A change is
// committed to Postgres first and broadcast after, so the room never announces anything
// a catch-up would not also find.
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { EVENT_KINDS, type LiveMessage, MATCH_STATUSES } from '../../lib/live.ts'
import { addMatchEvent, loadLiveSnapshot, updateMatchState } from '../db/live.ts'
import { IdParams, urlInput } from '../http/params.ts'
import type { AppEnv } from '../types.ts'
import { choice, requiredText, wholeNumber } from '../validation/fields.ts'
import { caller, roleRequired } from './guards.ts'
import { ApiError, invalidField, ok } from '../http/envelope.ts'
import { jsonBody, jsonLimit } from './input.ts'

export const matches = new Hono<AppEnv>()

const MatchNotFound = msg`This match does not exist.`

/** The match of the route's `:id`; an id that cannot be one is a match that does not exist. */
const matchParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, MatchNotFound)
})

const PlayerName = requiredText(100)
const PlayerId = v.nullable(wholeNumber(1, Number.MAX_SAFE_INTEGER))
const Score = v.tuple([wholeNumber(0, 99), wholeNumber(0, 99)], 'invalid')

const NewEventBody = v.object({
  kind: choice(EVENT_KINDS),
  minute: wholeNumber(0, 130),
  stoppage: v.optional(v.nullable(wholeNumber(0, 30)), null),
  side: choice(['home', 'away'] as const),
  player_name: PlayerName,
  player_id: v.optional(PlayerId, null),
  other_player_name: v.optional(v.nullable(PlayerName), null),
  other_player_id: v.optional(PlayerId, null),
})

const StatePatchBody = v.object({
  status: v.optional(choice(MATCH_STATUSES)),
  minute: v.optional(v.nullable(wholeNumber(0, 130))),
  ft: v.optional(v.nullable(Score)),
  ht: v.optional(v.nullable(Score)),
  et: v.optional(v.nullable(Score)),
  pen: v.optional(v.nullable(Score)),
})

/** Tells the match's room; a failure is logged, and readers catch up when they reconnect. */
async function broadcast(c: Context<AppEnv>, id: number, message: LiveMessage): Promise<void> {
  try {
    await c.env.MATCH_ROOM.get(c.env.MATCH_ROOM.idFromName(String(id))).broadcast(JSON.stringify(message))
  } catch (error) {
    console.error(JSON.stringify({ event: 'live.broadcast_failed', match: id, error: String(error) }))
  }
}

/** A foreign key the database refused: the player ids an editor sent. */
function isMissingPlayer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23503'
}

// The scoreboard and the whole timeline: what a page loads when it (re)subscribes.
matches.get('/:id/live', matchParams, async (c) => {
  const snapshot = await loadLiveSnapshot(c.var.db.sql, c.req.valid('param').id)
  if (!snapshot) throw new ApiError(404, MatchNotFound)
  c.header('Cache-Control', 'no-store')
  return ok(c, msg`OK`, snapshot)
})

matches.get('/:id/socket', matchParams, async (c) => {
  const { id } = c.req.valid('param')
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(426, msg`This address takes WebSocket connections only.`)
  const [exists] = await c.var.db.sql`select 1 from matches where id = ${id}`
  if (!exists) throw new ApiError(404, MatchNotFound)
  return c.env.MATCH_ROOM.get(c.env.MATCH_ROOM.idFromName(String(id))).fetch(c.req.raw)
})

matches.post('/:id/events', jsonLimit, matchParams, roleRequired('editor'), jsonBody(NewEventBody), async (c) => {
  const { id } = c.req.valid('param')
  const editor = caller(c)
  const body = c.req.valid('json')
  if (body.kind === 'substitution' && body.other_player_name === null) {
    throw invalidField(c, 'other_player_name', msg`A substitution needs the player coming on.`)
  }
  const input = {
    kind: body.kind,
    minute: body.minute,
    stoppage: body.stoppage,
    side: body.side === 'home' ? 1 : 2,
    playerId: body.player_id,
    playerName: body.player_name,
    otherPlayerId: body.other_player_id,
    otherPlayerName: body.other_player_name,
  } as const
  const result = await addMatchEvent(c.var.db.sql, id, input, editor.id).catch((error: unknown) => {
    if (isMissingPlayer(error)) throw invalidField(c, 'player_id', msg`There is no player with this id.`)
    throw error
  })
  if (result.kind === 'missing') throw new ApiError(404, MatchNotFound)
  if (result.kind === 'not-started') throw new ApiError(409, msg`Events can be added once the match is live.`)
  await broadcast(c, id, { type: 'change', state: result.state, event: result.event })
  return ok(c, msg`The event was added.`, { state: result.state, event: result.event })
})

matches.patch('/:id', jsonLimit, matchParams, roleRequired('editor'), jsonBody(StatePatchBody), async (c) => {
  const { id } = c.req.valid('param')
  const patch = c.req.valid('json')
  if (Object.values(patch).every((value) => value === undefined)) {
    throw invalidField(c, 'body', msg`Please send at least one of status, minute, ft, ht, et or pen.`)
  }
  const state = await updateMatchState(c.var.db.sql, id, patch)
  if (!state) throw new ApiError(404, MatchNotFound)
  await broadcast(c, id, { type: 'change', state })
  return ok(c, msg`The match was updated.`, state)
})
