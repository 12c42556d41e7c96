import { describe, expect, it } from 'vitest'
import { fetchPage, insertUserWithSession } from './helpers.ts'

describe('auth: signed-in only', () => {
  it('sends a guest from the profile to the login page, with the way back', async () => {
    const res = await fetchPage('/ar/profile')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/ar/login?next=%2Far%2Fprofile')
    expect(res.headers.get('set-cookie')).toMatch(/^flash=warning\.signInRequired;/)
  })

  it('keeps the query of the page the guest wanted', async () => {
    const res = await fetchPage('/en/profile/sessions?x=1')
    expect(res.headers.get('location')).toBe('/en/login?next=%2Fen%2Fprofile%2Fsessions%3Fx%3D1')
  })

  it.each([
    ['an expired session', { expired: true }],
    ['a revoked session', { revoked: true }],
  ])('treats a visitor with %s as a guest', async (_, opts) => {
    const user = await insertUserWithSession(opts)
    const res = await fetchPage('/en/profile', { headers: { cookie: user.cookie } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/^\/en\/login\?next=/)
  })

  it('does not look up a token that cannot be one', async () => {
    for (const token of ['', 'abc', 'x'.repeat(43) + 'y', '%E0%A4%A', "' or 1=1 --"]) {
      const res = await fetchPage('/en/profile', { headers: { cookie: `token=${token}` } })
      expect(res.status, token).toBe(302)
      expect(res.headers.get('x-db-queries'), token).toBe('0')
    }
  })

  it('does not accept a well-formed token that matches no session', async () => {
    const res = await fetchPage('/en/profile', { headers: { cookie: `token=${'A'.repeat(43)}` } })
    expect(res.status).toBe(302)
    expect(res.headers.get('x-db-queries')).toBe('1')
  })

  it('shows the profile to its signed-in owner with four queries: the guard, then the API for the profile and, alongside, for the follows', async () => {
    const user = await insertUserWithSession({ name: 'Hadaf Reader' })
    const res = await fetchPage('/en/profile', { headers: { cookie: user.cookie } })
    expect(res.status).toBe(200)
    // The page asks the API as any client would: the profile call finds the
    // session; the follows call, made at the same time, finds it and reads the list.
    expect(res.headers.get('x-db-queries')).toBe('4')
    const body = await res.text()
    expect(body).toContain('<bdi>Hadaf Reader</bdi>')
    expect(body).toContain(user.email)
  })
})

describe('guest: guests only', () => {
  it.each(['/login', '/sign-up', '/rest-password'])('sends a signed-in reader from %s to the home page', async (path) => {
    const user = await insertUserWithSession()
    const res = await fetchPage(`/ar${path}`, { headers: { cookie: user.cookie } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/ar')
    expect(res.headers.get('set-cookie')).toMatch(/^flash=info\.alreadySignedIn;/)
  })

  it('lets a guest open the login page without touching the database', async () => {
    const res = await fetchPage('/en/login')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-db-queries')).toBe('0')
  })
})

describe('the flash toast after a guard redirect', () => {
  it('shows the toast once, in the page language, in the Toaster island', async () => {
    const res = await fetchPage('/ar/login', { headers: { cookie: 'flash=warning.signInRequired' } })
    const body = await res.text()
    expect(body).toContain('data-island="toaster"')
    expect(body).toContain('يرجى تسجيل الدخول لعرض تلك الصفحة.')
    expect(res.headers.get('set-cookie')).toMatch(/^flash=; Max-Age=0/)
  })

  it('drops a flash cookie it did not write', async () => {
    for (const value of ['error.<script>alert(1)</script>', 'warning.__proto__', 'bogus.signInRequired', '']) {
      const body = await (await fetchPage('/en/privacy-policy', { headers: { cookie: `flash=${encodeURIComponent(value)}` } })).text()
      expect(body, value).not.toContain('data-island="toaster"')
    }
  })
})
