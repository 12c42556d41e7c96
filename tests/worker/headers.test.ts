import { describe, expect, it } from 'vitest'
import { fetchPage, postForm } from './helpers.ts'

describe('security headers (security.md)', () => {
  it('sends a nonce-based CSP with a fresh nonce on every response', async () => {
    const first = (await fetchPage('/en')).headers.get('content-security-policy') ?? ''
    const second = (await fetchPage('/en')).headers.get('content-security-policy') ?? ''
    expect(first).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/)
    expect(first).not.toBe(second)
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(first).toContain(directive)
    }
    expect(first).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  })

  it('sends HSTS, nosniff, the referrer policy and a permissions policy', async () => {
    const res = await fetchPage('/ar/news')
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('permissions-policy')).toContain('camera=()')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('tags every response with a request id', async () => {
    const a = (await fetchPage('/en')).headers.get('x-request-id')
    const b = (await fetchPage('/nowhere')).headers.get('x-request-id')
    expect(a).toMatch(/^[\w-]{8,}$/)
    expect(b).toMatch(/^[\w-]{8,}$/)
    expect(a).not.toBe(b)
  })

  it('uses the island script nonce from the CSP of the same response', async () => {
    const res = await fetchPage('/en/login', { headers: { cookie: 'flash=info.alreadySignedIn' } })
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
    const body = await res.text()
    expect(nonce).toBeTruthy()
    const scripts = body.match(/<script[^>]*>/g) ?? []
    expect(scripts).toHaveLength(1)
    expect(scripts[0]).toContain('type="module"')
    expect(scripts[0]).toContain(`nonce="${nonce}"`)
  })
})

describe('state-changing requests from other sites (CSRF)', () => {
  it('refuses a cross-site form post', async () => {
    const res = await postForm('/theme', 'theme=dark&next=/ar', 'https://evil.example')
    expect(res.status).toBe(403)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('accepts the same form from the site itself', async () => {
    const res = await postForm('/theme', 'theme=dark&next=/ar/news')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/ar/news')
    expect(res.headers.get('set-cookie')).toMatch(/^theme=dark;.*Path=\/.*SameSite=Lax/)
  })
})

describe('the theme', () => {
  it('follows the system until the visitor chooses', async () => {
    const body = await (await fetchPage('/en')).text()
    expect(body).toContain('<html lang="en" dir="ltr">')
    expect(body).toContain('<meta name="color-scheme" content="light dark"/>')
  })

  it('applies the chosen theme on every page', async () => {
    const body = await (await fetchPage('/ar/matches', { headers: { cookie: 'theme=dark' } })).text()
    expect(body).toContain('<html lang="ar" dir="rtl" data-theme="dark">')
  })

  it('goes back to the system setting, and rejects an unknown theme', async () => {
    const form = (theme: string) => postForm('/theme', `theme=${theme}&next=/en`)
    expect((await form('system')).headers.get('set-cookie')).toMatch(/^theme=; Max-Age=0/)
    expect((await form('neon')).status).toBe(400)
  })
})
