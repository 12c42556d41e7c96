// Accounts: the user as the API shows it (spec §3 plus theme, language and role), and
// the queries the sign-in calls make. Emails compare case-insensitively everywhere.
import type postgres from 'postgres'
import type { CountryCode } from '../../lib/countries.ts'
import type { Locale } from '../../lib/locales.ts'

export const ROLES = ['reader', 'contributor', 'editor', 'admin'] as const
export type Role = (typeof ROLES)[number]
export type ThemeChoice = 'light' | 'dark' | 'system'
export const SPOILER_FREE = ['off', 'follows', 'all'] as const
export type SpoilerFree = (typeof SPOILER_FREE)[number]
export const SPOILER_ALERTS = ['vague', 'none'] as const
export type SpoilerAlerts = (typeof SPOILER_ALERTS)[number]

/** The user in every API answer (docs/auth-api.md). */
export interface UserPayload {
  id: string
  name: string
  email: string
  image: string | null
  theme: ThemeChoice
  mobile: string | null
  lang: Locale
  role: Role
  /** The country whose channels come first (decision 122); null: where the reader is. */
  country: CountryCode | null
  /** Whose scores stay hidden until revealed (decision 139). */
  spoiler_free: SpoilerFree
  /** What an alert says of a hidden match: the teams only, or nothing (decision 139). */
  spoiler_alerts: SpoilerAlerts
}

/** What sign-in needs besides the payload. */
export interface Account extends UserPayload {
  passwordHash: string | null
  verified: boolean
}

// One column list, so every query returns the same shape. The avatar's public address is
// built here: keys are random and never reused (src/media).
export const USER_COLUMNS = (sql: postgres.ISql, alias = 'u') => sql.unsafe(`
  ${alias}.id, ${alias}.name, ${alias}.email,
  case when ${alias}.avatar_key is null then null else '/media/' || ${alias}.avatar_key end as image,
  ${alias}.theme, ${alias}.mobile, ${alias}.lang, ${alias}.role, ${alias}.country,
  ${alias}.spoiler_free, ${alias}.spoiler_alerts`)

/** The user's public fields, without the internals an Account carries. */
export function userPayload(account: UserPayload): UserPayload {
  const { id, name, email, image, theme, mobile, lang, role, country, spoiler_free, spoiler_alerts } = account
  return { id, name, email, image, theme, mobile, lang, role, country, spoiler_free, spoiler_alerts }
}

export async function findAccount(sql: postgres.ISql, by: { email: string } | { mobile: string }): Promise<Account | null> {
  const where = 'email' in by ? sql`lower(u.email) = lower(${by.email})` : sql`u.mobile = ${by.mobile}`
  const [row] = await sql<Account[]>`
    select ${USER_COLUMNS(sql)}, u.password_hash as "passwordHash", u.email_verified_at is not null as verified
    from users u where ${where}`
  return row ?? null
}

export async function findAccountById(sql: postgres.ISql, id: string): Promise<Account | null> {
  const [row] = await sql<Account[]>`
    select ${USER_COLUMNS(sql)}, u.password_hash as "passwordHash", u.email_verified_at is not null as verified
    from users u where u.id = ${id}`
  return row ?? null
}

export async function loadUser(sql: postgres.ISql, id: string): Promise<UserPayload | null> {
  const [row] = await sql<UserPayload[]>`select ${USER_COLUMNS(sql)} from users u where u.id = ${id}`
  return row ?? null
}

/** Whether another account already has this mobile number. */
export async function mobileTaken(sql: postgres.ISql, mobile: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await sql<{ taken: boolean }[]>`
    select exists (select 1 from users where mobile = ${mobile} and id is distinct from ${exceptUserId ?? null}::uuid) as taken`
  return row!.taken
}

/**
 * The unverified account a sign-up of `email` waits on: a new one named `name`, or the one
 * already there. Null when a verified account has the address.
 */
export async function unverifiedAccountFor(sql: postgres.ISql, email: string, name: string, lang: Locale): Promise<string | null> {
  const [user] = await sql<{ id: string }[]>`
    insert into users (email, name, lang) values (${email}, ${name}, ${lang})
    on conflict (lower(email)) do update set updated_at = users.updated_at
    where users.email_verified_at is null
    returning id`
  return user?.id ?? null
}

/** A new account for a social sign-in's address, verified when the provider confirmed it. */
export async function insertSocialAccount(
  sql: postgres.ISql,
  account: { email: string; name: string; lang: Locale; verified: boolean },
): Promise<string> {
  const [created] = await sql<{ id: string }[]>`
    insert into users (email, name, lang, email_verified_at)
    values (${account.email}, ${account.name}, ${account.lang}, ${account.verified ? new Date() : null})
    returning id`
  return created!.id
}

/** The account with `email` (any case), locked for the caller's transaction. */
export async function lockAccountByEmail(sql: postgres.ISql, email: string): Promise<{ id: string; verified: boolean } | null> {
  const [account] = await sql<{ id: string; verified: boolean }[]>`
    select id, email_verified_at is not null as verified from users
    where lower(email) = lower(${email}) for update`
  return account ?? null
}

/** The account `userId`'s address, locked for the caller's transaction. */
export async function lockAccountById(sql: postgres.ISql, userId: string): Promise<{ email: string; verified: boolean } | null> {
  const [user] = await sql<{ email: string; verified: boolean }[]>`
    select email, email_verified_at is not null as verified from users where id = ${userId} for update`
  return user ?? null
}

/** Marks the account's address verified, if it still is `email` and was not verified yet. */
export async function markEmailVerified(sql: postgres.ISql, userId: string, email: string): Promise<void> {
  await sql`
    update users set email_verified_at = now(), updated_at = now()
    where id = ${userId} and email_verified_at is null and lower(email) = lower(${email})`
}

/**
 * Verifies the address of `userId` and gives the account exactly `proven`'s details: an
 * absent password or mobile becomes none. A mobile another account has meanwhile is dropped.
 */
export async function takeProvenAccount(
  sql: postgres.ISql,
  userId: string,
  proven: { name: string; passwordHash: string | null; mobile: string | null; lang: Locale | null },
): Promise<void> {
  await sql`
    update users set
      email_verified_at = now(), updated_at = now(),
      name = ${proven.name},
      password_hash = ${proven.passwordHash},
      -- A number another account proved in the meantime stays that account's.
      mobile = case when exists (select 1 from users other where other.mobile = ${proven.mobile} and other.id <> ${userId}) then null else ${proven.mobile}::text end,
      lang = coalesce(${proven.lang}, lang)
    where id = ${userId}`
}
