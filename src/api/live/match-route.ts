// What the live API's modules share: the match a route names, and the broadcast that follows
// every committed change (Postgres first, then the room; decision 090).
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Context } from 'hono'
import * as v from 'valibot'
import type { LiveMessage } from '../../../lib/live.ts'
import { ApiError } from '../../http/envelope.ts'
import { IdParams, RowId, urlInput } from '../../http/params.ts'
import { broadcastToMatch } from '../../live/broadcast.ts'
import type { AppEnv } from '../../types.ts'

export const MatchNotFound = msg`This match does not exist.`

/** The match of the route's `:id`; an id that cannot be one is a match that does not exist. */
export const matchParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, MatchNotFound)
})

/** A match and one of its rows (`:entryId`, an event or an entry of live text). */
export function matchRowParams(notFound: MessageDescriptor) {
  return urlInput('param', v.object({ id: RowId, entryId: RowId }), () => {
    throw new ApiError(404, notFound)
  })
}

/** Tells the match's room (src/live/broadcast.ts, which the syncs share). */
export function broadcast(c: Context<AppEnv>, id: number, message: LiveMessage): Promise<void> {
  return broadcastToMatch(c.env, id, message)
}

/** A foreign key the database refused: a player id the players table does not have. */
export function isMissingPlayer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23503'
}
