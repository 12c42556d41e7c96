import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { prepareAvatar, storeAvatar } from '../../src/media/avatars.ts'
import { deleteMedia, MEDIA_CACHE_CONTROL, mediaUrl } from '../../src/media/store.ts'
import { exifSegment, includesBytes, jfif, jpeg, latin1, phoneExif, png } from '../support/image-fixtures.ts'
import { fetchPage, ORIGIN } from './helpers.ts'

const IMAGE = png({ width: 3, height: 2 })

/** An object written straight into the bucket, as storeAvatar would write it unless told otherwise. */
async function putObject(key: string, body: Uint8Array | string = IMAGE, contentType = 'image/png') {
  await env.MEDIA.put(key, body, { httpMetadata: { contentType } })
}

/** A stored avatar of its own for each test: the bucket outlives a test. */
async function storedAvatar() {
  const name = `${crypto.randomUUID()}.png`
  await putObject(`avatars/${name}`)
  return { name, path: `/media/avatars/${name}` }
}

// The first request loads the whole worker, which takes seconds on a busy machine.
beforeAll(() => fetchPage('/robots.txt'), 30_000)

describe('GET /media/…', () => {
  it('serves a stored avatar as the image it is, and as nothing else', async () => {
    const { name, path } = await storedAvatar()
    const res = await fetchPage(path)
    expect(res.status).toBe(200)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(IMAGE)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-length')).toBe(String(IMAGE.length))
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${name}"`)
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
  })

  it('lets caches keep it for a year, since a key never holds other bytes', async () => {
    const res = await fetchPage((await storedAvatar()).path)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
  })

  it('keeps the site-wide security headers beside its own', async () => {
    const res = await fetchPage((await storedAvatar()).path)
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  it.each([
    ['the same ETag', (tag: string) => tag],
    ['the ETag marked weak', (tag: string) => `W/${tag}`],
    ['a list that holds the ETag', (tag: string) => `"other", ${tag}`],
    ['*', () => '*'],
  ])('answers 304 without a body to If-None-Match with %s', async (_, ifNoneMatch) => {
    const { path } = await storedAvatar()
    const tag = (await fetchPage(path)).headers.get('etag')!
    const res = await fetchPage(path, { headers: { 'if-none-match': ifNoneMatch(tag) } })
    expect(res.status).toBe(304)
    expect(await res.text()).toBe('')
    expect(res.headers.get('etag')).toBe(tag)
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL)
  })

  it('answers 200 to If-None-Match with another ETag', async () => {
    const res = await fetchPage((await storedAvatar()).path, { headers: { 'if-none-match': '"0123456789abcdef0123456789abcdef"' } })
    expect(res.status).toBe(200)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(IMAGE)
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const { path } = await storedAvatar()
    const get = await fetchPage(path)
    const head = await fetchPage(path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    for (const name of ['content-type', 'content-length', 'content-disposition', 'x-content-type-options', 'content-security-policy', 'cache-control', 'etag']) {
      expect(head.headers.get(name), name).toBe(get.headers.get(name))
    }
  })

  it('answers 304 to a conditional HEAD', async () => {
    const { path } = await storedAvatar()
    const tag = (await fetchPage(path, { method: 'HEAD' })).headers.get('etag')!
    expect((await fetchPage(path, { method: 'HEAD', headers: { 'if-none-match': tag } })).status).toBe(304)
  })

  it('answers an unknown key with the site’s own 404 page', async () => {
    const path = `/media/avatars/${crypto.randomUUID()}.png`
    const res = await fetchPage(path, { headers: { cookie: 'lang=en' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await res.text()).toContain(`Page not found: <bdi dir="ltr">${path}</bdi>`)
    expect((await fetchPage(path, { method: 'HEAD' })).status).toBe(404)
  })

  it.each([
    ['a folder that is not served', (id: string) => [`secrets/${id}.png`, `/media/secrets/${id}.png`]],
    ['a key at the top of the bucket', (id: string) => [`${id}.png`, `/media/${id}.png`]],
    ['a name that is not a UUID', (id: string) => [`avatars/${id.slice(0, 8)}.png`, `/media/avatars/${id.slice(0, 8)}.png`]],
    ['an upper-case UUID', (id: string) => [`avatars/${id.toUpperCase()}.png`, `/media/avatars/${id.toUpperCase()}.png`]],
    ['an extension we never write', (id: string) => [`avatars/${id}.svg`, `/media/avatars/${id}.svg`]],
    ['.jpeg for .jpg', (id: string) => [`avatars/${id}.jpeg`, `/media/avatars/${id}.jpeg`]],
    ['a nested key', (id: string) => [`avatars/x/${id}.png`, `/media/avatars/x/${id}.png`]],
    ['a trailing slash', (id: string) => [`avatars/${id}.png/`, `/media/avatars/${id}.png/`]],
    ['an encoded slash', (id: string) => [`avatars/${id}.png`, `/media/avatars%2F${id}.png`]],
    ['an overlong key', (id: string) => [`avatars/${id}${'a'.repeat(900)}.png`, `/media/avatars/${id}${'a'.repeat(900)}.png`]],
  ])('answers 404 to %s, even when the bucket holds the object', async (_, paths) => {
    const [key, path] = paths(crypto.randomUUID())
    await putObject(key!)
    expect((await fetchPage(path!)).status).toBe(404)
  })

  it.each([
    (name: string) => `/media/avatars/../secrets/${name}`,
    (name: string) => `/media/avatars/%2e%2e/secrets/${name}`,
    (name: string) => `/media/avatars/..%2f${name}`,
    () => '/media/',
    () => '/media',
  ])('answers 404 to dot segments and empty keys (%#)', async (path) => {
    const { name } = await storedAvatar()
    await putObject(`secrets/${name}`)
    expect((await fetchPage(path(name))).status).toBe(404)
  })

  it.each([
    ['HTML', '<!doctype html><script>alert(document.cookie)</script>', 'text/html'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'],
    ['a JPEG under a .png key', jpeg(jfif()), 'image/jpeg'],
    ['an image with no type', IMAGE, ''],
  ])('does not serve %s stored under an avatar key', async (_, body, contentType) => {
    const key = `avatars/${crypto.randomUUID()}.png`
    await putObject(key, body, contentType)
    const res = await fetchPage(`/media/${key}`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await res.text()).not.toContain('alert(')
  })

  it('answers 404 to a method other than GET and HEAD, and changes nothing', async () => {
    const { name, path } = await storedAvatar()
    const res = await fetchPage(path, { method: 'DELETE', headers: { origin: ORIGIN } })
    expect(res.status).toBe(404)
    expect(await env.MEDIA.head(`avatars/${name}`)).not.toBeNull()
  })
})

describe('avatar storage', () => {
  it('stores a phone photo without its GPS position under a new key, served at its media URL', async () => {
    const photo = jpeg(jfif(), exifSegment(phoneExif('II', 6)))
    const prepared = prepareAvatar(photo)
    if (!prepared.ok) throw new Error(prepared.problem)
    const key = await storeAvatar(env, 'user-1', prepared.bytes, prepared.type)
    expect(key).toMatch(/^avatars\/[0-9a-f-]{36}\.jpg$/)
    const stored = await env.MEDIA.head(key)
    expect(stored?.httpMetadata).toEqual({ contentType: 'image/jpeg', cacheControl: MEDIA_CACHE_CONTROL })
    expect(stored?.customMetadata).toEqual({ owner: 'user-1' })

    const res = await fetchPage(mediaUrl(key))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    const served = new Uint8Array(await res.arrayBuffer())
    expect(served).toEqual(prepared.bytes)
    expect(includesBytes(served, latin1('HadafCam'))).toBe(false)
  })

  it('gives every upload its own key, so a cached URL never shows other bytes', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => storeAvatar(env, 'user-1', IMAGE, 'image/png')))
    expect(new Set(keys).size).toBe(3)
  })

  it('deletes an avatar so that its URL answers 404, and deleting it again is no error', async () => {
    const key = await storeAvatar(env, 'user-1', IMAGE, 'image/png')
    await deleteMedia(env, key)
    await deleteMedia(env, key)
    expect((await fetchPage(mediaUrl(key))).status).toBe(404)
  })
})
