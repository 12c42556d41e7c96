import type postgres from 'postgres'

export type Role = 'reader' | 'editor' | 'admin'

export interface SessionUser {
  id: string
  name: string
  email: string
  role: Role
  sessionId: string
}

/** The signed-in user for a token hash, when the session is unexpired and unrevoked. */
export async function findSessionUser(sql: postgres.Sql, tokenHash: Uint8Array): Promise<SessionUser | null> {
  const [row] = await sql<SessionUser[]>`
    select u.id, u.name, u.email, u.role, s.id as "sessionId"
    from sessions s
    join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash}
      and s.revoked_at is null
      and s.expires_at > now()
  `
  return row ?? null
}
