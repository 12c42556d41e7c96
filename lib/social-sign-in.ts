// Social sign-in in the browser, in the order of spec §4: once the provider's user appears,
// loading shows, the Supabase session goes to the site (the spec's body, §3), the provider
// session ends, and then the visitor moves on or sees why not. Everything it touches is
// passed in, so unit tests drive it without a browser or Supabase.
import type { FormAnswerBody } from './form-answer.ts'

/** The parts of a Supabase session the spec's body is made of (@supabase/auth-js `Session`). */
export interface ProviderSession {
  access_token: string
  provider_token?: string | null
  user: {
    email?: string
    app_metadata: { provider?: string }
    identities?: { id: string; provider: string }[]
  }
}

/** The spec's "Social-login payload" (§3). The server believes none of it unverified. */
export interface SocialLoginBody {
  access_token: string
  provider: string
  provider_id: string
  email: string
  access_token_secret: string
}

/** What the site's route answers, as every auth route does. */
export type SocialAnswer = FormAnswerBody

export interface SocialSignInSteps {
  /** Posts the body to the site; rejects when no readable answer comes back. */
  post: (body: SocialLoginBody) => Promise<SocialAnswer>
  /** Ends the provider session in this browser: supabase.auth.signOut({ scope: 'local' }). */
  signOut: () => Promise<unknown>
  setLoading: (loading: boolean) => void
  navigate: (to: string) => void
  showError: (message: string) => void
  logError: (...details: unknown[]) => void
  /** The toast when no answer came back (offline, a proxy's error page). */
  unreachable: string
}

export function socialLoginBody(session: ProviderSession): SocialLoginBody {
  const provider = session.user.app_metadata.provider ?? ''
  const identity = session.user.identities?.find((entry) => entry.provider === provider)
  return {
    access_token: session.access_token,
    provider,
    provider_id: identity?.id ?? '',
    email: session.user.email ?? '',
    access_token_secret: session.provider_token ?? '',
  }
}

/** Where the provider sends the visitor back: the page they are on, keeping its `next`. */
export function returnAddress(page: URL): string {
  const back = new URL(page.pathname, page.origin)
  const next = page.searchParams.get('next')
  if (next) back.searchParams.set('next', next)
  return back.href
}

/**
 * Posts the body to the site's route, with the page's `next`; rejects when no readable
 * answer comes back (offline, a proxy's error page).
 */
export async function postSocialSession(action: string, body: SocialLoginBody, page: URL): Promise<SocialAnswer> {
  const next = page.searchParams.get('next') ?? undefined
  const res = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...body, next }),
  })
  const answer = (await res.json()) as SocialAnswer
  if (typeof answer.message !== 'string') throw new Error(`Unreadable answer (${res.status})`)
  return answer
}

export async function completeSocialSignIn(session: ProviderSession, steps: SocialSignInSteps): Promise<void> {
  steps.setLoading(true)
  let answer: SocialAnswer | undefined
  try {
    answer = await steps.post(socialLoginBody(session))
  } catch (error) {
    steps.logError('Social sign-in: no answer from the site', error)
  }
  // Before moving on: a session left in storage would sign in again on the next visit.
  await steps.signOut().catch((error: unknown) => steps.logError('Social sign-in: the provider session did not end', error))
  if (answer?.status === 200 && answer.redirect) {
    // The cookie is set; the next page shows the success toast. Loading lasts until it opens.
    steps.navigate(answer.redirect)
    return
  }
  steps.setLoading(false)
  if (!answer) return steps.showError(steps.unreachable)
  // §8: a 400 shows the email error; anything else is logged, and still said (issue 4: every
  // failure shows a toast).
  if (answer.status !== 400) steps.logError('Social sign-in refused', answer.status, answer.message)
  steps.showError(answer.errors?.email ?? answer.message)
}
