// The profile's queries (docs/auth-api.md, /api/v1/profile…). Every statement names the
// signed-in user, so no call can read or change another account's rows.
import type postgres from 'postgres'
import type { CountryCode } from '../../lib/countries.ts'
import type { Locale } from '../../lib/locales.ts'
import { type SpoilerAlerts, type SpoilerFree, USER_COLUMNS, type ThemeChoice, type UserPayload } from './users.ts'

export interface ProfileChanges {
  name?: string
  /** Null clears the number. */
  mobile?: string | null
  theme?: ThemeChoice
  lang?: Locale
  /** Null: the reader's country is where they are. */
  country?: CountryCode | null
  spoiler_free?: SpoilerFree
  spoiler_alerts?: SpoilerAlerts
}

/** Applies the changes (at least one) and returns the user as it now is. */
export async function updateProfile(sql: postgres.ISql, userId: string, changes: ProfileChanges): Promise<UserPayload | null> {
  const [row] = await sql<UserPayload[]>`
    update users u set ${sql(changes, Object.keys(changes) as (keyof ProfileChanges)[])}, updated_at = now()
    where u.id = ${userId}
    returning ${USER_COLUMNS(sql)}`
  return row ?? null
}

export async function setPassword(sql: postgres.ISql, userId: string, passwordHash: string): Promise<void> {
  await sql`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`
}

/** Whether an account other than `userId` has the address (compared as the unique index does). */
export async function emailTaken(sql: postgres.ISql, email: string, userId: string): Promise<boolean> {
  const [row] = await sql<{ taken: boolean }[]>`
    select exists (select 1 from users where lower(email) = lower(${email}) and id <> ${userId}) as taken`
  return row!.taken
}

/** The new address, proven by the code that reached it. */
export async function setEmail(sql: postgres.ISql, userId: string, email: string): Promise<void> {
  await sql`
    update users set email = ${email}, email_verified_at = now(), updated_at = now()
    where id = ${userId}`
}

/**
 * Points the account at a new avatar object (or none) and returns the key it replaces, so
 * the caller can delete that object once this has committed. The row is locked first: two
 * uploads at once each see the key the other replaced, and no object is left behind.
 */
export async function swapAvatar(
  sql: postgres.ISql,
  userId: string,
  key: string | null,
): Promise<{ user: UserPayload; previous: string | null } | null> {
  const [row] = await sql<(UserPayload & { previous: string | null })[]>`
    with old as (select avatar_key from users where id = ${userId} for update)
    update users u set avatar_key = ${key}, updated_at = now()
    from old
    where u.id = ${userId}
    returning ${USER_COLUMNS(sql)}, old.avatar_key as previous`
  if (!row) return null
  const { previous, ...user } = row
  return { user, previous }
}

/** A live session in the signed-in devices list (security.md: ASVS 7.5.2). */
export interface SessionRow {
  id: string
  created_at: Date
  last_seen_at: Date
  user_agent: string | null
  ip: string | null
  current: boolean
}

/** The user's unexpired, unrevoked sessions: this one first, then the most recently seen. */
export async function listSessions(sql: postgres.ISql, userId: string, currentId: string): Promise<SessionRow[]> {
  return sql<SessionRow[]>`
    select id, created_at, last_seen_at, user_agent, host(ip) as ip, id = ${currentId} as current
    from sessions
    where user_id = ${userId} and revoked_at is null and expires_at > now()
    order by id = ${currentId} desc, last_seen_at desc, created_at desc`
}

/** Revokes one of the user's live sessions; false when none of theirs has that id. */
export async function revokeOwnSession(sql: postgres.ISql, userId: string, sessionId: string): Promise<boolean> {
  const rows = await sql`
    update sessions set revoked_at = now()
    where id = ${sessionId} and user_id = ${userId} and revoked_at is null and expires_at > now()
    returning id`
  return rows.length === 1
}

/**
 * Deletes the account; its sessions, identities and code steps go with it (on delete
 * cascade), and so do the throttling rows kept under its address and id. Returns the
 * avatar key, for the caller to delete after the commit: an object store cannot roll back.
 */
export async function deleteAccount(sql: postgres.Sql, userId: string, throttleKeys: string[]): Promise<{ avatarKey: string | null } | null> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ avatarKey: string | null }[]>`delete from users where id = ${userId} returning avatar_key as "avatarKey"`
    if (!row) return null
    await tx`delete from auth_throttle where key in ${tx(throttleKeys)}`
    return row
  }) as Promise<{ avatarKey: string | null } | null>
}
