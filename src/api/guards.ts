// Who may make a call, as middleware that runs before the body is read, so a call is judged
// in one order everywhere: the client's allowance, then who is calling, then what they sent.
// Each guard hands what it proved to the handler, which reads it with `caller(c)` or
// `pendingStep(c)`. (They are optional variables of every request, not typed per route:
// Hono's Context is invariant in its variables, and every helper a handler calls takes the
// app's Context.)
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { hasRole } from '../auth/roles.ts'
import { hashSessionToken } from '../auth/session-token.ts'
import { findSessionUser } from '../db/sessions.ts'
import type { Role } from '../db/users.ts'
import { ApiError } from '../http/envelope.ts'
import type { AppEnv, PendingStep, SignedInUser } from '../types.ts'
import { bearerToken } from './input.ts'

/** The signed-in session of the bearer token, or 401. */
async function requireSession(c: Context<AppEnv>): Promise<SignedInUser> {
  const token = bearerToken(c.req.header('authorization'))
  const user = token ? await findSessionUser(c.var.db.sql, await hashSessionToken(token)) : null
  if (!user?.sessionId) throw new ApiError(401, msg`Please sign in.`)
  return { ...user, sessionId: user.sessionId }
}

/** A signed-in caller, for `caller(c)`; 401 otherwise. */
export const sessionRequired = createMiddleware<AppEnv>(async (c, next) => {
  c.set('account', await requireSession(c))
  await next()
})

/** A signed-in caller whose role is at least `role`, for `caller(c)`: 401 signed out, 403 below it. */
export function roleRequired(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await requireSession(c)
    if (!hasRole(user, role)) throw new ApiError(403, msg`Your account is not allowed to do this.`)
    c.set('account', user)
    await next()
  })
}

/** The pending token of a code step, as the bearer, for `pendingStep(c)`; 401 when there is none. */
export const pendingStepRequired = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'))
  if (!token) throw new ApiError(401, msg`This step has expired. Please start again.`)
  c.set('pending', { tokenHash: await hashSessionToken(token) })
  await next()
})

/** Who is calling, as sessionRequired or roleRequired proved it. */
export function caller(c: Context<AppEnv>): SignedInUser {
  if (!c.var.account) throw new Error('caller() in a route without sessionRequired or roleRequired')
  return c.var.account
}

/** The code step being answered, as pendingStepRequired found it. */
export function pendingStep(c: Context<AppEnv>): PendingStep {
  if (!c.var.pending) throw new Error('pendingStep() in a route without pendingStepRequired')
  return c.var.pending
}
