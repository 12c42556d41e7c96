// A crowd of readers on one match: N WebSockets opened on the match's room as its page opens
// them (spread over a ramp), each opening timed and each failure named by kind, each socket
// sending the page's heartbeat, and every change a socket receives noted by version, so a
// change's delivery is timed from the editor's call to each socket's receipt.
//
// Node's own WebSocket does not say why a handshake failed; undici, which it is built on,
// publishes each answer's status on a diagnostics channel, so every socket's address carries
// its number (`?reader=12`, which the route ignores) and a refusal is named by its status.
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_PING } from '../../lib/live.ts'

/**
 * The versions of the changes one message from a room carries: a bare change (`{type:
 * 'change', state}`, what the room sends today) or a batch (`{type: 'changes', changes}`,
 * lib/live.ts's RoomMessage). None for a snapshot, a pong or anything else.
 */
export function changedVersions(data: string): number[] {
  let message: unknown
  try {
    message = JSON.parse(data)
  } catch {
    return []
  }
  const versionOf = (change: unknown) => (change as { state?: { version?: unknown } } | null)?.state?.version
  const changes = (message as { type?: unknown } | null)?.type === 'changes' ? (message as { changes?: unknown }).changes : [message]
  if (!Array.isArray(changes)) return []
  return changes
    .filter((change) => (change as { type?: unknown } | null)?.type === 'change')
    .map(versionOf)
    .filter((version): version is number => typeof version === 'number')
}

export interface CrowdOptions {
  /** The match's socket address, ws://…/api/v1/matches/{id}/socket. */
  url: string
  sockets: number
  /** The sockets are opened one after another, evenly over this many milliseconds. */
  rampMs: number
  /** A socket not open this long after its attempt counts as failed. */
  openTimeoutMs: number
}

export interface Opening {
  asked: number
  opened: number
  /** Failed openings by kind: `HTTP 503`, `not open within 60 s`, `no answer`. */
  failures: Map<string, number>
  /** Each opened socket's time from its attempt to its open, in ms. */
  openMs: number[]
  /** From the first attempt to the last socket's open (or failure), in ms. */
  settledMs: number
}

export interface Crowd {
  opening: Opening
  /** Receipt times (performance.now()) of each version's change, one per socket that got it. */
  receipts: Map<number, number[]>
  /** Sockets open now. */
  openNow(): number
  /** Sockets that closed on their own after opening. */
  dropped(): number
  close(): Promise<void>
}

const HANDSHAKE_ANSWERS = 'undici:request:headers'

interface HandshakeAnswer {
  request: { path: string }
  response: { statusCode: number }
}

/** Opens the crowd; resolves once every socket has opened or failed. */
export async function openCrowd(opts: CrowdOptions): Promise<Crowd> {
  const statuses = new Map<number, number>()
  const onAnswer = (message: unknown) => {
    const { request, response } = message as HandshakeAnswer
    const reader = /[?&]reader=(\d+)/.exec(request.path)
    if (reader) statuses.set(Number(reader[1]), response.statusCode)
  }
  subscribe(HANDSHAKE_ANSWERS, onAnswer)

  const receipts = new Map<number, number[]>()
  const open = new Set<WebSocket>()
  const failures = new Map<string, number>()
  const openMs: number[] = []
  let dropped = 0
  let closing = false
  const started = performance.now()
  let lastSettled = started
  let settled = 0
  let allSettled: () => void = () => {}
  const everyoneSettled = new Promise<void>((resolve) => (allSettled = resolve))
  const settle = () => {
    lastSettled = performance.now()
    if (++settled === opts.sockets) allSettled()
  }
  const fail = (kind: string) => {
    failures.set(kind, (failures.get(kind) ?? 0) + 1)
    settle()
  }

  const openOne = (reader: number) => {
    const attemptAt = performance.now()
    const socket = new WebSocket(`${opts.url}?reader=${reader}`)
    let state: 'opening' | 'open' | 'over' = 'opening'
    let heartbeat: NodeJS.Timeout | undefined
    const timeout = setTimeout(() => {
      if (state !== 'opening') return
      state = 'over'
      fail(`not open within ${opts.openTimeoutMs / 1000} s`)
      socket.close()
    }, opts.openTimeoutMs)
    socket.addEventListener('open', () => {
      if (state !== 'opening') return
      clearTimeout(timeout)
      state = 'open'
      open.add(socket)
      openMs.push(performance.now() - attemptAt)
      settle()
      // The page's heartbeat, each socket at its own phase.
      heartbeat = setTimeout(function beat() {
        socket.send(HEARTBEAT_PING)
        heartbeat = setTimeout(beat, HEARTBEAT_INTERVAL_MS)
      }, Math.random() * HEARTBEAT_INTERVAL_MS)
    })
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return
      const at = performance.now()
      for (const version of changedVersions(event.data)) {
        const times = receipts.get(version)
        if (times) times.push(at)
        else receipts.set(version, [at])
      }
    })
    socket.addEventListener('close', () => {
      clearTimeout(timeout)
      clearTimeout(heartbeat)
      open.delete(socket)
      if (state === 'opening') {
        const status = statuses.get(reader)
        fail(status === undefined ? 'no answer (refused or reset)' : `HTTP ${status}`)
      } else if (state === 'open' && !closing) dropped += 1
      state = 'over'
    })
  }

  // Attempts go out on the ramp's schedule, a few at a time, rather than as one timer each.
  let attempted = 0
  const ramp = setInterval(() => {
    const due = Math.min(opts.sockets, Math.floor(((performance.now() - started) / Math.max(1, opts.rampMs)) * opts.sockets) + 1)
    while (attempted < due) openOne(attempted++)
    if (attempted === opts.sockets) clearInterval(ramp)
  }, 5)
  await everyoneSettled
  unsubscribe(HANDSHAKE_ANSWERS, onAnswer)

  return {
    opening: { asked: opts.sockets, opened: openMs.length, failures, openMs, settledMs: lastSettled - started },
    receipts,
    openNow: () => open.size,
    dropped: () => dropped,
    async close() {
      closing = true
      const closed = [...open].map((socket) => new Promise<void>((resolve) => socket.addEventListener('close', () => resolve())))
      for (const socket of open) socket.close(1000)
      await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 15_000))])
    },
  }
}
