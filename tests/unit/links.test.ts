import { describe, expect, it } from 'vitest'
import { href, safeNextPath, switchLocalePath } from '../../lib/links.ts'

describe('href', () => {
  it('builds every kind of internal link under its locale', () => {
    expect(href('ar', 'home')).toBe('/ar')
    expect(href('en', 'club', { id: 42 })).toBe('/en/club/42')
    expect(href('ar', 'league', { id: 'en.1' })).toBe('/ar/leagues/en.1')
    expect(href('en', 'match', { id: 7 })).toBe('/en/matches/7')
    expect(href('en', 'posts', { section: 'caricatures' })).toBe('/en/caricatures')
    expect(href('ar', 'restPassword')).toBe('/ar/rest-password')
    expect(href('en', 'sessions')).toBe('/en/profile/sessions')
  })

  it('encodes slugs, Arabic ones included, so they stay one path segment', () => {
    expect(href('ar', 'post', { section: 'news', slug: 'هدف-قاتل' })).toBe('/ar/news/%D9%87%D8%AF%D9%81-%D9%82%D8%A7%D8%AA%D9%84')
    expect(href('en', 'post', { section: 'news', slug: 'a/b?c' })).toBe('/en/news/a%2Fb%3Fc')
  })
})

describe('switchLocalePath', () => {
  it('keeps the page and its query', () => {
    expect(switchLocalePath('/ar/club/42?tab=squad', 'en')).toBe('/en/club/42?tab=squad')
    expect(switchLocalePath('/en', 'ar')).toBe('/ar')
    expect(switchLocalePath('/en?x=1', 'ar')).toBe('/ar?x=1')
  })

  it('sends a path without a known locale to the home page', () => {
    expect(switchLocalePath('/fr/club/1', 'en')).toBe('/en')
    expect(switchLocalePath('/', 'ar')).toBe('/ar')
    expect(switchLocalePath('/arabic', 'en')).toBe('/en')
  })
})

describe('safeNextPath', () => {
  it('follows paths of this site under a locale', () => {
    expect(safeNextPath('/ar/profile', '/ar')).toBe('/ar/profile')
    expect(safeNextPath('/en?x=1', '/ar')).toBe('/en?x=1')
  })

  it.each(['//evil.example', 'https://evil.example/ar', '/\\evil.example', 'ar/profile', '/fr/x', '/arx', '', null, `/ar/${'a'.repeat(3000)}`])(
    'refuses %j',
    (next) => {
      expect(safeNextPath(next, '/ar')).toBe('/ar')
    },
  )
})
