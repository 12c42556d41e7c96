// GET and HEAD /media/<key>: uploads from the MEDIA bucket, served so that a browser can
// only ever treat them as the image they were checked to be (security.md, Uploads: serve
// with Content-Disposition and nosniff).
import { Hono } from 'hono'
import { etag } from 'hono/etag'
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
