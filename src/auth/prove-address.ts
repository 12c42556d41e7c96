// What proving an address does to an account that was not verified yet (security.md,
// "Nothing unproven survives a proof"; decision 058). Until then the account is nobody's:
// anyone could have made it with someone else's address, perhaps to wait for its owner
// (the pre-account takeover of MSRC's study). Whoever proves the address — with a sign-up's
// code, a sign-in or reset code, or a provider's confirmed email — gets the account with
// only what that proof vouches for.
import type postgres from 'postgres'
import type { Locale } from '../../lib/locales.ts'
import { endSignUpSteps } from '../db/challenges.ts'
import { deleteIdentities } from '../db/identities.ts'
import { revokeUserSessions } from '../db/sessions.ts'
import { lockAccountById, takeProvenAccount } from '../db/users.ts'
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
  const user = await lockAccountById(tx, userId)
  if (!user || user.verified) return
  await takeProvenAccount(tx, userId, {
    name: proven.name ?? socialDisplayName({}, user.email),
    passwordHash: proven.passwordHash ?? null,
    mobile: proven.mobile ?? null,
    lang: proven.lang ?? null,
  })
  await deleteIdentities(tx, userId)
  await revokeUserSessions(tx, userId)
  await endSignUpSteps(tx, userId)
}
