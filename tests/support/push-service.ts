// A stand-in push service for the worker tests (issue 27): a plain HTTP server in Node, outside
// workerd, that the worker reaches as it would reach FCM or Mozilla's autopush. It answers by
// the first segment of the path: /gone/… 410, /missing/… 404, /busy/… 503 with Retry-After,
// /refuse/… 403, anything else 201 Created. It keeps every request, and opens its body with
// Mozilla's http_ece (RFC 8188, an implementation independent of the worker's) using the keys
// the test made for the device, which it registers first (POST /_devices). The test checks
// the VAPID signature itself with jose; here is only what needs Node's crypto (ECDH objects).
//   POST /_devices  DeviceSecrets           the keys of a device the test made
//   GET  /_received?path=/device/…          ReceivedPush[] of that path, oldest first
import ece from 'http_ece'
import { createECDH } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DeviceSecrets, ReceivedPush } from './push-report.ts'

const ANSWERS: Record<string, { status: number; headers?: Record<string, string> }> = {
  gone: { status: 410 },
  missing: { status: 404 },
  busy: { status: 503, headers: { 'retry-after': '30' } },
  refuse: { status: 403 },
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The body opened with the device's own keys, as its browser would open it. */
function open(body: Buffer, device: DeviceSecrets | undefined): Pick<ReceivedPush, 'plaintext' | 'decryptError'> {
  if (!device) return { plaintext: null, decryptError: 'no keys registered for this path' }
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(Buffer.from(device.privateKey, 'base64url'))
    return { plaintext: ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: Buffer.from(device.auth, 'base64url') }).toString('utf8') }
  } catch (error) {
    return { plaintext: null, decryptError: error instanceof Error ? error.message : String(error) }
  }
}

export async function startPushService(): Promise<{ url: string; stop(): Promise<void> }> {
  const devices = new Map<string, DeviceSecrets>()
  const received: { push: Omit<ReceivedPush, 'plaintext' | 'decryptError'>; body: Buffer }[] = []
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const body = await bodyOf(req)
      if (req.method === 'POST' && url.pathname === '/_devices') {
        const device = JSON.parse(body.toString('utf8')) as DeviceSecrets
        devices.set(device.path, device)
        res.writeHead(204).end()
        return
      }
      if (req.method === 'GET' && url.pathname === '/_received') {
        const path = url.searchParams.get('path')
        const report: ReceivedPush[] = received.filter(({ push }) => push.path === path).map(({ push, body }) => ({ ...push, ...open(body, devices.get(push.path)) }))
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(report))
        return
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]))
      received.push({ push: { method: req.method ?? '', path: url.pathname, headers, bodyLength: body.length }, body })
      const answer = ANSWERS[url.pathname.split('/')[1] ?? ''] ?? { status: 201 }
      res.writeHead(answer.status, answer.headers).end()
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
