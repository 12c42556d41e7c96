// A match page's one connection to its room, shared by the page's islands (score, status,
// timeline): one socket, one snapshot, many readers. Messages are folded in by version;
// on every (re)connect and whenever a version is skipped, the page catches up from
// Postgres, so it never misses an event and never shows one twice (lib/live.ts).
import {
  applyCatchUp,
  FOLLOWED_STATUSES,
  applyMessage,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_PING,
  HEARTBEAT_PONG,
  HEARTBEAT_TIMEOUT_MS,
  type LiveMessage,
  type LiveSnapshot,
  reconnectDelay,
  shouldSubscribe,
  SUBSCRIBE_BEFORE_KICKOFF_MS,
} from '../../lib/live.ts'

export type Connection = 'idle' | 'connecting' | 'open' | 'waiting'

export interface FeedView {
  snapshot: LiveSnapshot
  connection: Connection
  /** Kick-off time has come: a match still marked scheduled is shown as under way. */
  started: boolean
}

type Listener = () => void

class MatchFeed {
  private view: FeedView
  private readonly listeners = new Set<Listener>()
  private socket: WebSocket | null = null
  private attempt = 0
  private timers: ReturnType<typeof setTimeout>[] = []
  private heartbeat: ReturnType<typeof setInterval> | undefined
  private pongDue: ReturnType<typeof setTimeout> | undefined

  private readonly matchId: number
  private readonly kickoff: number

  constructor(matchId: number, kickoff: number, snapshot: LiveSnapshot) {
    this.matchId = matchId
    this.kickoff = kickoff
    this.view = { snapshot, connection: 'idle', started: false }
  }

  get current(): FeedView {
    return this.view
  }

  /**
   * Islands register what they were rendered with, each with its own part (the timeline its
   * events, the live text its entries): a newer snapshot is kept, and the parts are pooled.
   */
  seed(snapshot: LiveSnapshot): void {
    const held = this.view.snapshot
    const lineups = held.lineups.home || held.lineups.away ? held.lineups : snapshot.lineups
    const pooled = { ...snapshot, events: [...held.events, ...snapshot.events], commentary: [...held.commentary, ...snapshot.commentary], lineups }
    this.set({ snapshot: applyCatchUp(held, pooled) })
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    this.schedule()
    return () => this.listeners.delete(listener)
  }

  /** The countdown reached kick-off: the page shows the match as started and listens. */
  kickedOff(): void {
    if (!this.view.started) this.set({ started: true })
    this.schedule()
  }

  private set(change: Partial<FeedView>): void {
    this.view = { ...this.view, ...change }
    for (const listener of this.listeners) listener()
  }

  /** Connects now if the match is live or close to kick-off, else when it will be. */
  private schedule(): void {
    if (this.socket || this.view.connection === 'waiting') return
    const { status } = this.view.snapshot
    if (shouldSubscribe(status, this.kickoff, Date.now())) return this.connect()
    if (status !== 'scheduled') return
    const wait = this.kickoff - Date.now() - SUBSCRIBE_BEFORE_KICKOFF_MS
    // setTimeout cannot wait longer than 2^31 ms; a page open for weeks checks again daily.
    this.timers.push(setTimeout(() => this.schedule(), Math.min(Math.max(wait, 1000), 86_400_000)))
  }

  private connect(): void {
    this.set({ connection: 'connecting' })
    const url = new URL(`/api/v1/matches/${this.matchId}/socket`, location.href)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    const socket = new WebSocket(url)
    this.socket = socket
    socket.addEventListener('open', () => {
      this.attempt = 0
      this.set({ connection: 'open' })
      this.startHeartbeat(socket)
      void this.catchUp()
    })
    socket.addEventListener('message', (event) => this.receive(String(event.data)))
    socket.addEventListener('close', () => this.dropped(socket))
    socket.addEventListener('error', () => socket.close())
  }

  private receive(data: string): void {
    if (data === HEARTBEAT_PONG) {
      clearTimeout(this.pongDue)
      return
    }
    const message = JSON.parse(data) as LiveMessage
    const { snapshot, catchUp } = applyMessage(this.view.snapshot, message)
    this.set({ snapshot })
    if (catchUp) void this.catchUp()
    if (!FOLLOWED_STATUSES.includes(snapshot.status)) this.finish()
  }

  private async catchUp(): Promise<void> {
    try {
      const res = await fetch(`/api/v1/matches/${this.matchId}/live`, { headers: { accept: 'application/json' } })
      if (!res.ok) return
      const { data } = (await res.json()) as { data: LiveSnapshot }
      this.set({ snapshot: applyCatchUp(this.view.snapshot, data) })
    } catch {
      // Offline for a moment: the reconnect that follows catches up again.
    }
  }

  private startHeartbeat(socket: WebSocket): void {
    clearInterval(this.heartbeat)
    this.heartbeat = setInterval(() => {
      socket.send(HEARTBEAT_PING)
      clearTimeout(this.pongDue)
      this.pongDue = setTimeout(() => socket.close(), HEARTBEAT_TIMEOUT_MS)
    }, HEARTBEAT_INTERVAL_MS)
  }

  private dropped(socket: WebSocket): void {
    if (this.socket !== socket) return
    this.socket = null
    clearInterval(this.heartbeat)
    clearTimeout(this.pongDue)
    if (!FOLLOWED_STATUSES.includes(this.view.snapshot.status)) return this.set({ connection: 'idle' })
    this.set({ connection: 'waiting' })
    const delay = reconnectDelay(this.attempt)
    this.attempt += 1
    this.timers.push(
      setTimeout(() => {
        this.set({ connection: 'idle' })
        this.schedule()
      }, delay),
    )
  }

  /** The final whistle: nothing more will come, so the page lets go of the room. */
  private finish(): void {
    const socket = this.socket
    this.socket = null
    clearInterval(this.heartbeat)
    clearTimeout(this.pongDue)
    for (const timer of this.timers.splice(0)) clearTimeout(timer)
    socket?.close(1000, 'finished')
    this.set({ connection: 'idle' })
  }
}

const feeds = new Map<number, MatchFeed>()

/** The page's feed for a match, made by the first island that asks. */
export function matchFeed(matchId: number, kickoff: string, snapshot: LiveSnapshot): MatchFeed {
  let feed = feeds.get(matchId)
  if (feed) feed.seed(snapshot)
  else {
    feed = new MatchFeed(matchId, Date.parse(kickoff), snapshot)
    feeds.set(matchId, feed)
  }
  return feed
}

export type { MatchFeed }
