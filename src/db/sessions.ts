// Sessions: one row per sign-in, found by the SHA-256 of its token (security.md).
import type postgres from 'postgres'
import type { SpoilerLists } from '../football/spoilers.ts'
import { USER_COLUMNS, type UserPayload } from './users.ts'

export interface SessionUser extends UserPayload {
  /** Absent when an external sign-in API vouched for the user (AUTH_API_BASE). */
  sessionId?: string
  /** Whether the account has a password (social sign-in may make one without); built-in API only. */
  hasPassword?: boolean
  /**
   * A spoiler-free reader's reveals and follows (decision 139), read by the session's own
   * statement so a page pays nothing for them; null when spoiler-free is off. Built-in API only.
   */
  spoiler?: SpoilerLists | null
}

/** Sessions last 30 days, the spec's cookie lifetime (§9). */
export const SESSION_DAYS = 30

// last_seen_at is written at most every 10 minutes, so reading pages stays read-mostly.
const TOUCH_INTERVAL = '10 minutes'

/**
 * The signed-in user for a token hash, when the session is unexpired and unrevoked, in one
 * statement that also notes when the session was last seen.
 */
export async function findSessionUser(sql: postgres.ISql, tokenHash: Uint8Array): Promise<SessionUser | null> {
  const [row] = await sql<SessionUser[]>`
    with found as (
      select s.id as "sessionId", s.last_seen_at, u.password_hash is not null as "hasPassword", ${USER_COLUMNS(sql)},
        case when u.spoiler_free = 'off' then null else json_build_object(
          'revealed', coalesce((select json_agg(r.match_id) from spoiler_reveals r where r.user_id = u.id), '[]'::json),
          'clubs', coalesce((select json_agg(distinct x.id) from (
              select f.club_id as id from follows f where f.user_id = u.id and f.club_id is not null
              union select p.club_id from follows f join players p on p.id = f.player_id
              where f.user_id = u.id and p.club_id is not null) x), '[]'::json),
          'competitions', coalesce((select json_agg(f.competition_id) from follows f where f.user_id = u.id and f.competition_id is not null), '[]'::json),
          'matches', coalesce((select json_agg(f.match_id) from follows f where f.user_id = u.id and f.match_id is not null), '[]'::json)
        ) end as spoiler
      from sessions s
      join users u on u.id = s.user_id
      where s.token_hash = ${tokenHash}
        and s.revoked_at is null
        and s.expires_at > now()
    ), touched as (
      update sessions set last_seen_at = now()
      where id = (select "sessionId" from found) and last_seen_at < now() - ${TOUCH_INTERVAL}::interval
    )
    select "sessionId", "hasPassword", id, name, email, image, theme, mobile, lang, role, country, spoiler_free, spoiler_alerts, spoiler
    from found
  `
  return row ?? null
}

export async function insertSession(
  sql: postgres.ISql,
  session: { userId: string; tokenHash: Uint8Array; userAgent: string | null; ip: string | null },
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into sessions (user_id, token_hash, expires_at, user_agent, ip)
    values (${session.userId}, ${session.tokenHash}, now() + ${`${SESSION_DAYS} days`}::interval,
            ${session.userAgent}, ${session.ip}::inet)
    returning id`
  return row!.id
}

export async function revokeSession(sql: postgres.ISql, sessionId: string): Promise<void> {
  await sql`update sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null`
}

/** Every live session of a user but `keep` (a password change keeps the one that made it). */
export async function revokeUserSessions(sql: postgres.ISql, userId: string, keep?: string): Promise<void> {
  await sql`
    update sessions set revoked_at = now()
    where user_id = ${userId} and revoked_at is null and id is distinct from ${keep ?? null}::uuid`
}

/** The addresses the account (none: no rows) started sessions from within the last `days`. */
export async function sessionAddresses(sql: postgres.ISql, userId: string | null, days: number): Promise<string[]> {
  const rows = await sql<{ ip: string }[]>`
    select distinct host(ip) as ip from sessions
    where user_id = ${userId}::uuid and ip is not null and created_at > now() - make_interval(days => ${days})`
  return rows.map((row) => row.ip)
}
