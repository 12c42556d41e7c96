// Which account a verified social identity signs in to (security.md: "Link accounts by
// verified email only"; ASVS 6.8.1). Identities are keyed by (provider, provider id).
import type postgres from 'postgres'
import type { Locale } from '../../../lib/locales.ts'
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
    // Two sign-ins of one person at once (a double click, two tabs) must not both create
    // the account: the second waits here, then finds what the first wrote.
    if (identity.email) await tx`select pg_advisory_xact_lock(hashtextextended(lower(${identity.email}), 0))`
    const [known] = await tx<{ userId: string }[]>`
      select user_id as "userId" from identities
      where provider = ${identity.provider} and provider_id = ${identity.providerId}`
    if (known) {
      // The provider has confirmed the address since the account was made with it.
      if (identity.emailConfirmed && identity.email) {
        await tx`
          update users set email_verified_at = now(), updated_at = now()
          where id = ${known.userId} and email_verified_at is null and lower(email) = lower(${identity.email})`
      }
      return known.userId
    }
    if (!identity.email) return 'no-email'
    const name = socialDisplayName(identity.metadata, identity.email)
    const [account] = await tx<{ id: string; verified: boolean }[]>`
      select id, email_verified_at is not null as verified from users
      where lower(email) = lower(${identity.email}) for update`
    let userId: string
    if (account) {
      if (!identity.emailConfirmed) return 'email-unconfirmed'
      // The provider confirmed the address: an unverified account with it, perhaps made by
      // someone waiting for its owner, comes to the owner clean (decision 058).
      await proveAddress(tx, account.id, { name })
      userId = account.id
    } else {
      const [created] = await tx<{ id: string }[]>`
        insert into users (email, name, lang, email_verified_at)
        values (${identity.email}, ${name}, ${lang}, ${identity.emailConfirmed ? new Date() : null})
        returning id`
      userId = created!.id
    }
    await tx`
      insert into identities (provider, provider_id, user_id, email)
      values (${identity.provider}, ${identity.providerId}, ${userId}, ${identity.email})`
    return userId
  })) as string | LinkRefusal
}
