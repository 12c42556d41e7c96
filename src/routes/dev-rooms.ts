// Restarting a match's rooms (decision 115), for browser tests and developers: in local
// development, `POST /dev/matches/{id}/rooms/restart` aborts the match's primary room and its
// shards as a deploy or a move would. Their storage stays, so a reader that reconnects
// catches up from it. Anywhere else the path answers 404 exactly as an unknown one does.
import { Hono } from 'hono'
import * as v from 'valibot'
import { isLocalDevelopment } from '../env.ts'
import { RowId } from '../http/params.ts'
import { primaryRoom } from '../live/rooms.ts'
import type { AppEnv } from '../types.ts'

export const devRooms = new Hono<AppEnv>()

devRooms.post('/dev/matches/:id/rooms/restart', async (c) => {
  const id = v.safeParse(RowId, c.req.param('id'))
  if (!isLocalDevelopment(c.env) || !id.success) return c.notFound()
  // An aborted room fails the call that aborted it: that failure is the restart.
  await primaryRoom(c.env, id.output).restart(id.output).catch(() => undefined)
  return c.body(null, 204)
})
