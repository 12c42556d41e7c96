// Accounts as admins see them at the desk: found by name or address, their role changed,
// their sessions listed and ended. Every change is audited in its own transaction.
import type postgres from 'postgres'
import { recordAudit } from './audit.ts'
import type { Role } from './users.ts'

export interface DeskUser {
  id: string
  name: string
  email: string
  role: Role
  createdAt: string
  /** Sessions neither expired nor revoked. */
  activeSessions: number
}

export interface DeskSession {
  id: string
  createdAt: string
  lastSeenAt: string
  expiresAt: string
  revokedAt: string | null
  userAgent: string | null
  ip: string | null
}

const userColumns = (sql: postgres.Sql | postgres.TransactionSql) => sql`
  u.id::text, u.name, u.email, u.role, u.created_at as "createdAt",
  (select count(*)::int from sessions s where s.user_id = u.id and s.revoked_at is null and s.expires_at > now()) as "activeSessions"`

/** Accounts whose name or address contains `query` (any case), newest first. */
export async function findUsers(sql: postgres.Sql, query: string, role: Role | undefined, limit: number): Promise<DeskUser[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<DeskUser[]>`
    select ${userColumns(sql)} from users u
    where (u.email ilike ${pattern} or u.name ilike ${pattern})
      and (${role ?? null}::text is null or u.role = ${role ?? null})
    order by u.created_at desc limit ${limit}`
}

/** One account; undefined when there is no such account. */
export async function getUser(sql: postgres.Sql, userId: string): Promise<DeskUser | undefined> {
  const [user] = await sql<DeskUser[]>`select ${userColumns(sql)} from users u where u.id = ${userId}`
  return user
}

export type RoleChange = { user: DeskUser } | { missing: true } | { lastAdmin: true }

/** A new role; the last admin cannot stop being one, or nobody could manage roles again. */
export async function changeRole(sql: postgres.Sql, userId: string, role: Role, actorId: string): Promise<RoleChange> {
  return sql.begin(async (tx) => {
    // Admins are locked too, so two admins demoting each other at once cannot leave none.
    const admins = await tx<{ id: string }[]>`select id::text from users where role = 'admin' for update`
    const [before] = await tx<DeskUser[]>`select ${userColumns(tx)} from users u where u.id = ${userId} for update`
    if (!before) return { missing: true }
    if (before.role === 'admin' && role !== 'admin' && admins.length === 1) return { lastAdmin: true }
    await tx`update users set role = ${role} where id = ${userId}`
    await recordAudit(tx, actorId, { action: 'user.role', targetType: 'user', targetId: userId, before: { role: before.role }, after: { role } })
    return { user: { ...before, role } }
  })
}

/** A user's sessions, newest first; null when there is no such user. */
export async function listSessions(sql: postgres.Sql, userId: string): Promise<DeskSession[] | null> {
  const [row] = await sql<{ sessions: DeskSession[] | null }[]>`
    select (select json_agg(json_build_object(
        'id', s.id, 'createdAt', s.created_at, 'lastSeenAt', s.last_seen_at, 'expiresAt', s.expires_at,
        'revokedAt', s.revoked_at, 'userAgent', s.user_agent, 'ip', host(s.ip)) order by s.created_at desc)
      from sessions s where s.user_id = u.id) as sessions
    from users u where u.id = ${userId}`
  return row ? (row.sessions ?? []) : null
}

/** Ends one session of the user (`sessionId`) or all of them; the number ended, or null for no such user. */
export async function endSessions(sql: postgres.Sql, userId: string, sessionId: string | null, actorId: string): Promise<number | null> {
  return sql.begin(async (tx) => {
    const [user] = await tx`select 1 from users where id = ${userId}`
    if (!user) return null
    const ended = await tx<{ id: string }[]>`
      update sessions set revoked_at = now()
      where user_id = ${userId} and revoked_at is null and (${sessionId}::uuid is null or id = ${sessionId}::uuid)
      returning id::text`
    if (ended.length > 0) {
      await recordAudit(tx, actorId, { action: 'user.sessions_end', targetType: 'user', targetId: userId, before: null, after: { sessions: ended.map((s) => s.id) } })
    }
    return ended.length
  })
}
