// Which account a verified social identity signs in to (security.md: "Link accounts by
// verified email only"; ASVS 6.8.1). Identities are keyed by (provider, provider id).
import type postgres from 'postgres'
import type { Locale } from '../../../lib/locales.ts'
import { identityAccount, insertIdentity, lockAddressForLinking } from '../../db/identities.ts'
import { insertSocialAccount, lockAccountByEmail, markEmailVerified } from '../../db/users.ts'
import { proveAddress } from '../prove-address.ts'
import { socialDisplayName } from './name.ts'
import type { VerifiedIdentity } from './verify.ts'

/** Why an identity could not be given an account. */
export type LinkRefusal = 'no-email' | 'email-unconfirmed'

/**
 * The account's id, in one transaction:
 * 1. a known identity signs its own account in;
 * 2. else an account with the same email is linked, but only when Supabase confirmed the
 *    address: an unconfirmed one could be anybody's (the pre-account-takeover study);
 * 3. else a new account is created, verified only if the address is confirmed.
 */
export async function accountForIdentity(sql: postgres.Sql, identity: VerifiedIdentity, lang: Locale): Promise<string | LinkRefusal> {
  return (await sql.begin(async (tx) => {
    if (identity.email) await lockAddressForLinking(tx, identity.email)
    const known = await identityAccount(tx, identity.provider, identity.providerId)
    if (known) {
      // The provider has confirmed the address since the account was made with it.
      if (identity.emailConfirmed && identity.email) await markEmailVerified(tx, known, identity.email)
      return known
    }
    if (!identity.email) return 'no-email'
    const name = socialDisplayName(identity.metadata, identity.email)
    const account = await lockAccountByEmail(tx, identity.email)
    let userId: string
    if (account) {
      if (!identity.emailConfirmed) return 'email-unconfirmed'
      // The provider confirmed the address: an unverified account with it, perhaps made by
      // someone waiting for its owner, comes to the owner clean (decision 058).
      await proveAddress(tx, account.id, { name })
      userId = account.id
    } else {
      userId = await insertSocialAccount(tx, { email: identity.email, name, lang, verified: identity.emailConfirmed })
    }
    await insertIdentity(tx, { provider: identity.provider, providerId: identity.providerId, userId, email: identity.email })
    return userId
  })) as string | LinkRefusal
}
