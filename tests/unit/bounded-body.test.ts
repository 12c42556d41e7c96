// The size-limited body reader the syncs and the importer's remote files share (lib/bounded-body.ts).
import { describe, expect, it } from 'vitest'
import { BodyTooLarge, readBoundedBody } from '../../lib/bounded-body.ts'

/** A body of `chunks` chunks of `size` bytes, streamed on demand, with a count of those pulled and whether it was cancelled. */
function streamed(chunks: number, size: number, headers: HeadersInit = {}) {
  const seen = { pulled: 0, cancelled: false }
  const body = new ReadableStream<Uint8Array>({
    pull: (controller) => {
      if (seen.pulled === chunks) return controller.close()
      controller.enqueue(new Uint8Array(size).fill(seen.pulled++ % 256))
    },
    cancel: () => void (seen.cancelled = true),
  })
  return { res: new Response(body, { headers }), seen }
}

describe('readBoundedBody', () => {
  it('gives the whole body, in order, when it is within the limit', async () => {
    const { res } = streamed(3, 4)
    expect([...(await readBoundedBody(res, 12))]).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2])
    expect(await readBoundedBody(new Response(null), 10)).toEqual(new Uint8Array())
  })

  it('stops reading past the limit and cancels the rest, with no Content-Length to go by', async () => {
    const flood = streamed(1_000_000, 1024)
    const refused = readBoundedBody(flood.res, 4 * 1024 * 1024)
    await expect(refused).rejects.toThrow(new BodyTooLarge(4 * 1024 * 1024))
    await expect(refused).rejects.toThrow('the answer is larger than 4 MiB')
    expect(flood.seen.pulled).toBeLessThan(4 * 1024 + 4)
    expect(flood.seen.cancelled).toBe(true)
  })

  it('refuses a larger Content-Length before reading a byte', async () => {
    const { res, seen } = streamed(10, 10, { 'content-length': '999999999' })
    await expect(readBoundedBody(res, 1000)).rejects.toThrow('the answer is larger than 1000 bytes')
    expect(seen).toEqual({ pulled: 0, cancelled: true })
  })

  it("stops when the signal fires, mid-body, and throws the signal's reason", async () => {
    const controller = new AbortController()
    // One chunk, then nothing: the provider has stopped sending.
    let sent = false
    const body = new ReadableStream<Uint8Array>({
      pull: (c) => {
        if (!sent) c.enqueue(new Uint8Array(8))
        sent = true
        return new Promise(() => {})
      },
    })
    const reading = readBoundedBody(new Response(body), 1000, controller.signal)
    setTimeout(() => controller.abort(new Error('too slow')), 20)
    await expect(reading).rejects.toThrow('too slow')
    const late = readBoundedBody(streamed(1, 1).res, 1000, AbortSignal.abort(new Error('already')))
    await expect(late).rejects.toThrow('already')
  })
})
