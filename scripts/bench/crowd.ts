// npm run bench -- --scenario crowd: a crowd of readers on one live match (issue 25). For each
// size N, N WebSockets are opened on the match's room through the worker, evenly over the
// ramp, and each opening is timed; then an editor adds one event a second, and each event is
// timed from the editor's call to each socket's receipt. The match is a replay copy of the
// 2022 World Cup final that the bench kicks off through the editor API.
//
// The bench starts the site straight from workerd by default: `vite preview` relays every
// socket and every message through its one Node process and holds two descriptors per
// socket, so it would measure itself (decision 118). `--server preview` measures what
// `npm start` serves, `--target URL` a server already running.
//
//   npm run bench -- --scenario crowd [--sockets 1000,5000,10000] [--server workerd|preview] [--target URL]
//                    [--ramp 10] [--events 10] [--open-timeout 60]
import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { spread } from '../lib/percentile.ts'
import { callEditorApi, editorToken } from '../live/editor-api.ts'
import { createReplay, findOriginal, loadOriginal } from '../live/replay.ts'
import { type BenchServer, benchServer, machineLoad, serverKind, UsageError, wholeOption } from './server.ts'
import { openCrowd } from './sockets.ts'

/** Issue 25's figures: up to 2,000 sockets open within 30 s and an event reaches them all with p99 ≤ 1 s; more, p99 ≤ 2 s. */
const GOALS = { smallCrowd: 2000, openWithinMs: 30_000, smallP99Ms: 1000, largeP99Ms: 2000 }

/** After the last event, how long the bench waits for sockets still missing one. */
const DELIVERY_GRACE_MS = 10_000

interface Round {
  sockets: number
  opened: number
  failures: Map<string, number>
  openP50: number
  openP99: number
  settledMs: number
  events: number
  /** The editor's calls the server did not take, each with why. */
  eventFailures: string[]
  delivery: ReturnType<typeof spread>
  /** Deliveries owed (each event to each socket open when it was sent) that never came. */
  missed: number
  dropped: number
  /** The bench's own event-loop delay while deliveries arrived: how late it may have noted them. */
  clientLagP99: number
  /** CPU seconds each part of the server used while the sockets opened, and while the events went out. */
  openingCpu: string
  deliveryCpu: string
  missedGoals: string[]
}

/** The soft limit on open files, which every socket takes one of (Linux). */
function openFilesLimit(): number {
  const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))
  return line?.[1] === 'unlimited' || !line ? Infinity : Number(line[1])
}

/** A replay copy of the 2022 World Cup final, under way: its id, and names to book. */
async function liveMatch(sql: postgres.Sql, baseUrl: string, token: string): Promise<{ id: number; names: string[] }> {
  const originalId = await findOriginal(sql, 'worldcup/2022')
  const original = await loadOriginal(sql, originalId)
  const id = await createReplay(sql, originalId, 0)
  await callEditorApi(baseUrl, token, id, { method: 'PATCH', path: '', body: { step: 'kick_off' } })
  return { id, names: original.events.map((e) => e.playerName) }
}

/** CPU seconds each part of the server used between two readings of BenchServer.cpu; a part whose count fell has exited. */
function cpuBetween(before: Record<string, number>, after: Record<string, number>): string {
  const used = ([part, ms]: [string, number]) => (ms < (before[part] ?? 0) ? `${part} exited` : `${part} ${((ms - (before[part] ?? 0)) / 1000).toFixed(1)}`)
  return Object.entries(after).map(used).join(', ') || '-'
}

interface RoundOptions {
  server: BenchServer
  token: string
  match: { id: number; names: string[] }
  sockets: number
  rampMs: number
  openTimeoutMs: number
  events: number
}

async function round(opts: RoundOptions): Promise<Round> {
  const { baseUrl } = opts.server
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/v1/matches/${opts.match.id}/socket`
  const beforeOpening = opts.server.cpu()
  console.log(`crowd of ${opts.sockets}: opening over ${opts.rampMs / 1000} s…`)
  const crowd = await openCrowd({ url, sockets: opts.sockets, rampMs: opts.rampMs, openTimeoutMs: opts.openTimeoutMs })
  const { opening } = crowd
  const beforeDelivery = opts.server.cpu()
  console.log(`crowd of ${opts.sockets}: ${opening.opened} open after ${(opening.settledMs / 1000).toFixed(1)} s; ${opts.events} events, one a second…`)
  const lag = monitorEventLoopDelay({ resolution: 10 })
  lag.enable()
  const sent: { version: number; at: number; owed: number }[] = []
  const eventFailures: string[] = []
  const first = performance.now() + 1000
  for (let n = 0; n < opts.events; n++) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, first + n * 1000 - performance.now())))
    const owed = crowd.openNow()
    const at = performance.now()
    const body = { kind: 'yellow_card', minute: 10 + n, side: n % 2 === 0 ? 'home' : 'away', player_name: opts.match.names[n % opts.match.names.length] ?? 'Bench' }
    try {
      const data = (await callEditorApi(baseUrl, opts.token, opts.match.id, { method: 'POST', path: '/events', body })) as { state: { version: number } }
      sent.push({ version: data.state.version, at, owed })
    } catch (error) {
      // A server too busy to take the editor's call is a finding, not the end of the run.
      eventFailures.push(error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error))
    }
  }
  const everyoneHasAll = () => sent.every((s) => (crowd.receipts.get(s.version)?.length ?? 0) >= s.owed)
  const graceEnds = performance.now() + DELIVERY_GRACE_MS
  while (!everyoneHasAll() && performance.now() < graceEnds) await new Promise((resolve) => setTimeout(resolve, 100))
  lag.disable()
  const afterDelivery = opts.server.cpu()
  const delays = sent.flatMap((s) => (crowd.receipts.get(s.version) ?? []).map((t) => t - s.at))
  const owed = sent.reduce((sum, s) => sum + s.owed, 0)
  const dropped = crowd.dropped()
  await crowd.close()

  const delivery = spread(delays)
  const openSpread = spread(opening.openMs)
  const failed = opening.asked - opening.opened
  const p99Goal = opts.sockets <= GOALS.smallCrowd ? GOALS.smallP99Ms : GOALS.largeP99Ms
  const missed = Math.max(0, owed - delays.length)
  const missedGoals = [
    failed > 0 ? `${failed} sockets did not open` : '',
    eventFailures.length > 0 ? `${eventFailures.length} of the editor's calls failed` : '',
    opts.sockets <= GOALS.smallCrowd && opening.settledMs > GOALS.openWithinMs ? `not all open within ${GOALS.openWithinMs / 1000} s` : '',
    missed > 0 ? `${missed} deliveries missed` : '',
    !(delivery.p99 <= p99Goal) ? `delivery p99 over ${p99Goal / 1000} s` : '',
  ].filter(Boolean)
  return {
    sockets: opts.sockets,
    opened: opening.opened,
    failures: opening.failures,
    openP50: openSpread.p50,
    openP99: openSpread.p99,
    settledMs: opening.settledMs,
    events: sent.length,
    eventFailures,
    delivery,
    missed,
    dropped,
    clientLagP99: lag.percentile(99) / 1e6,
    openingCpu: cpuBetween(beforeOpening, beforeDelivery),
    deliveryCpu: cpuBetween(beforeDelivery, afterDelivery),
    missedGoals,
  }
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      sockets: { type: 'string', default: '1000,5000,10000' },
      server: { type: 'string', default: 'workerd' },
      target: { type: 'string' },
      ramp: { type: 'string', default: '10' },
      events: { type: 'string', default: '10' },
      'open-timeout': { type: 'string', default: '60' },
    },
  })
  const sizes = values.sockets.split(',').map((n) => wholeOption('sockets', n.trim(), 1, 100_000))
  const rampMs = wholeOption('ramp', values.ramp, 0, 600) * 1000
  const events = wholeOption('events', values.events, 1, 600)
  const openTimeoutMs = wholeOption('open-timeout', values['open-timeout'], 1, 600) * 1000
  const server = serverKind(values.server)
  // The bench holds one descriptor per socket, and a local server at least as many.
  const needed = Math.max(...sizes) + 500
  if (openFilesLimit() < needed) {
    throw new UsageError(`${Math.max(...sizes)} sockets need about ${needed} open files and the limit is ${openFilesLimit()}: raise it first (ulimit -n ${needed}), or ask for fewer sockets`)
  }

  const target = await benchServer({ target: values.target, server })
  const rounds: Round[] = []
  try {
    const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => {} })
    const token = await editorToken(sql)
    const match = await liveMatch(sql, target.baseUrl, token).finally(() => sql.end())
    console.log(`bench crowd: ${target.described}; match ${match.id}, ramp ${rampMs / 1000} s, ${events} events; ${machineLoad()}\n`)
    for (const sockets of sizes) rounds.push(await round({ server: target, token, match, sockets, rampMs, openTimeoutMs, events }))
  } finally {
    await target.stop()
  }
  console.log(`\nbench crowd done; ${machineLoad()}`)
  const ms = (n: number) => (Number.isNaN(n) ? '-' : Math.round(n))
  console.table(
    rounds.map((r) => ({
      sockets: r.sockets,
      opened: r.opened,
      'failed (kind)': [...r.failures].map(([kind, n]) => `${n} ${kind}`).join('; ') || '0',
      'open p50 ms': ms(r.openP50),
      'open p99 ms': ms(r.openP99),
      'all settled s': (r.settledMs / 1000).toFixed(1),
      events: r.events,
      'delivery p50 ms': ms(r.delivery.p50),
      'p95 ms': ms(r.delivery.p95),
      'p99 ms': ms(r.delivery.p99),
      'max ms': ms(r.delivery.max),
      missed: r.missed,
      dropped: r.dropped,
      'bench lag p99 ms': ms(r.clientLagP99),
    })),
  )
  if (rounds.some((r) => r.openingCpu !== '-')) {
    console.log('CPU seconds of the server, by part:')
    console.table(rounds.map((r) => ({ sockets: r.sockets, 'while opening': r.openingCpu, 'while delivering': r.deliveryCpu })))
  }
  for (const r of rounds) for (const failure of r.eventFailures) console.log(`${r.sockets} sockets: an editor's call failed: ${failure}`)
  for (const r of rounds) if (r.missedGoals.length > 0) console.log(`goal missed: ${r.sockets} sockets: ${r.missedGoals.join(', ')}`)
  if (rounds.some((r) => r.missedGoals.length > 0)) process.exitCode = 1
}
