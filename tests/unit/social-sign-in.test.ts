// The browser's half of social sign-in (spec §4, §8), driven with a stand-in Supabase
// client and site: what is posted, what happens on 200, 400 and a network error, and that
// the provider session always ends.
import { describe, expect, it, vi } from 'vitest'
import { completeSocialSignIn, type ProviderSession, returnAddress, type SocialAnswer, socialLoginBody } from '../../lib/social-sign-in.ts'

const session: ProviderSession = {
  access_token: 'eyJ.supabase.token',
  provider_token: 'ya29.google-token',
  user: {
    email: 'layla@example.test',
    app_metadata: { provider: 'google' },
    identities: [
      { id: 'gh-77', provider: 'github' },
      { id: '1088', provider: 'google' },
    ],
  },
}

/** The steps the island passes, recording their order. */
function steps(answer: () => Promise<SocialAnswer>) {
  const calls: string[] = []
  const record = (name: string) => (...args: unknown[]) => {
    calls.push(args.length ? `${name}(${args.map((a) => JSON.stringify(a)).join(', ')})` : name)
  }
  return {
    calls,
    post: vi.fn(async () => {
      calls.push('post')
      return answer()
    }),
    signOut: vi.fn(async () => {
      calls.push('signOut')
    }),
    setLoading: record('setLoading'),
    navigate: record('navigate'),
    showError: record('showError'),
    logError: vi.fn(),
    unreachable: 'We could not reach Hadaf.',
  }
}

describe('the body posted to the site', () => {
  it("is the spec's payload: the token, the provider, its identity's id, the email and the provider's token", () => {
    expect(socialLoginBody(session)).toEqual({
      access_token: 'eyJ.supabase.token',
      provider: 'google',
      provider_id: '1088',
      email: 'layla@example.test',
      access_token_secret: 'ya29.google-token',
    })
  })

  it('sends empty strings for what the session lacks, for the server to judge', () => {
    const bare: ProviderSession = { access_token: 't', user: { app_metadata: {} } }
    expect(socialLoginBody(bare)).toEqual({ access_token: 't', provider: '', provider_id: '', email: '', access_token_secret: '' })
  })
})

describe('completing a social sign-in', () => {
  it('on 200 ends the provider session, then goes where the site says, still loading', async () => {
    const s = steps(async () => ({ status: 200, message: 'Signed in successfully.', redirect: '/ar' }))
    await completeSocialSignIn(session, s)
    expect(s.post).toHaveBeenCalledWith(socialLoginBody(session))
    expect(s.calls).toEqual(['setLoading(true)', 'post', 'signOut', 'navigate("/ar")'])
  })

  it("on 400 stops loading and shows the email error as a toast (§8)", async () => {
    const s = steps(async () => ({ status: 400, message: 'Refused.', errors: { email: 'An account already uses this email address.' } }))
    await completeSocialSignIn(session, s)
    expect(s.calls).toEqual(['setLoading(true)', 'post', 'signOut', 'setLoading(false)', 'showError("An account already uses this email address.")'])
    expect(s.logError).not.toHaveBeenCalled()
  })

  it('on a network error stops loading, logs it and says the site could not be reached', async () => {
    const offline = new TypeError('Failed to fetch')
    const s = steps(() => Promise.reject(offline))
    await completeSocialSignIn(session, s)
    expect(s.calls).toEqual(['setLoading(true)', 'post', 'signOut', 'setLoading(false)', 'showError("We could not reach Hadaf.")'])
    expect(s.logError).toHaveBeenCalledWith(expect.any(String), offline)
  })

  it('logs and shows any other refusal, such as a rate limit', async () => {
    const s = steps(async () => ({ status: 429, message: 'Too many attempts.' }))
    await completeSocialSignIn(session, s)
    expect(s.calls.at(-1)).toBe('showError("Too many attempts.")')
    expect(s.logError).toHaveBeenCalledWith(expect.any(String), 429, 'Too many attempts.')
  })

  it('still moves on when the provider session cannot be ended', async () => {
    const s = steps(async () => ({ status: 200, message: 'ok', redirect: '/en' }))
    s.signOut.mockRejectedValueOnce(new Error('offline'))
    await completeSocialSignIn(session, s)
    expect(s.calls.at(-1)).toBe('navigate("/en")')
    expect(s.logError).toHaveBeenCalledOnce()
  })
})

describe('the address the provider returns to', () => {
  it('is the same page, keeping only its next', () => {
    expect(returnAddress(new URL('https://hadaf.example/ar/login?next=%2Far%2Fprofile&code=old&x=1'))).toBe(
      'https://hadaf.example/ar/login?next=%2Far%2Fprofile',
    )
    expect(returnAddress(new URL('https://hadaf.example/en/login'))).toBe('https://hadaf.example/en/login')
  })
})
