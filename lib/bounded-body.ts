// A response's body read within a size, as it streams. The syncs' providers
// (src/sync/provider-limits.ts) and the importer's files fetched by URL (scripts/import/remote.ts)
// both come from outside: neither may be held in memory past its limit, nor fetched whole
// first. Web APIs only, so the worker and Node run the same reader.

/** The body is larger than the limit: known before reading when its Content-Length says so, else once the bytes pass it. */
export class BodyTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`the answer is larger than ${sizeText(maxBytes)}`)
  }
}

/** A limit as it was set: '4 MiB', or '1000 bytes'. */
function sizeText(bytes: number): string {
  const MiB = 1024 * 1024
  return bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`
}

/**
 * The body's bytes, read as they stream: past `maxBytes` the reading stops and the stream is
 * cancelled, so the rest is never fetched, whatever the Content-Length says or does not say
 * (a larger one is refused before reading). When `signal` fires, the reading stops too and
 * the signal's reason is thrown.
 */
export async function readBoundedBody(res: Response, maxBytes: number, signal?: AbortSignal): Promise<Uint8Array> {
  if (Number(res.headers.get('content-length')) > maxBytes) {
    await res.body?.cancel()
    throw new BodyTooLarge(maxBytes)
  }
  if (!res.body) return new Uint8Array()
  if (signal?.aborted) {
    await res.body.cancel()
    throw signal.reason
  }
  const reader = res.body.getReader()
  const stop = () => void reader.cancel().catch(() => {})
  signal?.addEventListener('abort', stop, { once: true })
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      // fetch's own signal fails the read; a cancelled reader ends the stream instead. Either
      // way it is the signal, not the end of the body.
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw signal?.aborted ? signal.reason : error
      })
      if (signal?.aborted) throw signal.reason
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel()
        throw new BodyTooLarge(maxBytes)
      }
      chunks.push(value)
    }
  } finally {
    signal?.removeEventListener('abort', stop)
  }
  const body = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    body.set(chunk, at)
    at += chunk.byteLength
  }
  return body
}
