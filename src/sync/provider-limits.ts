// What a provider may cost a sync (decision 100): how long one request may take, how much of
// an answer is read, and how many unknown teams one run may queue. An answer comes from
// outside; past these limits it is refused, never waited for or held in memory whole.
import { BodyTooLarge, readBoundedBody } from '../../lib/bounded-body.ts'

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
 * included. A time-out or a failed connection is a RefusedAnswer, and so is a body past
 * `limits.maxBytes` (lib/bounded-body.ts stops reading it there).
 */
export async function askProvider(url: string | URL, headers: Record<string, string>, limits: SyncLimits): Promise<ProviderAnswer> {
  const signal = AbortSignal.timeout(limits.timeoutMs)
  const seconds = `${limits.timeoutMs / 1000} s`
  const res = await fetch(url, { headers, signal }).catch((error: unknown) => {
    const why = signal.aborted ? `no answer within ${seconds}` : `cannot connect: ${error instanceof Error ? error.message : String(error)}`
    throw new RefusedAnswer(why, { unreachable: true })
  })
  return {
    res,
    text: async () => {
      try {
        return new TextDecoder().decode(await readBoundedBody(res, limits.maxBytes, signal))
      } catch (error) {
        if (error instanceof BodyTooLarge) throw new RefusedAnswer(error.message, { unreachable: false })
        if (signal.aborted) throw new RefusedAnswer(`no whole answer within ${seconds}`, { unreachable: true })
        throw error
      }
    },
  }
}
