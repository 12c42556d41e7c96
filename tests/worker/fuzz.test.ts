// Every state-changing route of the app, found from the router itself, gets generated
// malformed input as a guest, as a signed-in reader and as an editor (whose calls reach the
// desk's handlers, on a draft of the editor's own): whatever arrives, the answer is a
// 4xx or a redirect, never a 5xx (security.md, Reliability). A route added later is fuzzed
// without anyone listing it here.
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/app.tsx'
import { fetchPage, insertUserWithSession, ORIGIN, sql, uniqueIp } from './helpers.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Each route once, with its parameters filled in: both languages, and ids good and bad. */
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
  ]
}

describe('every state-changing route survives malformed input', () => {
  it.each([
    ['a guest', null],
    ['a signed-in reader', 'reader'],
    ['an editor', 'editor'],
  ] as const)('as %s', async (_, role) => {
    const user = role ? await insertUserWithSession() : undefined
    let ownId: string | undefined
    if (user && role === 'editor') {
      await sql()`update users set role = 'editor' where id = ${user.id}`
      const [post] = await sql()<{ id: string }[]>`
        insert into posts (kind, slug_en, slug_ar, title, summary, body, author, status, created_by)
        values ('news', ${`fuzz-${crypto.randomUUID()}`}, ${`fuzz-${crypto.randomUUID()}`}, '{"en":"Fuzz"}', '{}', '{}', '{}', 'draft', ${user.id})
        returning id::text`
      ownId = post!.id
    }
    const failures: string[] = []
    const seen = new Set<number>()
    let seed = 1
    for (const { method, path } of targets(ownId)) {
      for (const { label, contentType, body } of bodies(seed++)) {
        const headers: Record<string, string> = { origin: ORIGIN, 'cf-connecting-ip': uniqueIp() }
        if (contentType) headers['content-type'] = contentType
        if (user) {
          headers.cookie = user.cookie
          headers.authorization = `Bearer ${user.token}`
        }
        const res = await fetchPage(path, { method, headers, body })
        seen.add(res.status)
        if (res.status >= 500) failures.push(`${method} ${path} with ${label}: ${res.status}`)
        await res.body?.cancel()
      }
    }
    expect(failures).toEqual([])
    // The input reached the handlers: bodies were parsed, refused and validated.
    expect([...seen]).toEqual(expect.arrayContaining([400, 413, 415, 422]))
  }, 240_000)
})
