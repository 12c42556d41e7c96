// What proving an address does to an account that was not verified yet (security.md,
// "Nothing unproven survives a proof"; decision 058). Until then the account is nobody's:
// anyone could have made it with someone else's address, perhaps to wait for its owner
// (the pre-account takeover of MSRC's study). Whoever proves the address — with a sign-up's
// code, a sign-in or reset code, or a provider's confirmed email — gets the account with
// only what that proof vouches for.
import type postgres from 'postgres'
import type { Locale } from '../../lib/locales.ts'
import { revokeUserSessions } from '../db/sessions.ts'
import { socialDisplayName } from './social/name.ts'

/** What the proof vouches for: a sign-up's details with its own code, a provider's name, or nothing. */
export interface Proven {
  name?: string
  passwordHash?: string
  mobile?: string | null
  lang?: Locale
}

/**
 * Marks the address of `userId` proven, in the caller's transaction. A verified account is
 * left as it is. An unverified one keeps nothing nobody proved: its password, mobile and
 * name become the proof's own (none, and the address's local part, when it brings none),
 * and the identities and sessions someone else may have attached to it end. Every sign-up
 * step of the address ends too, so another sign-up's code can never apply its details later.
 */
export async function proveAddress(tx: postgres.TransactionSql, userId: string, proven: Proven): Promise<void> {
  const [user] = await tx<{ email: string; verified: boolean }[]>`
    select email, email_verified_at is not null as verified from users where id = ${userId} for update`
  if (!user || user.verified) return
  const mobile = proven.mobile ?? null
  await tx`
    update users set
      email_verified_at = now(), updated_at = now(),
      name = ${proven.name ?? socialDisplayName({}, user.email)},
      password_hash = ${proven.passwordHash ?? null},
      -- A number another account proved in the meantime stays that account's.
      mobile = case when exists (select 1 from users other where other.mobile = ${mobile} and other.id <> ${userId}) then null else ${mobile}::text end,
      lang = coalesce(${proven.lang ?? null}, lang)
    where id = ${userId}`
  await tx`delete from identities where user_id = ${userId}`
  await revokeUserSessions(tx, userId)
  await tx`
    update otp_challenges set
      consumed_at = coalesce(consumed_at, now()),
      signup_name = null, signup_password_hash = null, signup_mobile = null, signup_lang = null
    where user_id = ${userId} and purpose = 'verify_email'`
}
