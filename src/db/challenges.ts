// One-time-code challenges (migration …0100_accounts): rows found by the hash of their
// pending token, or by the session that asked (change_email).
import type postgres from 'postgres'
import type { Locale } from '../../lib/locales.ts'

export type Purpose = 'verify_email' | 'sign_in' | 'reset_password' | 'change_email'

/** What a sign-up typed: it waits in its verify_email step until that step's code proves the address. */
export interface SignUpDetails {
  name: string
  passwordHash: string
  mobile: string | null
  lang: Locale
}

export interface ChallengeRow {
  id: string
  purpose: Purpose
  userId: string | null
  sessionId: string | null
  email: string
  codeHash: Uint8Array
  attempts: number
  codeExpired: boolean
  /** Seconds since the last code went out. */
  sinceSent: number
  signUp: SignUpDetails | null
}

/** Codes live 10 minutes (ASVS 6.5.5); the pending step around them 30. */
export const CODE_MINUTES = 10
export const PENDING_MINUTES = 30

const CHALLENGE_COLUMNS = (sql: postgres.ISql) => sql`
  id, purpose, user_id as "userId", session_id as "sessionId", email, code_hash as "codeHash", attempts,
  code_expires_at <= now() as "codeExpired", extract(epoch from now() - last_sent_at)::float8 as "sinceSent",
  ${SIGN_UP(sql)} as "signUp"`

const SIGN_UP = (sql: postgres.ISql) => sql`
  case when signup_password_hash is null then null else json_build_object(
    'name', signup_name, 'passwordHash', signup_password_hash, 'mobile', signup_mobile, 'lang', signup_lang) end`

export type ChallengeKey = { tokenHash: Uint8Array } | { sessionId: string }

/** The live challenge for a key and purposes, locked for the rest of the transaction. */
export async function lockChallenge(sql: postgres.ISql, key: ChallengeKey, purposes: readonly Purpose[]): Promise<ChallengeRow | null> {
  const where = 'tokenHash' in key ? sql`token_hash = ${key.tokenHash}` : sql`session_id = ${key.sessionId}`
  const [row] = await sql<ChallengeRow[]>`
    select ${CHALLENGE_COLUMNS(sql)} from otp_challenges
    where ${where} and purpose in ${sql(purposes as Purpose[])}
      and consumed_at is null and expires_at > now()
    order by created_at desc limit 1
    for update`
  return row ?? null
}

export async function insertChallenge(
  sql: postgres.ISql,
  challenge: {
    id: string
    purpose: Purpose
    tokenHash: Uint8Array | null
    sessionId: string | null
    userId: string | null
    email: string
    codeHash: Uint8Array
    /** The client that asked (src/security/client-address.ts). */
    client: string
    signUp?: SignUpDetails
  },
): Promise<void> {
  const signUp = challenge.signUp
  await sql`
    with sent as (insert into otp_sends (email, client) values (${challenge.email}, ${challenge.client}))
    insert into otp_challenges (id, purpose, token_hash, session_id, user_id, email, code_hash, code_expires_at, expires_at,
                                signup_name, signup_password_hash, signup_mobile, signup_lang)
    values (${challenge.id}, ${challenge.purpose}, ${challenge.tokenHash}, ${challenge.sessionId}, ${challenge.userId},
            ${challenge.email}, ${challenge.codeHash},
            now() + ${`${CODE_MINUTES} minutes`}::interval, now() + ${`${PENDING_MINUTES} minutes`}::interval,
            ${signUp?.name ?? null}, ${signUp?.passwordHash ?? null}, ${signUp?.mobile ?? null}, ${signUp?.lang ?? null})`
}

/**
 * The details of the newest sign-up of an unverified account that no proof has ended: the
 * password login-2 checks for such an account, and the details its new code step carries.
 */
export async function latestSignUp(sql: postgres.ISql, userId: string): Promise<SignUpDetails | null> {
  const [row] = await sql<{ signUp: SignUpDetails }[]>`
    select ${SIGN_UP(sql)} as "signUp" from otp_challenges
    where user_id = ${userId} and purpose = 'verify_email' and signup_password_hash is not null and consumed_at is null
    order by created_at desc limit 1`
  return row?.signUp ?? null
}

/** A fresh code for the same step: attempts start again (security.md, Resending). */
export async function replaceCode(sql: postgres.ISql, id: string, sent: { email: string; client: string }, codeHash: Uint8Array): Promise<void> {
  await sql`
    with sent as (insert into otp_sends (email, client) values (${sent.email}, ${sent.client}))
    update otp_challenges
    set code_hash = ${codeHash}, attempts = 0, last_sent_at = now(),
        code_expires_at = now() + ${`${CODE_MINUTES} minutes`}::interval
    where id = ${id}`
}

export async function countFailedAttempt(sql: postgres.ISql, id: string): Promise<void> {
  await sql`update otp_challenges set attempts = attempts + 1 where id = ${id}`
}

export async function consumeChallenge(sql: postgres.ISql, id: string): Promise<void> {
  await sql`update otp_challenges set consumed_at = now() where id = ${id}`
}

/** Codes sent in the last hour, and the seconds until the oldest of them leaves the window. */
export interface Sends {
  count: number
  secondsUntilFree: number
}

/**
 * Codes sent to an address in the last hour: those `client` asked for, and all of them.
 */
export async function recentSends(sql: postgres.ISql, email: string, client: string): Promise<{ fromClient: Sends; all: Sends }> {
  const [row] = await sql<{ fromClient: Sends; all: Sends }[]>`
    with recent as (
      select sent_at, client from otp_sends where lower(email) = lower(${email}) and sent_at > now() - interval '1 hour')
    select json_build_object(
             'count', count(*) filter (where client = ${client}),
             'secondsUntilFree', coalesce(extract(epoch from min(sent_at) filter (where client = ${client}) + interval '1 hour' - now()), 0)
           ) as "fromClient",
           json_build_object(
             'count', count(*),
             'secondsUntilFree', coalesce(extract(epoch from min(sent_at) + interval '1 hour' - now()), 0)
           ) as "all"
    from recent`
  return row!
}

/** Ends every sign-up step of the account, and drops what each sign-up typed (decision 058). */
export async function endSignUpSteps(sql: postgres.ISql, userId: string): Promise<void> {
  await sql`
    update otp_challenges set
      consumed_at = coalesce(consumed_at, now()),
      signup_name = null, signup_password_hash = null, signup_mobile = null, signup_lang = null
    where user_id = ${userId} and purpose = 'verify_email'`
}
