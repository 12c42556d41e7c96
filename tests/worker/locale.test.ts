import { describe, expect, it } from 'vitest'
import { fetchPage } from './helpers.ts'

describe('the / redirect (home check)', () => {
  it('sends a visitor with no preference to Arabic', async () => {
    const res = await fetchPage('/')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/ar')
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Language')
  })

  it('follows Accept-Language, honouring q-values', async () => {
    const en = await fetchPage('/', { headers: { 'accept-language': 'fr-FR, en-GB;q=0.8, ar;q=0.5' } })
    expect(en.headers.get('location')).toBe('/en')
    const ar = await fetchPage('/', { headers: { 'accept-language': 'en;q=0.3, ar-SA;q=0.9' } })
    expect(ar.headers.get('location')).toBe('/ar')
  })

  it('prefers the lang cookie over Accept-Language', async () => {
    const res = await fetchPage('/', { headers: { cookie: 'lang=en', 'accept-language': 'ar' } })
    expect(res.headers.get('location')).toBe('/en')
  })

  it('ignores a lang cookie it does not know and an absurd Accept-Language', async () => {
    const res = await fetchPage('/', {
      headers: { cookie: 'lang=fr; other=%E0%A4%A', 'accept-language': `${'x-'.repeat(4000)}en;q=abc,,;;==` },
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/ar')
  })
})

describe('pages carry their language', () => {
  it.each([
    ['ar', 'rtl'],
    ['en', 'ltr'],
  ])('/%s is lang=%s dir=%s with hreflang alternates and a canonical link', async (lang, dir) => {
    const res = await fetchPage(`/${lang}/leagues`)
    expect(res.status).toBe(200)
    const body = await res.text()
    expect(body).toContain(`<html lang="${lang}" dir="${dir}"`)
    expect(body).toMatch(lang === 'ar' ? /<title>الدوريات والكؤوس — هدف<\/title>/ : /<title>Leagues and cups — Hadaf<\/title>/)
    expect(body).toContain('<link rel="canonical" href="http://localhost/' + lang + '/leagues"/>')
    expect(body).toContain('<link rel="alternate" hrefLang="ar" href="http://localhost/ar/leagues"/>')
    expect(body).toContain('<link rel="alternate" hrefLang="en" href="http://localhost/en/leagues"/>')
    expect(body).toContain('<link rel="alternate" hrefLang="x-default" href="http://localhost/"/>')
  })

  it('answers 404 for a locale the site does not have', async () => {
    for (const path of ['/fr', '/fr/matches', '/AR/matches', '/ar-EG/matches']) {
      expect((await fetchPage(path)).status, path).toBe(404)
    }
  })
})

describe('the language switch', () => {
  it('keeps the page, sets the lang cookie for 30 days, and works without JavaScript', async () => {
    const res = await fetchPage('/lang/en?next=' + encodeURIComponent('/ar/club/42?tab=squad'))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/en/club/42?tab=squad')
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^lang=en;/)
    expect(cookie).toContain('Max-Age=2592000')
    expect(cookie).toContain('Path=/')
    expect(cookie).toContain('SameSite=Lax')
  })

  it('never follows a next= that leaves the site', async () => {
    for (const next of ['//evil.example/ar', 'https://evil.example/ar', '/\\evil.example', 'javascript:alert(1)', '/fr/x']) {
      const res = await fetchPage(`/lang/ar?next=${encodeURIComponent(next)}`)
      expect(res.headers.get('location'), next).toBe('/ar')
    }
  })

  it('answers 404 for a language it does not have', async () => {
    expect((await fetchPage('/lang/fr?next=/ar')).status).toBe(404)
  })
})
