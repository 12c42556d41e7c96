// Signing out (spec §4): the session is revoked on the server and the cookie cleared, then
// the page reloads after 50 ms, at the login page (spec §2). Without JavaScript the same
// form posts and the server redirects.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { postForm, setBusy } from '../auth/post-form.ts'
import { showToast } from '../show-toast.ts'

/** Spec §9: the reload after logout. */
export const LOGOUT_RELOAD_MS = 50

export default function AuthSignOut({ action }: { action: string }) {
  const { i18n } = useLingui()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    setBusy(form, true)
    const answer = await postForm(form.action, new FormData(form), i18n)
    const to = answer.redirect
    if (to) {
      setTimeout(() => window.location.assign(to), LOGOUT_RELOAD_MS)
      return
    }
    setBusy(form, false)
    showToast({ type: 'error', message: answer.message })
  }

  return (
    <form className="sign-out" method="post" action={action} onSubmit={onSubmit}>
      <button className="button button-quiet" type="submit">
        <Trans>Sign out</Trans>
      </button>
    </form>
  )
}
