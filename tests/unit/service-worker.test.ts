// The service worker (public/sw.js) run against a stand-in of its global scope: what a push
// shows, and where tapping it goes.
import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'

const SOURCE = readFileSync(new URL('../../public/sw.js', import.meta.url), 'utf8')
const ORIGIN = 'https://hadaf.example'

type Listener = (event: unknown) => void

function serviceWorker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
  const listeners = new Map<string, Listener>()
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  }
  new Function('self', SOURCE)(scope)
  /** Dispatches an event and waits for what it asked to wait for. */
  async function dispatch(type: string, fields: Record<string, unknown>) {
    let pending: Promise<unknown> = Promise.resolve()
    listeners.get(type)!({ ...fields, waitUntil: (promise: Promise<unknown>) => (pending = promise) })
    await pending
  }
  return { scope, dispatch }
}

const pushOf = (payload: unknown) => ({ data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) } })

describe('the service worker', () => {
  it('shows an alert in its language and direction, with the site\'s icon and its page', async () => {
    const { scope, dispatch } = serviceWorker()
    await dispatch('push', pushOf({ kind: 'goal', title: 'هدف! ليفربول 2–1', body: 'صلاح 67\'', url: '/ar/matches/123', lang: 'ar', topic: 'm123' }))
    expect(scope.registration.showNotification).toHaveBeenCalledWith('هدف! ليفربول 2–1', {
      body: 'صلاح 67\'',
      icon: '/icons/icon-192.png',
      lang: 'ar',
      dir: 'rtl',
      // The match's topic is the tag: the next alert of the match replaces this one, and rings.
      tag: 'm123',
      renotify: true,
      data: { url: `${ORIGIN}/ar/matches/123` },
    })
  })

  it('gives an alert without a topic no tag, since renotify without one is refused', async () => {
    const { scope, dispatch } = serviceWorker()
    await dispatch('push', pushOf({ kind: 'news', title: 'خبر', body: 'نص', url: '/ar/news/x', lang: 'ar' }))
    expect(scope.registration.showNotification).toHaveBeenCalledWith('خبر', expect.objectContaining({ tag: undefined, renotify: false }))
  })

  it('names the site when a push cannot be read, and never links off the site', async () => {
    const { scope, dispatch } = serviceWorker()
    await dispatch('push', pushOf('{not json'))
    await dispatch('push', pushOf({ title: 'Goal', body: 'x', url: 'https://evil.example/', lang: 'en' }))
    const calls = scope.registration.showNotification.mock.calls as unknown as [string, { data: { url: string }; dir: string }][]
    expect(calls[0]![0]).toBe('هدف · Hadaf')
    expect(calls[0]![1].data.url).toBe(`${ORIGIN}/ar/`)
    expect(calls[1]![1]).toMatchObject({ dir: 'ltr', data: { url: `${ORIGIN}/` } })
  })

  it('opens the alert\'s page when tapped, or focuses the window already on it', async () => {
    const focus = vi.fn(async () => null)
    const notification = (url: string) => ({ notification: { close: vi.fn(), data: { url } } })

    const fresh = serviceWorker([{ url: `${ORIGIN}/en/`, focus }])
    const tapped = notification(`${ORIGIN}/en/matches/7`)
    await fresh.dispatch('notificationclick', tapped)
    expect(tapped.notification.close).toHaveBeenCalled()
    expect(fresh.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/en/matches/7`)
    expect(focus).not.toHaveBeenCalled()

    const open = serviceWorker([{ url: `${ORIGIN}/en/matches/7`, focus }])
    await open.dispatch('notificationclick', notification(`${ORIGIN}/en/matches/7`))
    expect(focus).toHaveBeenCalled()
    expect(open.scope.clients.openWindow).not.toHaveBeenCalled()
  })
})

describe('the manifest\'s icons', () => {
  it('are in public/, at the sizes the manifest gives', async () => {
    const { MANIFEST_ICONS } = await import('../../src/routes/manifest.ts')
    for (const icon of MANIFEST_ICONS) {
      const file = readFileSync(new URL(`../../public${icon.src}`, import.meta.url))
      if (icon.type !== 'image/png') continue
      // A PNG's width and height are the IHDR chunk's first two 32-bit numbers.
      expect(`${file.readUInt32BE(16)}x${file.readUInt32BE(20)}`).toBe(icon.sizes)
    }
  })
})
