// The live desk's API as a script calls it (the match replays, the bench): a session for the
// demo editor, and one call to a match's editor routes with it.
import postgres from 'postgres'
import { generateSessionToken, hashSessionToken } from '../../src/auth/session-token.ts'

const DEMO_EDITOR = { email: 'replay-editor@hadaf.invalid', name: 'Hadaf replay' }

/** A session for a demo editor account, the replay's by default (made an editor if it is not one), ending with the day. */
export async function editorToken(sql: postgres.Sql, account: { email: string; name: string } = DEMO_EDITOR): Promise<string> {
  const [user] = await sql<{ id: string }[]>`
    with existing as (select id from users where email = ${account.email}),
    created as (
      insert into users (email, name, role)
      select ${account.email}, ${account.name}, 'editor' where not exists (select 1 from existing)
      returning id)
    select id from existing union all select id from created`
  await sql`update users set role = 'editor' where id = ${user!.id}`
  const token = generateSessionToken()
  await sql`insert into sessions (user_id, token_hash, expires_at) values (${user!.id}, ${await hashSessionToken(token)}, now() + interval '1 day')`
  return token
}

export interface EditorCall {
  method: 'POST' | 'PATCH'
  /** Relative to the match: '' for the match itself, '/events', '/commentary'. */
  path: '' | '/events' | '/commentary'
  body: Record<string, unknown>
}

/** One call to match `matchId`'s editor API; the envelope's `data`, or an error naming the call and the answer. */
export async function callEditorApi(baseUrl: string, token: string, matchId: number, call: EditorCall, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(`${baseUrl}/api/v1/matches/${matchId}${call.path}`, {
    method: call.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(call.body),
    signal,
  })
  if (!res.ok) throw new Error(`${call.method} ${call.path || '/'} answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { data?: unknown }).data
}
