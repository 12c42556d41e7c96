// Which settings turn social sign-in on, what it adds to the CSP, and the name a new
// social account starts with.
import { describe, expect, it, vi } from 'vitest'
import { socialDisplayName } from '../../src/auth/social/name.ts'
import { offeredSocialSettings, socialSettings, socialSources } from '../../src/auth/social/settings.ts'
import { socialProviders } from '../../src/settings.ts'
import { providerName } from '../../lib/social-providers.ts'

const env = (settings: Partial<Env>) => ({ SOCIAL_PROVIDERS: 'google', ...settings }) as Env

describe('social sign-in settings', () => {
  it('are on only with a project address, its anon key and a provider', () => {
    expect(socialSettings(env({ SUPABASE_URL: 'https://abcd.supabase.co/', SUPABASE_ANON_KEY: ' anon ' }))).toEqual({
      url: 'https://abcd.supabase.co',
      anonKey: 'anon',
      providers: ['google'],
    })
    expect(socialSettings(env({}))).toBeNull()
    expect(socialSettings(env({ SUPABASE_URL: 'https://abcd.supabase.co' }))).toBeNull()
    expect(socialSettings(env({ SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: 'anon', SOCIAL_PROVIDERS: ' ' }))).toBeNull()
  })

  it('stay off, with a log line, rather than failing every page when the address is not http(s)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const url of ['abcd.supabase.co', 'javascript:alert(1)', 'ftp://abcd.supabase.co']) {
      expect(offeredSocialSettings(env({ SUPABASE_URL: url, SUPABASE_ANON_KEY: 'anon' }))).toBeNull()
    }
    expect(log).toHaveBeenCalledTimes(3)
    expect(String(log.mock.calls[0]![0])).toContain('SUPABASE_URL')
    log.mockRestore()
  })

  it('read the provider list with commas or spaces, in lower case, without repeats or odd names', () => {
    expect(socialProviders('Google, github  apple,google')).toEqual(['google', 'github', 'apple'])
    expect(socialProviders('google;drop, linkedin_oidc')).toEqual(['linkedin_oidc'])
    expect(socialProviders(undefined)).toEqual([])
  })

  it('add the project origin to connect-src only, and only when configured', () => {
    const on = env({ SUPABASE_URL: 'https://abcd.supabase.co/', SUPABASE_ANON_KEY: 'anon' })
    expect(socialSources(on, 'connect-src')).toEqual(['https://abcd.supabase.co'])
    expect(socialSources(on, 'script-src')).toEqual([])
    expect(socialSources(env({}), 'connect-src')).toEqual([])
  })
})

describe('a new social account', () => {
  it("is named after the provider's full name, then name, then the email's local part", () => {
    expect(socialDisplayName({ full_name: '  Layla   Hassan ', name: 'L' }, 'l@example.test')).toBe('Layla Hassan')
    expect(socialDisplayName({ name: 'ليلى' }, 'l@example.test')).toBe('ليلى')
    expect(socialDisplayName({ full_name: 42, name: '\u0000\t' }, 'layla.h@example.test')).toBe('layla.h')
  })

  it('keeps a name to 100 characters without splitting an emoji', () => {
    const name = socialDisplayName({ full_name: '⚽'.repeat(150) }, 'l@example.test')
    expect([...name]).toHaveLength(100)
    expect(name).toBe('⚽'.repeat(100))
  })
})

describe('provider names on the buttons', () => {
  it('use the brand, or the id capitalised for a provider it does not know', () => {
    expect(providerName('github')).toBe('GitHub')
    expect(providerName('linkedin_oidc')).toBe('LinkedIn')
    expect(providerName('acme')).toBe('Acme')
  })
})
