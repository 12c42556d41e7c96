// Every route of the app, found from the router itself, gets generated malformed input as a
// guest, as a signed-in reader and as an editor (whose calls reach the desk's handlers, on a
// draft of the editor's own): each state-changing route its bodies, each route its queries.
// Text Postgres cannot store (a NUL, a lone surrogate: decision 106) goes to every one of
// them. Whatever arrives, the answer is a 4xx or a redirect, never a 5xx (security.md,
// Reliability). A route added later is fuzzed without anyone listing it here.
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/app.tsx'
import { hashPassword } from '../../src/auth/password.ts'
import { fetchPage, insertUserWithSession, ORIGIN, sql, uniqueIp } from './helpers.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Each state-changing route once, with its parameters filled in: both languages, and ids good and bad. */
function targets(ownId?: string): { method: string; path: string }[] {
  const seen = new Set<string>()
  const out: { method: string; path: string }[] = []
  for (const { method, path } of createApp().routes) {
    if (!STATE_CHANGING.has(method) || seen.has(`${method} ${path}`)) continue
    seen.add(`${method} ${path}`)
    const withLang = path.includes(':lang') ? ['ar', 'en'].map((lang) => path.replace(/:lang\{[^}]*\}/, lang)) : [path]
    for (const concrete of withLang) {
      for (const id of concrete.includes(':id') ? [crypto.randomUUID(), '%E0%A4%A', 'x'.repeat(300), ...(ownId ? [ownId] : [])] : ['']) {
        out.push({ method, path: concrete.replace(':id', id) })
      }
    }
  }
  return out
}

/** Each GET route once, its parameters filled with values that name something where they can. */
function readTargets(ownId?: string): string[] {
  const paths = new Set<string>()
  for (const { method, path } of createApp().routes) {
    // Post media are the assets binding's, which the worker tests run without.
    if (method !== 'GET' || path.startsWith('/media/posts/')) continue
    const value = (name: string) => ({ lang: 'en', shown: 'en', to: 'en', id: ownId ?? '1', side: 'home' })[name] ?? '1'
    paths.add(path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => value(name)).replace('*', 'x'))
  }
  return [...paths]
}

// A small deterministic generator, so a failure names the same input on every run.
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state / 0x7fffffff
  }
}

// The football corrections' fields too (merges, deductions, conflicts, crests), each of which no
// junk value satisfies, so a fuzzed call never changes the seed's clubs.
const FIELDS = ['name', 'email', 'password', 'mobile', 'code', 'captcha', 'current_password', 'theme', 'lang', 'next', 'message', 'subject', 'avatar', 'access_token', 'provider', 'provider_id', 'kind', 'title', 'summary', 'body', 'slug', 'tags', 'at', 'keep', 'points', 'season_id', 'club_id', 'reason', 'source_url', 'decided_on', 'crest', 'photo', 'crest.src', 'reason.ar', 'file', 'credit', 'licence', 'alt.ar', 'alt.en', 'cover']

// Text Postgres cannot store, as JavaScript holds it: JSON.stringify sends it as the escapes
// `\u0000` and `\ud800`, which JSON.parse turns back into it.
const NUL = 'a\u0000b'
const LONE_SURROGATES = ['\ud800', 'x\udc00y']
// The same in a form or a query: percent-encoded, the UTF-8 a surrogate would have (which is
// no UTF-8 at all), an overlong NUL, a stray byte, and a raw surrogate the URL parser meets.
const ENCODED = ['a%00b', '%ED%A0%80', '%C0%80', '%FF', '\ud800']
// The fields that take free text, bare (a reply, a profile's name) and in both languages (a
// post's, a player's name): valid but for the bad character, so it would reach the database.
const TEXT_FIELDS = ['name', 'title', 'summary', 'body', 'author', 'reason', 'credit', 'alt', 'message', 'subject', 'text', 'short_name', 'aliases', 'q']
// The query parameters the routes read; free text alone, as a bad sibling would be refused first.
const QUERY_NAMES = ['q', 'tagq', 'target_id', 'target_type', 'before', 'role', 'kind', 'status', 'rev', 'into', 'season', 'season_id', 'limit', 'day', 'next', 'to', 'type', 'id', 'author', 'mine']
const FREE_TEXT_QUERY = ['q', 'tagq', 'target_id', 'next', 'to']

/** The queries every route receives: each encoding in every parameter, in free text alone, and in names. */
function queries(): string[] {
  const all = (value: string) => QUERY_NAMES.map((name) => `${name}=${value}`).join('&')
  return [...ENCODED.map(all), ...FREE_TEXT_QUERY.map((name) => `${name}=a%00b`), ENCODED.map((name) => `${name}=1`).join('&')]
}

function unstorableBodies(): { label: string; contentType?: string; body?: BodyInit }[] {
  const json = (value: (text: string) => unknown) =>
    [NUL, ...LONE_SURROGATES].map((text) => ({ label: `JSON of ${JSON.stringify(text)}`, contentType: 'application/json', body: JSON.stringify(Object.fromEntries(TEXT_FIELDS.map((f) => [f, value(text)]))) }))
  const formFields = [...FIELDS, ...TEXT_FIELDS.flatMap((f) => [f, `${f}.ar`, `${f}.en`])]
  const encoder = new TextEncoder()
  const rawBytes = new Uint8Array([...encoder.encode('title.en=a'), 0xed, 0xa0, 0x80, ...encoder.encode('&summary.en=a'), 0x00, ...encoder.encode('&body.en=a'), 0xff])
  const multipart = new FormData()
  for (const f of formFields) multipart.set(f, NUL)
  return [
    ...json((text) => text),
    ...json((text) => ({ ar: text, en: text })),
    { label: 'JSON with keys of NUL and a lone surrogate', contentType: 'application/json', body: JSON.stringify({ [NUL]: 1, title: { '\ud800': 'x' } }) },
    ...ENCODED.slice(0, -1).map((value) => ({ label: `a form of ${value}`, contentType: 'application/x-www-form-urlencoded', body: formFields.map((f) => `${f}=${value}`).join('&') })),
    { label: 'a form of raw NUL and invalid UTF-8', contentType: 'application/x-www-form-urlencoded', body: rawBytes },
    { label: 'a multipart form of NUL', body: multipart },
  ]
}

function junkValue(next: () => number): string {
  const pool = ['', ' ', '\u0000', '\ud800', '١٢٣٤٥٦', '<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd', 'a'.repeat(70_000), '{"__proto__":{"x":1}}', '+9665', '🧨'.repeat(50), 'null', '-1', '1e309']
  return pool[Math.floor(next() * pool.length)]!
}

/** The bodies every route receives: broken encodings, wrong types, huge values, wrong kinds. */
function bodies(seed: number): { label: string; contentType?: string; body?: BodyInit }[] {
  const next = random(seed)
  const jsonObject = Object.fromEntries(FIELDS.map((f) => [f, [junkValue(next), 42, null, ['a'], { a: 1 }, true][Math.floor(next() * 6)]]))
  const form = new FormData()
  for (const f of FIELDS) form.set(f, new File([junkValue(next)], `${f}.png`, { type: 'image/png' }))
  return [
    { label: 'no body' },
    { label: 'broken JSON', contentType: 'application/json', body: '{"email": "a@b.test", ' },
    { label: 'JSON of the wrong types', contentType: 'application/json', body: JSON.stringify(jsonObject) },
    { label: 'deeply nested JSON', contentType: 'application/json', body: '['.repeat(5000) + ']'.repeat(5000) },
    { label: 'malformed percent-encoding', contentType: 'application/x-www-form-urlencoded', body: 'email=%ZZ&password=%E0%A4%A&name=%ED%A0%80&code=%00' },
    { label: 'repeated and bracketed fields', contentType: 'application/x-www-form-urlencoded', body: 'email=a&email=b&email[]=c&password[x]=1&theme=dark&theme=light' },
    { label: 'a form of junk', contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(FIELDS.map((f) => [f, junkValue(next)])).toString() },
    { label: 'files in every field', body: form },
    { label: 'a broken multipart boundary', contentType: 'multipart/form-data; boundary=nope', body: '--elsewhere\r\ngarbage' },
    { label: 'plain text', contentType: 'text/plain', body: 'hello' },
    { label: 'an unknown type', contentType: 'application/x-unknown', body: '\u0000\u0001' },
    ...unstorableBodies(),
  ]
}

describe('every route survives malformed input', () => {
  it.each([
    ['a guest', null],
    ['a signed-in reader', 'reader'],
    ['an editor', 'editor'],
  ] as const)('as %s', async (_, role) => {
    const user = role ? await insertUserWithSession() : undefined
    // A password, without which the account could be deleted by a fuzzed call (no junk is it).
    if (user) await sql()`update users set password_hash = ${await hashPassword(crypto.randomUUID())} where id = ${user.id}`
    let ownId: string | undefined
    if (user && role === 'editor') {
      await sql()`update users set role = 'editor' where id = ${user.id}`
      // Both languages' keys, as the desk API stores a post; the Arabic left empty, so no call publishes it.
      const [post] = await sql()<{ id: string }[]>`
        insert into posts (kind, slug_en, slug_ar, title, summary, body, author, status, created_by)
        values ('news', ${`fuzz-${crypto.randomUUID()}`}, ${`fuzz-${crypto.randomUUID()}`}, '{"ar":"","en":"Fuzz"}', '{"ar":"","en":""}', '{"ar":"","en":""}', '{"ar":"","en":""}', 'draft', ${user.id})
        returning id::text`
      ownId = post!.id
    }
    const failures: string[] = []
    const seen = new Set<number>()
    let requests = 0
    const send = async (method: string, path: string, label: string, contentType?: string, body?: BodyInit) => {
      const headers: Record<string, string> = { origin: ORIGIN, 'cf-connecting-ip': uniqueIp() }
      if (contentType) headers['content-type'] = contentType
      if (user) {
        headers.cookie = user.cookie
        headers.authorization = `Bearer ${user.token}`
      }
      const res = await fetchPage(path, { method, headers, body })
      requests += 1
      seen.add(res.status)
      // As JSON, whose escapes keep a lone surrogate from breaking the report's way out of workerd.
      if (res.status >= 500) failures.push(`${method} ${JSON.stringify(path)} with ${label}: ${res.status}`)
      await res.body?.cancel()
    }
    let seed = 1
    for (const { method, path } of targets(ownId)) {
      for (const { label, contentType, body } of bodies(seed++)) await send(method, path, label, contentType, body)
      // A DELETE may read its fields from the query.
      await send(method, `${path}?${queries()[0]}`, 'a query of NUL')
      // The sign-out routes end the session: the routes after them are fuzzed signed in again.
      if (user) await sql()`update sessions set revoked_at = null where user_id = ${user.id}`
    }
    for (const path of readTargets(ownId)) {
      for (const query of queries()) await send('GET', `${path}?${query}`, 'its query')
    }
    console.log(JSON.stringify({ fuzz: role ?? 'guest', requests, '5xx': failures.length }))
    expect(failures).toEqual([])
    // The signed-in roles were signed in to the last route.
    if (user) expect((await fetchPage('/api/v1/profile', { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(200)
    // The input reached the handlers: bodies were parsed, refused and validated.
    expect([...seen]).toEqual(expect.arrayContaining([400, 413, 415, 422]))
    // Every route is a few hundred requests: on PostgreSQL the editor's round took 237 s on a
    // quiet machine and past 400 s on a busy one. npm test runs this file once, on PostgreSQL
    // (scripts/run-together.ts): PGlite is the same server code, and the round is a third of its tier.
  }, 600_000)
})
