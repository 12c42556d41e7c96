// Calls to the JSON API as a client makes them, and what the account flows leave behind
// (codes in the dev outbox), for the contract tests.
import { expect } from 'vitest'
import type { Envelope } from '../../lib/envelope.ts'
import { solvedCaptcha } from './captcha-helpers.ts'
import { sql, uniqueIp } from './helpers.ts'
import { fetchWith } from './stand-in.ts'

export function uniqueEmail(label = 'reader'): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`
}

export interface ApiResult<T = Record<string, unknown>> {
  res: Response
  status: number
  body: Envelope<T>
}

export async function callApi<T = Record<string, unknown>>(
  path: string,
  opts: {
    method?: string
    body?: unknown
    bearer?: string
    lang?: string
    ip?: string
    rawBody?: string
    contentType?: string
    /** Settings changed for this request (production, SITE_URL …). */
    settings?: Partial<Env>
    /** The scheme and host the request is made to, when not the tests' own. */
    origin?: string
  } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { 'cf-connecting-ip': opts.ip ?? uniqueIp() }
  if (opts.lang) headers['accept-language'] = opts.lang
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`
  const payload = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
  if (payload !== undefined) headers['content-type'] = opts.contentType ?? 'application/json'
  // Through fetchWith, which waits for waitUntil: mail leaves after the answer.
  const res = await fetchWith(opts.settings ?? {}, `${opts.origin ?? ''}/api/v1/${path}`, { method: opts.method ?? (payload === undefined ? 'GET' : 'POST'), headers, body: payload })
  const body = (await res.json()) as Envelope<T>
  expect(body.status, `${path}: envelope status`).toBe(res.status)
  return { res, status: res.status, body }
}

export interface MailRow {
  subject: string
  text: string
}

/** Mail to an address, newest first. */
export async function mailTo(email: string): Promise<MailRow[]> {
  return sql()<MailRow[]>`
    select subject, text_body as text from dev_mail where lower(to_address) = lower(${email}) order by id desc`
}

/** The code in the newest mail to an address. */
export async function latestCode(email: string): Promise<string> {
  const [mail] = await mailTo(email)
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

export const PASSWORD = 'a long enough passphrase'

export type Pending = { access_token: string; otp_sent: boolean; otp_length: number; resend_after: number }
export type Session = { access_token?: string; token?: string; id: string; email: string; name: string; mobile: string | null }

export async function register(fields: Record<string, unknown>, opts: { lang?: string; ip?: string } = {}) {
  return callApi<Pending>('authentication/register', { body: { captcha: await solvedCaptcha(), ...fields }, ...opts })
}

export async function login(fields: Record<string, unknown>, opts: { lang?: string; ip?: string } = {}) {
  return callApi<Session & Pending>('authentication/login-2', { body: { captcha: await solvedCaptcha(), ...fields }, ...opts })
}

/** A verified account made through the API, and a session token for it. */
export async function signedUpUser(fields: { name?: string; mobile?: string } = {}) {
  const email = uniqueEmail()
  const registered = await callApi<{ access_token: string }>('authentication/register', {
    body: { name: fields.name ?? 'Sami', email, password: PASSWORD, mobile: fields.mobile, captcha: await solvedCaptcha() },
  })
  expect(registered.status).toBe(200)
  const checked = await callApi<{ token: string; id: string }>('authentication/check-otp', {
    bearer: registered.body.data!.access_token,
    body: { code: await latestCode(email) },
  })
  expect(checked.status).toBe(200)
  return { email, id: checked.body.data!.id, token: checked.body.data!.token }
}
