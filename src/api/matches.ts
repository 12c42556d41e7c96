// The live match centre's API. Readers subscribe to a match's rooms over a WebSocket, or poll
// its snapshot, and never reach Postgres (decisions 115, 116); editors add and remove events,
// step the match through its phases and set status and score. A change is committed to
// Postgres (with its audit entry) first and broadcast after, so the room never announces
// anything the database does not hold; the alerts go on their queue after that (decision 134).
// The live text and team sheets are in ./live/.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import * as v from 'valibot'
import { EVENT_KINDS, MATCH_STATUSES, MATCH_STEPS, VAR_DECISIONS } from '../../lib/live.ts'
import { alertOfAddedEvent, alertOfRemovedEvent, alertOfStep, enqueueAfterAnswer } from '../alerts/events.ts'
import { addMatchEvent, removeMatchEvent, stepMatch, updateMatchState } from '../db/live.ts'
import { openReaderSocket } from '../live/reader-socket.ts'
import { settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'
import { choice, requiredText, wholeNumber } from '../validation/fields.ts'
import { caller, roleRequired } from './guards.ts'
import { ApiError, invalidField, ok } from '../http/envelope.ts'
import { jsonBody, jsonLimit } from './input.ts'
import { commentary } from './live/commentary.ts'
import { edgeSnapshot } from './live/edge-snapshot.ts'
import { lineups } from './live/lineups.ts'
import { broadcast, isMissingPlayer, MatchNotFound, matchParams, matchRowParams } from './live/match-route.ts'

export const matchesApi = new Hono<AppEnv>()

const PlayerName = requiredText(100)
const PlayerId = v.nullable(wholeNumber(1, Number.MAX_SAFE_INTEGER))
const Score = v.tuple([wholeNumber(0, 99), wholeNumber(0, 99)], 'invalid')

const NewEventBody = v.object({
  kind: choice(EVENT_KINDS),
  minute: wholeNumber(0, 130),
  stoppage: v.optional(v.nullable(wholeNumber(0, 30)), null),
  side: choice(['home', 'away'] as const),
  // A VAR review may concern no one player; every other event names one.
  player_name: v.optional(v.nullable(PlayerName), null),
  player_id: v.optional(PlayerId, null),
  other_player_name: v.optional(v.nullable(PlayerName), null),
  other_player_id: v.optional(PlayerId, null),
  detail: v.optional(v.nullable(choice(VAR_DECISIONS)), null),
})

/** A PATCH either steps the match (the live desk) or sets fields by hand (a correction), not both. */
const StatePatchBody = v.object({
  step: v.optional(choice(MATCH_STEPS)),
  status: v.optional(choice(MATCH_STATUSES)),
  minute: v.optional(v.nullable(wholeNumber(0, 130))),
  ft: v.optional(v.nullable(Score)),
  ht: v.optional(v.nullable(Score)),
  et: v.optional(v.nullable(Score)),
  pen: v.optional(v.nullable(Score)),
})

const EventNotFound = msg`This event does not exist.`

// The scoreboard, the timeline, the live text and the team sheets, from the match's room: what
// a page polls when it has no socket (decision 116).
matchesApi.get('/:id/live', matchParams, etag(), (c) => edgeSnapshot(c, c.req.valid('param').id))

// A reader's socket, on one of the match's shard rooms; no query (decision 115).
matchesApi.get('/:id/socket', matchParams, async (c) => {
  const { id } = c.req.valid('param')
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(426, msg`This address takes WebSocket connections only.`)
  const answer = await openReaderSocket(c.env, id, c.req.raw, settings(c.env).liveShardSockets)
  if (answer === 'missing') throw new ApiError(404, MatchNotFound)
  if (answer === 'full') throw new ApiError(503, msg`Live updates are busy: this page will keep up by asking again.`, { retryAfter: 5 })
  return answer
})

matchesApi.post('/:id/events', jsonLimit, matchParams, roleRequired('editor'), jsonBody(NewEventBody), async (c) => {
  const { id } = c.req.valid('param')
  const editor = caller(c)
  const body = c.req.valid('json')
  if (body.kind === 'var' && body.detail === null) throw invalidField(c, 'detail', msg`A VAR decision needs what was decided.`)
  if (body.kind !== 'var' && body.player_name === null) throw invalidField(c, 'player_name', msg`Please enter the player's name.`)
  if (body.kind === 'substitution' && body.other_player_name === null) {
    throw invalidField(c, 'other_player_name', msg`A substitution needs the player coming on.`)
  }
  const input = {
    kind: body.kind,
    minute: body.minute,
    stoppage: body.stoppage,
    side: body.side === 'home' ? 1 : 2,
    playerId: body.player_id,
    playerName: body.player_name ?? '',
    otherPlayerId: body.other_player_id,
    otherPlayerName: body.other_player_name,
    detail: body.kind === 'var' ? body.detail : null,
  } as const
  const result = await addMatchEvent(c.var.db.sql, id, input, editor.id).catch((error: unknown) => {
    if (isMissingPlayer(error)) throw invalidField(c, 'player_id', msg`There is no player with this id.`)
    throw error
  })
  if (result.kind === 'missing') throw new ApiError(404, MatchNotFound)
  if (result.kind === 'not-started') throw new ApiError(409, msg`Events can be added once the match is live.`)
  await broadcast(c, id, { type: 'change', state: result.state, event: result.event })
  enqueueAfterAnswer(c, alertOfAddedEvent(id, result.state, result.event))
  return ok(c, msg`The event was added.`, { state: result.state, event: result.event })
})

// The desk's undo: the event goes, and a goal's score with it.
matchesApi.delete('/:id/events/:entryId', matchRowParams(EventNotFound), roleRequired('editor'), async (c) => {
  const { id, entryId } = c.req.valid('param')
  const result = await removeMatchEvent(c.var.db.sql, id, entryId, caller(c).id)
  if (result.kind === 'missing') throw new ApiError(404, EventNotFound)
  await broadcast(c, id, { type: 'change', state: result.state, removedEvent: entryId })
  enqueueAfterAnswer(c, alertOfRemovedEvent(id, result.state, result.event))
  return ok(c, msg`The event was removed.`, { state: result.state, event: result.event })
})

matchesApi.patch('/:id', jsonLimit, matchParams, roleRequired('editor'), jsonBody(StatePatchBody), async (c) => {
  const { id } = c.req.valid('param')
  const { step, ...patch } = c.req.valid('json')
  const fields = Object.values(patch).some((value) => value !== undefined)
  if (step === undefined && !fields) {
    throw invalidField(c, 'body', msg`Please send a step, or at least one of status, minute, ft, ht, et or pen.`)
  }
  if (step !== undefined && fields) throw invalidField(c, 'step', msg`Send a step alone, without status, minute or scores.`)
  if (step !== undefined) {
    const result = await stepMatch(c.var.db.sql, id, step, caller(c).id)
    if (result.kind === 'missing') throw new ApiError(404, MatchNotFound)
    if (result.kind === 'out-of-order') throw new ApiError(409, msg`This step does not follow from where the match is.`)
    await broadcast(c, id, { type: 'change', state: result.state })
    enqueueAfterAnswer(c, alertOfStep(id, result.state, step))
    return ok(c, msg`The match was updated.`, result.state)
  }
  const state = await updateMatchState(c.var.db.sql, id, patch, caller(c).id)
  if (!state) throw new ApiError(404, MatchNotFound)
  await broadcast(c, id, { type: 'change', state })
  return ok(c, msg`The match was updated.`, state)
})

matchesApi.route('/', commentary)
matchesApi.route('/', lineups)
