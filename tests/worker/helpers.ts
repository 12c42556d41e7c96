// Fixtures for worker tests: requests through the real worker entry, and users with
// sessions written straight into the test database.
import { env, exports } from 'cloudflare:workers'
import postgres from 'postgres'
import { generateSessionToken, hashSessionToken } from '../../src/auth/session-token.ts'

export const ORIGIN = 'http://localhost'

export function fetchPage(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(ORIGIN + path, { redirect: 'manual', ...init }))
}

/**
 * `path` with a query parameter no request has carried before (pages ignore utm_…): an
 * address the edge cache holds nothing for, so the answer is rendered, not kept.
 */
export function unseenPath(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}utm_source=${crypto.randomUUID()}`
}

/**
 * A form post as a browser sends it, from this site unless `origin` says otherwise, and
 * from an address of its own unless `ip` says otherwise: tests never share a per-IP limit.
 */
export function postForm(path: string, body: string, origin = ORIGIN, ip = uniqueIp()): Promise<Response> {
  return fetchPage(path, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': ip },
    body,
  })
}

/**
 * A client address no other request of the run has used, in a /64 of its own (IPv6
 * documentation range): the per-address limits count a /64 as one client.
 */
export function uniqueIp(): string {
  const [a, b] = crypto.getRandomValues(new Uint16Array(2))
  return `2001:db8:${a!.toString(16)}:${b!.toString(16)}::1`
}

/**
 * Calls `attempt` until the rate limit refuses one (429), at most 21 times, and gives the
 * statuses before it and the refusal. The binding counts in fixed minutes, so on a slow run
 * the attempts may straddle two and the eleventh is not always the refused one; two
 * minutes' allowances and one more always reach it.
 */
export async function attemptsUntilLimited<T extends { status: number }>(attempt: () => Promise<T>): Promise<{ allowed: number[]; refused: T | undefined }> {
  const allowed: number[] = []
  for (let i = 0; i < 21; i++) {
    const answer = await attempt()
    if (answer.status === 429) return { allowed, refused: answer }
    allowed.push(answer.status)
  }
  return { allowed, refused: undefined }
}

let client: postgres.Sql | undefined

/**
 * The test file's own connection to the test database, opened once and left to workerd
 * to close (postgres.js's end() is unsafe on workerd: see src/db/client.ts).
 */
export function sql(): postgres.Sql {
  client ??= postgres(env.DB.connectionString, { max: 1, fetch_types: false })
  return client
}

/** The version of a scope of the edge cache (decision 114); 0 for one that never changed. */
export async function scopeVersion(scope: string): Promise<number> {
  const [row] = await sql()<{ version: string }[]>`select version::text from page_scopes where scope = ${scope}`
  return Number(row?.version ?? 0)
}

export interface TestUser {
  id: string
  name: string
  email: string
  token: string
  cookie: string
}

let serial = 0

/** A user with one session; `expired` or `revoked` make a session that must not count. */
export async function insertUserWithSession(opts: { name?: string; expired?: boolean; revoked?: boolean } = {}): Promise<TestUser> {
  const db = sql()
  serial += 1
  const email = `reader${serial}-${crypto.randomUUID().slice(0, 8)}@example.test`
  const name = opts.name ?? `Reader ${serial}`
  const [user] = await db<{ id: string }[]>`insert into users (email, name) values (${email}, ${name}) returning id`
  const token = generateSessionToken()
  await db`
    insert into sessions (user_id, token_hash, expires_at, revoked_at)
    values (
      ${user!.id},
      ${await hashSessionToken(token)},
      now() + ${opts.expired ? '-1 hour' : '30 days'}::interval,
      ${opts.revoked ? new Date() : null}
    )`
  return { id: user!.id, name, email, token, cookie: `token=${token}` }
}

/** A signed-in account with a newsroom role (decision 077). */
export async function insertUserWithRole(role: 'reader' | 'contributor' | 'editor' | 'admin'): Promise<TestUser> {
  const user = await insertUserWithSession({ name: `Desk ${role}` })
  await sql()`update users set role = ${role} where id = ${user.id}`
  return user
}

/** The scripts a page runs: JSON-LD is data, not code, and does not count. */
export function executableScripts(body: string): string[] {
  return (body.match(/<script[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'))
}
