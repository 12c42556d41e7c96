// npm run bench -- --scenario alerts: goal alerts from the editor's call to the push service
// (issue 27, section 3). The bench starts the site on a throwaway embedded database, registers
// R devices (keys made here, as browsers make theirs) of R readers who follow the home club of
// a live match of its own, and runs a push service of its own on this machine that notes when
// each request arrives and answers 201. Then the editor API adds G goals, one every --gap ms;
// each goal is R alerts through the queue and one consumer. The report gives the alerts sent
// per second (from the first to the last request the push service received) and the delay
// from each goal's editor call to each of its requests, p50 and p99 over all G × R alerts
// (at least 50). The queue's batch wait (max_batch_timeout, 1 s) is part of that delay.
//
//   npm run bench -- --scenario alerts [--readers 25] [--goals 4] [--gap 0] [--server workerd|preview] [--target URL]
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { encodeBase64url } from '../../lib/web-push-keys.ts'
import { spread } from '../lib/percentile.ts'
import { callEditorApi, editorToken } from '../live/editor-api.ts'
import { benchServer, machineLoad, serverKind, UsageError, wholeOption } from './server.ts'

/** Issue 27's figure: an alert within seconds of the editor's click. */
const GOAL_P99_MS = 5000

/** After the last goal, how long the bench waits for alerts still missing. */
const DELIVERY_GRACE_MS = 30_000

/** A push service on this machine: the time each device's request arrived, by path. */
async function pushService(): Promise<{ url: string; arrivals: Map<string, number[]>; stop(): Promise<void> }> {
  const arrivals = new Map<string, number[]>()
  const server = createServer((req, res) => {
    const at = Date.now()
    req.resume()
    req.on('end', () => {
      const path = req.url ?? '/'
      arrivals.set(path, [...(arrivals.get(path) ?? []), at])
      res.writeHead(201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, arrivals, stop: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** R readers, each with one device on the bench's push service, following the match's home club. */
async function followers(sql: postgres.Sql, serviceUrl: string, clubId: number, count: number): Promise<string[]> {
  const paths: string[] = []
  for (let i = 0; i < count; i++) {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
    const p256dh = encodeBase64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)))
    const auth = encodeBase64url(crypto.getRandomValues(new Uint8Array(16)))
    const path = `/bench/${crypto.randomUUID()}`
    const [user] = await sql<{ id: string }[]>`
      insert into users (email, name) values (${`bench-alerts-${crypto.randomUUID()}@hadaf.invalid`}, 'Bench reader') returning id`
    await sql`insert into follows (user_id, type, club_id, alerts) values (${user!.id}, 'club', ${clubId}, '{goal}')`
    await sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, lang, time_zone)
      values (${user!.id}, ${serviceUrl + path}, ${p256dh}, ${auth}, ${i % 2 ? 'en' : 'ar'}, 'UTC')`
    paths.push(path)
  }
  return paths
}

/** A live match between two clubs of the data, of the bench's own. */
async function liveMatch(sql: postgres.Sql): Promise<{ id: number; home: number }> {
  const [row] = await sql<{ id: number; home: number }[]>`
    insert into matches (season_id, kickoff, home_club_id, away_club_id, status, demo, source_key)
    select (select id from seasons order by id limit 1), now(),
      (select id from clubs order by id limit 1), (select id from clubs order by id offset 1 limit 1),
      'live', true, ${`bench:alerts:${crypto.randomUUID()}`}
    returning id::int, home_club_id::int as home`
  if (!row) throw new UsageError('the database has no season or clubs to put a match in')
  return row
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      readers: { type: 'string', default: '25' },
      goals: { type: 'string', default: '4' },
      gap: { type: 'string', default: '0' },
      server: { type: 'string', default: 'workerd' },
      target: { type: 'string' },
    },
  })
  const readers = wholeOption('readers', values.readers, 1, 10_000)
  const goals = wholeOption('goals', values.goals, 1, 100)
  const gapMs = wholeOption('gap', values.gap, 0, 60_000)
  if (readers * goals < 50) throw new UsageError(`--readers ${readers} × --goals ${goals} is ${readers * goals} alerts: the bench reports over at least 50`)

  const service = await pushService()
  const target = await benchServer({ target: values.target, server: serverKind(values.server) })
  try {
    const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => {} })
    const { token, match, paths } = await (async () => {
      const match = await liveMatch(sql)
      return { token: await editorToken(sql), match, paths: await followers(sql, service.url, match.home, readers) }
    })().finally(() => sql.end())
    console.log(`bench alerts: ${target.described}; match ${match.id}, ${readers} devices, ${goals} goals ${gapMs} ms apart; ${machineLoad()}\n`)

    const calls: { at: number; ms: number }[] = []
    for (let g = 0; g < goals; g++) {
      const at = Date.now()
      await callEditorApi(target.baseUrl, token, match.id, { method: 'POST', path: '/events', body: { kind: 'goal', minute: 10 + g, side: 'home', player_name: 'Bench' } })
      calls.push({ at, ms: Date.now() - at })
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs))
    }
    const expected = readers * goals
    const received = () => paths.reduce((n, path) => n + (service.arrivals.get(path)?.length ?? 0), 0)
    const deadline = Date.now() + DELIVERY_GRACE_MS
    while (received() < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))

    // A device's k-th request is the k-th goal's: one consumer sends the goals in the order they were queued.
    const delays = paths.flatMap((path) => (service.arrivals.get(path) ?? []).map((arrived, k) => arrived - calls[Math.min(k, calls.length - 1)]!.at))
    const all = paths.flatMap((path) => service.arrivals.get(path) ?? [])
    const seconds = (Math.max(...all) - Math.min(...all)) / 1000
    const delay = spread(delays)
    const editor = spread(calls.map((call) => call.ms))
    console.log(`alerts received  ${all.length} of ${expected}`)
    console.log(`sent per second  ${seconds > 0 ? (all.length / seconds).toFixed(1) : 'all within one millisecond'} (one consumer, first to last request)`)
    console.log(`delay            p50 ${delay.p50} ms, p99 ${delay.p99} ms, max ${delay.max} ms (editor's call to the push service)`)
    console.log(`editor's answer  p50 ${editor.p50} ms, p99 ${editor.p99} ms (it never waits for sending)`)
    if (all.length < expected || delay.p99 > GOAL_P99_MS) {
      console.log(`\nmissed: ${expected - all.length} alerts not received; p99 goal ${GOAL_P99_MS} ms`)
      process.exitCode = 1
    }
  } finally {
    await target.stop()
    await service.stop()
  }
}
