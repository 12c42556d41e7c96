// Accounts: the user as the API shows it (spec §3 plus theme, language and role), and
// the queries the sign-in calls make. Emails compare case-insensitively everywhere.
import type postgres from 'postgres'
import type { Locale } from '../../lib/locales.ts'

export const ROLES = ['reader', 'contributor', 'editor', 'admin'] as const
export type Role = (typeof ROLES)[number]
export type ThemeChoice = 'light' | 'dark' | 'system'

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
  ${alias}.theme, ${alias}.mobile, ${alias}.lang, ${alias}.role`)

/** The user's public fields, without the internals an Account carries. */
export function userPayload(account: UserPayload): UserPayload {
  const { id, name, email, image, theme, mobile, lang, role } = account
  return { id, name, email, image, theme, mobile, lang, role }
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
