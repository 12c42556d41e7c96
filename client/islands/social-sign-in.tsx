// Social sign-in buttons (spec §4, architecture.md "Accounts"): Supabase Auth sends the
// visitor to the provider and back to this page (PKCE: the code in the URL is worth nothing
// without the verifier this browser kept). When the provider's user appears, the session
// goes to the site's route, which sets the HttpOnly cookie (lib/social-sign-in.ts).
// The server renders it only when Supabase is configured (src/components/social-sign-in.tsx).
import { Trans, useLingui } from '@lingui/react/macro'
import type { Provider, SupabaseClient } from '@supabase/supabase-js'
import { useEffect, useRef, useState } from 'react'
import { providerName } from '../../lib/social-providers.ts'
import { completeSocialSignIn, postSocialSession, returnAddress, type SocialLoginBody } from '../../lib/social-sign-in.ts'
import { showToast } from '../show-toast.ts'

export interface SocialSignInProps {
  /** SUPABASE_URL and its public anon key. */
  url: string
  anonKey: string
  providers: string[]
  /** The site's route that exchanges the provider session for ours (src/routes/social.ts). */
  action: string
  /** The page was opened by the provider's redirect (?code=): the exchange is under way. */
  returning: boolean
}

interface Feedback {
  setLoading: (loading: boolean) => void
  unreachable: string
  incomplete: string
}

/**
 * Starts Supabase Auth in this browser and hands the provider's user, when one appears, to
 * the sign-in flow. supabase-js loads only here: the server renders the buttons without it.
 */
async function connect({ url, anonKey, action }: Pick<SocialSignInProps, 'url' | 'anonKey' | 'action'>, feedback: Feedback) {
  const { createClient } = await import('@supabase/supabase-js')
  const supabase = createClient(url, anonKey, {
    auth: { flowType: 'pkce', detectSessionInUrl: true, persistSession: true, autoRefreshToken: false },
  })
  const steps = {
    post: (body: SocialLoginBody) => postSocialSession(action, body, new URL(window.location.href)),
    signOut: () => supabase.auth.signOut({ scope: 'local' }),
    setLoading: feedback.setLoading,
    navigate: (to: string) => window.location.assign(to),
    showError: (message: string) => showToast({ type: 'error', message }),
    logError: console.error,
    unreachable: feedback.unreachable,
  }
  let started = false
  const { data } = supabase.auth.onAuthStateChange((_event, session) => {
    // Spec §4: the first time the provider's user appears, and only then.
    if (!session || started) return
    started = true
    // supabase-js runs this callback under its own lock; calling it back from here would wait forever.
    setTimeout(() => void completeSocialSignIn(session, steps), 0)
  })
  // The provider refused, the visitor cancelled, or the code could not be exchanged.
  void supabase.auth.initialize().then(({ error }) => {
    if (!error) return
    console.error('Social sign-in: the provider redirect failed', error)
    feedback.setLoading(false)
    showToast({ type: 'error', message: feedback.incomplete })
  })
  return { supabase, stop: () => data.subscription.unsubscribe() }
}

export default function SocialSignIn({ url, anonKey, providers, action, returning }: SocialSignInProps) {
  const { t } = useLingui()
  const client = useRef<SupabaseClient | null>(null)
  const [ready, setReady] = useState(false)
  const [loading, setLoading] = useState(returning)
  const unreachable = t`We could not reach Hadaf. Please check your connection and try again.`
  const incomplete = t`The sign-in with the provider did not complete. Please try again.`

  useEffect(() => {
    let stop: (() => void) | undefined
    let cancelled = false
    connect({ url, anonKey, action }, { setLoading, unreachable, incomplete })
      .then((connection) => {
        if (cancelled) return connection.stop()
        client.current = connection.supabase
        stop = connection.stop
        setReady(true)
      })
      .catch((error: unknown) => console.error('Social sign-in: Supabase did not load', error))
    return () => {
      cancelled = true
      stop?.()
    }
  }, [url, anonKey, action, unreachable, incomplete])

  async function signIn(provider: string) {
    if (!client.current) return
    setLoading(true)
    // On success the browser is already on its way to the provider.
    const { error } = await client.current.auth.signInWithOAuth({ provider: provider as Provider, options: { redirectTo: returnAddress(new URL(window.location.href)) } })
    if (!error) return
    console.error('Social sign-in: could not start', error)
    setLoading(false)
    showToast({ type: 'error', message: incomplete })
  }

  return (
    <div className="social-sign-in" aria-busy={loading}>
      <p className="social-sign-in-or">
        <Trans>or</Trans>
      </p>
      <ul className="social-sign-in-buttons">
        {providers.map((provider) => {
          const name = providerName(provider)
          return (
            <li key={provider}>
              <button className="button button-quiet" type="button" disabled={!ready || loading} onClick={() => void signIn(provider)}>
                <Trans>Continue with {name}</Trans>
              </button>
            </li>
          )
        })}
      </ul>
      <p className="social-sign-in-status" role="status">
        {loading ? <Trans>Signing you in…</Trans> : null}
      </p>
    </div>
  )
}
