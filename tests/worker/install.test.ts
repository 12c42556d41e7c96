// Installing Hadaf (issue 27, section 3): a manifest per language, linked from every page, and
// a CSP that lets the site's own service worker run.
import { describe, expect, it } from 'vitest'
import { fetchPage, unseenPath } from './helpers.ts'

describe('the web app manifest', () => {
  it.each([
    ['ar', 'هدف', 'rtl', /\p{Script=Arabic}/u],
    ['en', 'Hadaf', 'ltr', /^Football news/],
  ] as const)('names the app in %s, laid out in its direction', async (lang, name, dir, description) => {
    const res = await fetchPage(`/${lang}/manifest.webmanifest`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    const manifest = (await res.json()) as Record<string, unknown>
    expect(manifest).toMatchObject({ id: `/${lang}`, name, short_name: name, lang, dir, start_url: `/${lang}`, scope: '/', display: 'standalone' })
    expect(manifest.description).toMatch(description)
    expect(manifest.icons).toEqual(expect.arrayContaining([expect.objectContaining({ sizes: '192x192' }), expect.objectContaining({ sizes: '512x512' })]))
  })

  it.each(['ar', 'en'])('is linked from the %s pages, with the icon iOS installs with', async (lang) => {
    const res = await fetchPage(unseenPath(`/${lang}/matches`))
    const html = await res.text()
    expect(html).toContain(`<link rel="manifest" href="/${lang}/manifest.webmanifest"/>`)
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>')
    // The service worker at /sw.js is the site's own script: worker-src allows it, and only it.
    expect(res.headers.get('content-security-policy')).toMatch(/worker-src 'self'(;|$)/)
  })
})
