// A match page's one connection to its room, shared by the page's islands (score, status,
// timeline): one socket, one snapshot, many readers. The room sends its snapshot when the
// socket opens and whenever the page saw a version skipped and asked again; in between,
// batches of changes, folded in by version, so the page never misses an event and never
// shows one twice (lib/live.ts). Where the socket is refused or keeps failing, the page
// polls the live snapshot the edge keeps instead, and tries its socket now and then
// (decision 117).
import {
  applyCatchUp,
  applyRoomMessage,
  CATCH_UP_REQUEST,
  FOLLOWED_STATUSES,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_PING,
  HEARTBEAT_PONG,
  HEARTBEAT_TIMEOUT_MS,
  jittered,
  type LiveSnapshot,
  POLL_AFTER_FAILURES,
  pollDelay,
  reconnectDelay,
  type RoomMessage,
  shouldSubscribe,
  SOCKET_RETRY_MS,
  SUBSCRIBE_BEFORE_KICKOFF_MS,
} from '../../lib/live.ts'

/** `waiting`: for the next socket after one dropped, the reader told so; `polling`: current without a socket. */
export type Connection = 'idle' | 'connecting' | 'open' | 'waiting' | 'polling'

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
  /** Sockets ended since the room last sent its snapshot. */
  private attempt = 0
  private timers: ReturnType<typeof setTimeout>[] = []
  /** The next socket, after one ended. */
  private retry: ReturnType<typeof setTimeout> | undefined
  /** The spell of polling under way, if any: a poll answered after its spell ended schedules no next one. */
  private polling: object | null = null
  private pollErrors = 0
  private pollTimer: ReturnType<typeof setTimeout> | undefined
  /** The live snapshot's version tag from the last poll answered in full. */
  private etag: string | null = null
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
    if (this.socket || this.retry !== undefined) return
    const { status } = this.view.snapshot
    if (shouldSubscribe(status, this.kickoff, Date.now())) return this.connect()
    if (status !== 'scheduled') return
    const wait = this.kickoff - Date.now() - SUBSCRIBE_BEFORE_KICKOFF_MS
    // setTimeout cannot wait longer than 2^31 ms; a page open for weeks checks again daily.
    this.timers.push(setTimeout(() => this.schedule(), Math.min(Math.max(wait, 1000), 86_400_000)))
  }

  private connect(): void {
    if (!this.polling) this.set({ connection: 'connecting' })
    const url = new URL(`/api/v1/matches/${this.matchId}/socket`, location.href)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    const socket = new WebSocket(url)
    this.socket = socket
    socket.addEventListener('open', () => this.startHeartbeat(socket))
    socket.addEventListener('message', (event) => this.receive(socket, String(event.data)))
    socket.addEventListener('close', () => this.dropped(socket))
    socket.addEventListener('error', () => socket.close())
  }

  private receive(socket: WebSocket, data: string): void {
    if (data === HEARTBEAT_PONG) {
      clearTimeout(this.pongDue)
      return
    }
    const message = JSON.parse(data) as RoomMessage
    if (message.type === 'snapshot') {
      // The room has answered: the socket works, and polling is no longer needed.
      this.attempt = 0
      this.stopPolling()
      this.set({ connection: 'open' })
    }
    const { snapshot, catchUp } = applyRoomMessage(this.view.snapshot, message)
    this.show(snapshot)
    if (catchUp && this.socket === socket) socket.send(CATCH_UP_REQUEST)
  }

  private show(snapshot: LiveSnapshot): void {
    this.set({ snapshot })
    if (!FOLLOWED_STATUSES.includes(snapshot.status)) this.finish()
  }

  /** One poll of the live snapshot, answered at the edge: a 304 means nothing changed. Failures only slow the next one. */
  private async poll(spell: object): Promise<void> {
    try {
      const res = await fetch(`/api/v1/matches/${this.matchId}/live`, {
        headers: { accept: 'application/json', ...(this.etag ? { 'if-none-match': this.etag } : {}) },
      })
      if (res.status !== 200 && res.status !== 304) throw new Error(String(res.status))
      if (res.status === 200) {
        const { data } = (await res.json()) as { data: LiveSnapshot }
        this.etag = res.headers.get('etag')
        this.show(applyCatchUp(this.view.snapshot, data))
      }
      this.pollErrors = 0
    } catch {
      this.pollErrors += 1
    }
    if (this.polling === spell) this.pollTimer = setTimeout(() => void this.poll(spell), pollDelay(this.pollErrors, Math.random()))
  }

  private startPolling(): void {
    this.set({ connection: 'polling' })
    if (this.polling) return
    this.polling = {}
    void this.poll(this.polling)
  }

  private stopPolling(): void {
    this.polling = null
    clearTimeout(this.pollTimer)
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
    this.attempt += 1
    // Refused, or cut again before the room could answer: the page polls, and tries a socket now and then.
    const fallBack = this.attempt >= POLL_AFTER_FAILURES
    if (fallBack) this.startPolling()
    // Only a reader the room had reached is told it is being reached again.
    else if (this.view.connection === 'open') this.set({ connection: 'waiting' })
    const delay = fallBack ? jittered(SOCKET_RETRY_MS, Math.random()) : reconnectDelay(this.attempt - 1, Math.random())
    this.retry = setTimeout(() => {
      this.retry = undefined
      this.connect()
    }, delay)
  }

  /** The final whistle: nothing more will come, so the page lets go of the room. */
  private finish(): void {
    const socket = this.socket
    this.socket = null
    clearInterval(this.heartbeat)
    clearTimeout(this.pongDue)
    for (const timer of this.timers.splice(0)) clearTimeout(timer)
    clearTimeout(this.retry)
    this.stopPolling()
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
