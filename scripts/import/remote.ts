// openfootball files fetched by URL, so an operator can import a season the project does not
// carry: `npm run import -- https://raw.githubusercontent.com/openfootball/football.json/master/2022-23/en.1.json`.
// Which URLs may be fetched is lib/openfootball/remote-url.ts, and the body is read within its
// size by lib/bounded-body.ts, as the syncs read theirs; the text goes through the same
// parsers as a file's.
import { readBoundedBody } from '../../lib/bounded-body.ts'
import { remoteUrl } from '../../lib/openfootball/remote-url.ts'

export interface RemoteLimits {
  /** The largest body read; the biggest openfootball file is about 0.4 MB. */
  maxBytes: number
  /** For the whole exchange, body included. */
  timeoutMs: number
}

export const REMOTE_LIMITS: RemoteLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 30_000 }

/** The body of `url` as UTF-8 text, or an error that says what was wrong with the answer. */
export async function fetchText(url: URL, limits: RemoteLimits = REMOTE_LIMITS): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs)
  try {
    const res = await fetchFollowing(url, signal)
    const type = res.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
    const refusal = !res.ok
      ? `the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`
      : type && !type.startsWith('text/') && type !== 'application/json' && !type.endsWith('+json')
        ? `the server sent ${type}, not text`
        : undefined
    if (refusal) {
      await res.body?.cancel()
      throw new Error(refusal)
    }
    const bytes = await readBoundedBody(res, limits.maxBytes, signal)
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch (e) {
      throw new Error('the answer is not UTF-8 text', { cause: e })
    }
    if (text.includes('\0')) throw new Error('the answer is binary, not text')
    return text
  } catch (e) {
    if (signal.aborted) throw new Error(`no complete answer within ${limits.timeoutMs / 1000} s`, { cause: e })
    // fetch says only "fetch failed"; the cause names the refusal or the unknown host.
    if (e instanceof TypeError && e.cause instanceof Error) throw new Error(`cannot connect: ${e.cause.message}`, { cause: e })
    throw e
  }
}

const MAX_REDIRECTS = 5

/** fetch, following redirects only to where remoteUrl allows, so nothing is ever asked for over plain http. */
async function fetchFollowing(url: URL, signal: AbortSignal): Promise<Response> {
  for (let redirects = 0; ; redirects++) {
    const res = await fetch(url, { signal, redirect: 'manual', headers: { accept: 'application/json, text/plain;q=0.9, text/*;q=0.8' } })
    const location = res.headers.get('location')
    if (res.status < 300 || res.status > 399 || location === null) return res
    await res.body?.cancel()
    if (redirects === MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`)
    const next = new URL(location, url)
    try {
      url = remoteUrl(next.href)
    } catch (e) {
      throw new Error(`redirected to ${next.href}: ${(e as Error).message}`, { cause: e })
    }
  }
}
