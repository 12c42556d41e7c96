// Social sign-in identities: one row per (provider, provider id), each naming its account
// (src/auth/social/link.ts has the rules).
import type postgres from 'postgres'

/**
 * Holds the address until the caller's transaction ends: two sign-ins of one person at once
 * (a double click, two tabs) must not both create the account.
 */
export async function lockAddressForLinking(sql: postgres.ISql, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(lower(${email}), 0))`
}

/** The account the identity signs in to, or null when it is new. */
export async function identityAccount(sql: postgres.ISql, provider: string, providerId: string): Promise<string | null> {
  const [known] = await sql<{ userId: string }[]>`
    select user_id as "userId" from identities
    where provider = ${provider} and provider_id = ${providerId}`
  return known?.userId ?? null
}

export async function insertIdentity(sql: postgres.ISql, identity: { provider: string; providerId: string; userId: string; email: string }): Promise<void> {
  await sql`
    insert into identities (provider, provider_id, user_id, email)
    values (${identity.provider}, ${identity.providerId}, ${identity.userId}, ${identity.email})`
}

/** Unlinks every identity from the account. */
export async function deleteIdentities(sql: postgres.ISql, userId: string): Promise<void> {
  await sql`delete from identities where user_id = ${userId}`
}
