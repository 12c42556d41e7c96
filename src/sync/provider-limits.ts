// What a provider may cost a sync (decision 100): how long one request may take, how much of
// an answer is read, and how many unknown teams one run may queue. An answer comes from
// outside; past these limits it is refused, never waited for or held in memory whole.

export interface SyncLimits {
  /** One request, its body included: the signal that stops it also stops the reading. */
  timeoutMs: number
  /** The largest answer read, in bytes. */
  maxBytes: number
  /** Teams new to the queue that one run may add; fixtures naming more wait for a later run. */
  newTeamsPerRun: number
  /** Teams the queue may hold at all: past it, a run adds none until editors settle some. */
  queueMax: number
}

export const SYNC_LIMITS: SyncLimits = {
  // football-data.org answers in well under a second; raw.githubusercontent.com sends a
  // 0.4 MB file in about one.
  timeoutMs: 10_000,
  // A Premier League season from football-data.org is about 0.45 MB (380 matches of about
  // 1.2 KB); the largest openfootball file about 0.4 MB.
  maxBytes: 4 * 1024 * 1024,
  // A whole new competition brings at most 36 (the Champions League's league phase).
  newTeamsPerRun: 50,
  queueMax: 500,
}

/** Why an answer was not had or not read, in the run's error list. */
export class RefusedAnswer extends Error {
  /** The provider did not answer in time, or could not be reached: its next request would fare no better. */
  readonly unreachable: boolean

  constructor(message: string, { unreachable }: { unreachable: boolean }) {
    super(message)
    this.unreachable = unreachable
  }
}

/** The provider's status and headers, and its body read within the limits. */
export interface ProviderAnswer {
  res: Response
  text(): Promise<string>
}

/**
 * One request to a provider, which gives up after `limits.timeoutMs`, its answer's body
 * included. A time-out or a failed connection is a RefusedAnswer.
 */
export async function askProvider(url: string | URL, headers: Record<string, string>, limits: SyncLimits): Promise<ProviderAnswer> {
  const signal = AbortSignal.timeout(limits.timeoutMs)
  const seconds = `${limits.timeoutMs / 1000} s`
  const res = await fetch(url, { headers, signal }).catch((error: unknown) => {
    const why = signal.aborted ? `no answer within ${seconds}` : `cannot connect: ${error instanceof Error ? error.message : String(error)}`
    throw new RefusedAnswer(why, { unreachable: true })
  })
  return { res, text: () => readLimited(res, limits.maxBytes, signal, `no whole answer within ${seconds}`) }
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`

/**
 * The answer's text, read as it streams: past `maxBytes` the reading stops and the rest is
 * never fetched, whatever the provider's Content-Length says or does not say; when `signal`
 * fires, the reading stops too and `late` is the error.
 */
async function readLimited(res: Response, maxBytes: number, signal: AbortSignal, late: string): Promise<string> {
  const tooLarge = `the answer is larger than ${mib(maxBytes)}`
  if (Number(res.headers.get('content-length')) > maxBytes) {
    await res.body?.cancel()
    throw new RefusedAnswer(tooLarge, { unreachable: false })
  }
  if (!res.body) return ''
  if (signal.aborted) {
    await res.body.cancel()
    throw new RefusedAnswer(late, { unreachable: true })
  }
  const reader = res.body.getReader()
  const stop = () => void reader.cancel().catch(() => {})
  signal.addEventListener('abort', stop, { once: true })
  const decoder = new TextDecoder()
  const parts: string[] = []
  let size = 0
  try {
    for (;;) {
      // fetch's own signal fails the read; a cancelled reader ends the stream instead. Either
      // way it is the time-out, not the end of the answer.
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw signal.aborted ? new RefusedAnswer(late, { unreachable: true }) : error
      })
      if (signal.aborted) throw new RefusedAnswer(late, { unreachable: true })
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel()
        throw new RefusedAnswer(tooLarge, { unreachable: false })
      }
      parts.push(decoder.decode(value, { stream: true }))
    }
  } finally {
    signal.removeEventListener('abort', stop)
  }
  parts.push(decoder.decode())
  return parts.join('')
}
