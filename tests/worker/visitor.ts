// A browser's side of the sign-in pages for worker tests: a visitor with a cookie jar and
// an address of their own, who posts forms as a browser does (or as the islands do, asking
// for JSON), and reads codes from the dev outbox as a developer would.
import { expect } from 'vitest'
import { fetchPage, insertUserWithRole, ORIGIN, type TestUser, uniqueIp } from './helpers.ts'

export interface SetCookie {
  value: string
  /** The attributes as sent, e.g. "HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000". */
  attributes: string
}

/** Every Set-Cookie of a response, by cookie name. */
export function setCookies(res: Response): Map<string, SetCookie> {
  const cookies = new Map<string, SetCookie>()
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split('; ')
    const eq = pair.indexOf('=')
    cookies.set(pair.slice(0, eq), { value: decodeURIComponent(pair.slice(eq + 1)), attributes: attributes.join('; ') })
  }
  return cookies
}

export type Fields = Record<string, string | Blob>

type Fetch = (path: string, init: RequestInit) => Promise<Response>

export class Visitor {
  readonly cookies = new Map<string, string>()
  readonly ip = uniqueIp()
  private readonly send: Fetch

  /** `send` reaches the worker: the test worker's own entry unless told otherwise. */
  constructor(send: Fetch = fetchPage) {
    this.send = send
  }

  /** What the browser sends in Cookie. */
  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ')
  }

  async get(path: string): Promise<Response> {
    return this.keep(await this.send(path, { headers: this.headers() }))
  }

  /** A form post: urlencoded, or multipart when a field is a file; `json` is how the islands post. */
  async post(path: string, fields: Fields = {}, opts: { json?: boolean; origin?: string } = {}): Promise<Response> {
    const multipart = Object.values(fields).some((value) => typeof value !== 'string')
    let body: BodyInit
    if (multipart) {
      const form = new FormData()
      for (const [name, value] of Object.entries(fields)) form.append(name, value)
      body = form
    } else {
      body = new URLSearchParams(fields as Record<string, string>).toString()
    }
    const headers = this.headers({ origin: opts.origin ?? ORIGIN })
    if (!multipart) headers['content-type'] = 'application/x-www-form-urlencoded'
    if (opts.json) headers.accept = 'application/json'
    return this.keep(await this.send(path, { method: 'POST', headers, body }))
  }

  /** A post with a body exactly as given, for malformed input. */
  async postRaw(path: string, body: BodyInit, contentType: string): Promise<Response> {
    return this.keep(await this.send(path, { method: 'POST', headers: this.headers({ origin: ORIGIN, 'content-type': contentType }), body }))
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { 'cf-connecting-ip': this.ip, ...extra }
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader
    return headers
  }

  private keep(res: Response): Response {
    for (const [name, cookie] of setCookies(res)) {
      if (/Max-Age=0/.test(cookie.attributes) || cookie.value === '') this.cookies.delete(name)
      else this.cookies.set(name, cookie.value)
    }
    return res
  }
}

interface OutboxMail {
  subject: string
  text: string
}

/** Mail to `to` from the dev outbox, newest first. Mail leaves after the answer, so wait for it. */
export async function outbox(to: string, atLeast = 1): Promise<OutboxMail[]> {
  for (let i = 0; i < 60; i++) {
    const res = await fetchPage(`/__dev/mail?to=${encodeURIComponent(to)}`)
    const mails = (await res.json()) as OutboxMail[]
    if (mails.length >= atLeast) return mails
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return []
}

/** The one-time code in the newest of at least `atLeast` mails to `to`. */
export async function codeFor(to: string, atLeast = 1): Promise<string> {
  const [mail] = await outbox(to, atLeast)
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1]
  expect(code, `a code mailed to ${to}`).toBeDefined()
  return code!
}

/** A browser with the user's session in the `token` cookie, as after sign-in. */
export function signedIn(user: Pick<TestUser, 'token'>): Visitor {
  const visitor = new Visitor()
  visitor.cookies.set('token', user.token)
  return visitor
}

/** A browser signed in as a new account with a newsroom role (decision 077): the desk's screens' tests. */
export async function deskVisitor(role: 'reader' | 'contributor' | 'editor' | 'admin'): Promise<{ user: TestUser; visitor: Visitor }> {
  const user = await insertUserWithRole(role)
  return { user, visitor: signedIn(user) }
}

/** A page's HTML, after checking it answered `status`. */
export async function pageText(visitor: Visitor, path: string, status = 200): Promise<string> {
  const res = await visitor.get(path)
  expect(res.status, path).toBe(status)
  return res.text()
}
