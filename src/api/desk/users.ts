// Accounts, for admins (docs/desk-api.md): find them, change their role, see and end their
// sessions. An admin's own sessions can be ended too; the last admin keeps the role.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { changeRole, endSessions, findUsers, getUser, listSessions } from '../../db/desk-users.ts'
import { ROLES } from '../../db/users.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { urlInput, Uuid } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { choice, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskUsers = new Hono<AppEnv>()

const UserNotFound = msg`This account does not exist.`

const userParams = urlInput('param', v.object({ id: Uuid }), () => {
  throw new ApiError(404, UserNotFound)
})
const sessionParams = urlInput('param', v.object({ id: Uuid, session: Uuid }), () => {
  throw new ApiError(404, msg`This session does not exist.`)
})

const SearchQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  role: v.optional(choice(ROLES)),
  limit: v.optional(v.pipe(v.string(), v.transform(Number), wholeNumber(1, 200)), '50'),
})
const searchQuery = urlInput('query', SearchQuery, () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

const usersRead = deskUsers.get('/', roleRequired('admin'), searchQuery, async (c) => {
  const { q, role, limit } = c.req.valid('query')
  return ok(c, msg`OK`, await findUsers(c.var.db.sql, q.trim(), role, Number(limit)))
})

/** The accounts found, as GET /desk/users answers them. */
export const readDeskUsers = deskReader(usersRead, (query: QueryOf<typeof SearchQuery>) => withQuery('users', query))

const userRead = deskUsers.get('/:id', userParams, roleRequired('admin'), async (c) => {
  const user = await getUser(c.var.db.sql, c.req.valid('param').id)
  if (!user) throw new ApiError(404, UserNotFound)
  return ok(c, msg`OK`, user)
})

/** Account `id`, as GET /desk/users/{id} answers it. */
export const readDeskUser = deskReader(userRead, (id: string) => `users/${id}`)

deskUsers.patch('/:id', jsonLimit, userParams, roleRequired('admin'), jsonBody(v.object({ role: choice(ROLES) })), async (c) => {
  const result = await changeRole(c.var.db.sql, c.req.valid('param').id, c.req.valid('json').role, caller(c).id)
  if ('missing' in result) throw new ApiError(404, UserNotFound)
  if ('lastAdmin' in result) throw new ApiError(409, msg`The site needs at least one admin: make another account admin first.`)
  return ok(c, msg`The role was changed.`, result.user)
})

const sessionsRead = deskUsers.get('/:id/sessions', userParams, roleRequired('admin'), async (c) => {
  const sessions = await listSessions(c.var.db.sql, c.req.valid('param').id)
  if (!sessions) throw new ApiError(404, UserNotFound)
  return ok(c, msg`OK`, sessions)
})

/** Account `id`'s sessions, as GET /desk/users/{id}/sessions answers them. */
export const readDeskSessions = deskReader(sessionsRead, (id: string) => `users/${id}/sessions`)

deskUsers.delete('/:id/sessions', userParams, roleRequired('admin'), async (c) => {
  const ended = await endSessions(c.var.db.sql, c.req.valid('param').id, null, caller(c).id)
  if (ended === null) throw new ApiError(404, UserNotFound)
  return ok(c, msg`The sessions were ended.`, { ended })
})

deskUsers.delete('/:id/sessions/:session', sessionParams, roleRequired('admin'), async (c) => {
  const { id, session } = c.req.valid('param')
  const ended = await endSessions(c.var.db.sql, id, session, caller(c).id)
  if (ended === null) throw new ApiError(404, UserNotFound)
  if (ended === 0) throw new ApiError(404, msg`This session does not exist.`)
  return ok(c, msg`The session was ended.`, { ended })
})
