// The profile API's calls (docs/auth-api.md, /api/v1/profile…), one function each, as the
// profile pages make them with the session from the `token` cookie: through the same proxy
// as the sign-in calls, so an external API at AUTH_API_BASE serves them just as well.
import type { Context } from 'hono'
import * as v from 'valibot'
import { ALERT_KINDS } from '../../lib/alert-kinds.ts'
import { FOLLOW_TYPES } from '../../lib/follows.ts'
import type { AppEnv } from '../types.ts'
import type { ApiAnswer } from '../http/api-client.ts'
import { callAuthApi } from './sign-in-api.ts'
import { ApiUser } from './current-user.ts'

type Call = Promise<ApiAnswer<unknown>>

export const profileCalls = {
  get: (c: Context<AppEnv>, session: string): Call => callAuthApi(c, { method: 'GET', path: 'profile', bearer: session }),
  update: (c: Context<AppEnv>, session: string, body: { name?: string; mobile?: string; theme?: string; lang?: string; country?: string | null; spoiler_free?: string }): Call =>
    callAuthApi(c, { method: 'PATCH', path: 'profile', bearer: session, body }),
  /** The picker's choice (decision 122); null: where the reader is. */
  setCountry: (c: Context<AppEnv>, session: string, country: string | null): Call =>
    callAuthApi(c, { method: 'PATCH', path: 'profile', bearer: session, body: { country } }),
  changePassword: (c: Context<AppEnv>, session: string, body: { current_password: string; password: string }): Call =>
    callAuthApi(c, { method: 'PUT', path: 'profile/password', bearer: session, body }),
  requestEmailChange: (c: Context<AppEnv>, session: string, body: { email: string; current_password: string }): Call =>
    callAuthApi(c, { method: 'POST', path: 'profile/email', bearer: session, body }),
  resendEmailCode: (c: Context<AppEnv>, session: string): Call => callAuthApi(c, { method: 'POST', path: 'profile/email/resend', bearer: session }),
  verifyEmailChange: (c: Context<AppEnv>, session: string, code: string): Call =>
    callAuthApi(c, { method: 'POST', path: 'profile/email/verify', bearer: session, body: { code } }),
  /** `upload` is the multipart body with the file in `avatar`. */
  uploadAvatar: (c: Context<AppEnv>, session: string, upload: FormData): Call =>
    callAuthApi(c, { method: 'POST', path: 'profile/avatar', bearer: session, body: upload }),
  removeAvatar: (c: Context<AppEnv>, session: string): Call => callAuthApi(c, { method: 'DELETE', path: 'profile/avatar', bearer: session }),
  sessions: (c: Context<AppEnv>, session: string): Call => callAuthApi(c, { method: 'GET', path: 'profile/sessions', bearer: session }),
  revokeSession: (c: Context<AppEnv>, session: string, id: string): Call =>
    callAuthApi(c, { method: 'DELETE', path: `profile/sessions/${encodeURIComponent(id)}`, bearer: session }),
  follows: (c: Context<AppEnv>, session: string): Call => callAuthApi(c, { method: 'GET', path: 'follows', bearer: session }),
  deleteAccount: (c: Context<AppEnv>, session: string, body: { current_password: string }): Call =>
    callAuthApi(c, { method: 'DELETE', path: 'profile', bearer: session, body }),
}

/** GET profile's user; an API that does not say whether the account has a password is taken to mean it has one. */
export const ProfileUser = v.object({ ...ApiUser.entries, has_password: v.optional(v.boolean(), true) })
export type ProfileUser = v.InferOutput<typeof ProfileUser>

/** A signed-in device as GET profile/sessions lists it. */
export const SessionItem = v.object({
  id: v.string(),
  created_at: v.string(),
  last_seen_at: v.string(),
  user_agent: v.nullish(v.string(), null),
  ip: v.nullish(v.string(), null),
  current: v.boolean(),
})
export type SessionItem = v.InferOutput<typeof SessionItem>

/** A follow as GET follows lists it (src/api/follows.ts); a list that does not read is shown empty. */
export const FollowItem = v.object({
  type: v.picklist(FOLLOW_TYPES),
  id: v.union([v.number(), v.string()]),
  name: v.string(),
  alerts: v.array(v.picklist(ALERT_KINDS)),
})
export type FollowItem = v.InferOutput<typeof FollowItem>

export const FollowList = v.fallback(v.object({ follows: v.array(FollowItem) }), { follows: [] })
