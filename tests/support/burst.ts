// A burst of readers arriving at once, as a goal or a kick-off brings them: pages, the live
// snapshot and socket opens, all sent together to the site on 127.0.0.1, each timed from its
// send to its last byte (or to the socket's open). Used by tests/burst/burst.test.ts and to
// measure what a database can hold (README, "Bursts, and what the embedded database holds").
import postgres from 'postgres'
import { percentile } from '../../scripts/lib/percentile.ts'

export interface BurstTargets {
  /** A played match: its page and its live snapshot. */
  match: number
  /** A league with a season, as its page is addressed (`en.1`). */
  league: string
}

export interface BurstResult {
  requests: number
  /** Every answer that was not a success, by what was asked: `GET /en/… → 503`. */
  failures: string[]
  p50: number
  p99: number
  max: number
}

/** Seeded rows the burst reads: a match that has been played and a league with a season. */
export async function burstTargets(databaseUrl: string): Promise<BurstTargets> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql<{ match: number; league: string }[]>`
      select (select id::int from matches where status = 'finished' order by id limit 1) as match,
             (select id from competitions where id = 'en.1') as league`
    if (!row?.match || !row.league) throw new Error('the burst needs a seeded database: a finished match and the league en.1')
    return row
  } finally {
    await sql.end()
  }
}

/** What the n-th reader asks for; page addresses are new to the edge cache, so each is rendered. */
function burstRequest(n: number, { match, league }: BurstTargets): string {
  const lang = n % 2 === 0 ? 'ar' : 'en'
  const fresh = `utm_source=burst-${n}`
  const kinds = [
    `/${lang}?${fresh}`,
    `/${lang}/matches/${match}?${fresh}`,
    `/${lang}/leagues/${league}?${fresh}`,
    `/api/v1/matches/${match}/live`,
    `socket /api/v1/matches/${match}/socket`,
  ]
  return kinds[n % kinds.length]!
}

/** Opens a reader's socket and closes it once open; resolves to what went wrong, if anything. */
function openSocket(url: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url)
    const timer = setTimeout(() => {
      socket.close()
      resolve(`not open after ${timeoutMs} ms`)
    }, timeoutMs)
    socket.addEventListener('open', () => {
      clearTimeout(timer)
      socket.close()
      resolve(undefined)
    })
    socket.addEventListener('error', () => {
      clearTimeout(timer)
      resolve('refused')
    })
  })
}

async function send(baseUrl: string, request: string, timeoutMs: number): Promise<string | undefined> {
  if (request.startsWith('socket ')) return openSocket(baseUrl.replace(/^http/, 'ws') + request.slice('socket '.length), timeoutMs)
  try {
    const res = await fetch(baseUrl + request, { signal: AbortSignal.timeout(timeoutMs) })
    await res.arrayBuffer()
    return res.ok ? undefined : String(res.status)
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/** Sends `concurrency` requests at once (a mix of every kind) and waits for all of them, each for at most `timeoutMs`. */
export async function burst(baseUrl: string, targets: BurstTargets, concurrency: number, timeoutMs = 60_000): Promise<BurstResult> {
  const failures: string[] = []
  const times = await Promise.all(
    Array.from({ length: concurrency }, async (_, n) => {
      const request = burstRequest(n, targets)
      const started = performance.now()
      const failure = await send(baseUrl, request, timeoutMs)
      if (failure) failures.push(`${request} → ${failure}`)
      return performance.now() - started
    }),
  )
  const sorted = times.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms)
  return { requests: concurrency, failures, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? NaN) }
}
