// GET and HEAD /media/<key>: uploads from the MEDIA bucket, served so that a browser can
// only ever treat them as the image they were checked to be (security.md, Uploads: serve
// with Content-Disposition and nosniff). And the posts' audio and video, static files that
// wrangler.toml sends here first, answered by byte range so that players can seek.
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { parseByteRange } from '../media/byte-range.ts'
import { MEDIA_CACHE_CONTROL, parseMediaKey } from '../media/store.ts'
import type { AppEnv } from '../types.ts'

const PREFIX = '/media/'

/**
 * No script, no plug-in, no sub-resource, and a unique origin if the file is opened as a
 * document: even a file that slipped through could not act on the site.
 */
const MEDIA_CSP = "default-src 'none'; sandbox"

/** The object's metadata, and its body unless the request is a HEAD, which needs none. */
async function load(bucket: R2Bucket, key: string, method: string): Promise<{ object: R2Object; body: ReadableStream | null } | null> {
  if (method === 'HEAD') {
    const object = await bucket.head(key)
    return object && { object, body: null }
  }
  const object = await bucket.get(key)
  return object && { object, body: object.body }
}

export const media = new Hono<AppEnv>()

/**
 * A static file, or the part of it the Range header asks for. The assets server only sends
 * whole files, so the worker reads the file and cuts it: fine for the short clips posts
 * carry; long media belongs on a streaming service (HLS is served in segments anyway).
 */
media.get(`${PREFIX}posts/*`, async (c) => {
  const headers = new Headers(c.req.raw.headers)
  headers.delete('range')
  const asset = await c.env.ASSETS.fetch(new Request(c.req.url, { method: c.req.method, headers }))
  if (asset.status !== 200 || c.req.method === 'HEAD') {
    const answer = new Response(asset.body, asset)
    if (asset.status === 200) answer.headers.set('Accept-Ranges', 'bytes')
    return answer
  }
  const bytes = await asset.arrayBuffer()
  const range = parseByteRange(c.req.header('range'), bytes.byteLength)
  const answer = new Headers(asset.headers)
  answer.set('Accept-Ranges', 'bytes')
  if (range === null) return new Response(bytes, { status: 200, headers: answer })
  if (range === 'unsatisfiable') {
    answer.set('Content-Range', `bytes */${bytes.byteLength}`)
    answer.delete('Content-Length')
    return new Response(null, { status: 416, headers: answer })
  }
  answer.set('Content-Range', `bytes ${range.start}-${range.end}/${bytes.byteLength}`)
  answer.set('Content-Length', String(range.end - range.start + 1))
  return new Response(bytes.slice(range.start, range.end + 1), { status: 206, headers: answer })
})

// 304 for a matching If-None-Match (weak comparison, as RFC 9110 §13.1.2 asks); it
// cancels the body R2 had started to send.
media.use(`${PREFIX}*`, etag())

media.get(`${PREFIX}*`, async (c) => {
  const file = parseMediaKey(c.req.path.slice(PREFIX.length))
  if (!file) return c.notFound()
  const found = await load(c.env.MEDIA, file.key, c.req.method)
  if (!found) return c.notFound()
  const { object, body } = found
  // Served only as the type its key names, which is the type storeAvatar found in the
  // bytes; an object stored any other way is not ours to serve.
  if (object.httpMetadata?.contentType !== file.type) {
    await body?.cancel()
    return c.notFound()
  }
  c.header('Content-Type', file.type)
  c.header('Content-Length', String(object.size))
  c.header('Content-Disposition', `inline; filename="${file.filename}"`)
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Content-Security-Policy', MEDIA_CSP)
  c.header('Cache-Control', MEDIA_CACHE_CONTROL)
  c.header('ETag', object.httpEtag)
  // Two calls because Hono types a stream body and a null body as separate overloads.
  return body ? c.body(body) : c.body(null)
})
