// The follow button (issue 27, section 1; decision 128). On the server it is a form that posts
// to /{lang}/follows (or /follows/remove), which works without JavaScript: a redirect brings
// the reader back with a toast. Once this island runs, the same form is posted asking for
// JSON and the button changes at once, without a reload. A guest is sent to sign in, with
// what they pressed kept by the server, and comes back with the follow made.
//
// `following` is null for a guest: the page kept at the edge for everyone is the guest's, and
// only a signed-in request, never kept, renders the reader's own state (decision 129).
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { FOLLOW_ANCHOR, type FollowType } from '../../lib/follows.ts'
import { href } from '../../lib/links.ts'
import { DEFAULT_LOCALE, isLocale } from '../../lib/locales.ts'
import { send } from '../send-form.ts'
import { showToast } from '../show-toast.ts'

export interface FollowProps {
  type: FollowType
  id: number | string
  /** Whether the signed-in reader follows it; null for a guest. */
  following: boolean | null
  /** This page's path, where the form comes back to. */
  page: string
}

export default function Follow({ type, id, following, page }: FollowProps) {
  const { i18n } = useLingui()
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const [state, setState] = useState(following === true)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    const answer = await send(event.currentTarget.action, i18n, new FormData(event.currentTarget))
    setBusy(false)
    if (answer.status === 401 && answer.redirect) return void window.location.assign(answer.redirect)
    if (answer.status === 200 || answer.status === 201) {
      setState(!state)
      return showToast({ type: 'success', message: answer.message })
    }
    showToast({ type: 'error', message: answer.message })
  }

  return (
    <form className="follow" id={FOLLOW_ANCHOR} method="post" action={href(lang, state ? 'followsRemove' : 'follows')} onSubmit={(event) => void submit(event)}>
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={page} />
      <button className={state ? 'button follow-button is-following' : 'button follow-button'} type="submit" aria-busy={busy || undefined}>
        {state ? <Trans>Following</Trans> : <Trans>Follow</Trans>}
      </button>
    </form>
  )
}
