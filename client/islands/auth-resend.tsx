// "Send a new code" on a code step, with the wait before it is allowed shown live (the API
// allows one send a minute: security.md, Resending). Without JavaScript the button posts
// and the server answers with the step again, or with how long to wait.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { goTo, postForm } from '../auth/post-form.ts'
import { Countdown } from '../countdown.tsx'
import { showToast } from '../show-toast.ts'
import { useCountdown } from '../use-countdown.ts'

export interface AuthResendProps {
  action: string
  /** Seconds until a new code may be asked for, when the page was rendered. */
  wait: number
}

export default function AuthResend({ action, wait }: AuthResendProps) {
  const { i18n } = useLingui()
  const countdown = useCountdown(wait)
  const [busy, setBusy] = useState(false)
  const seconds = countdown.seconds ?? 0

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    const form = event.currentTarget
    const answer = await postForm(form.action, new FormData(form), i18n)
    if (answer.redirect) {
      goTo(answer.redirect)
      return
    }
    setBusy(false)
    showToast({ type: answer.status === 200 ? 'success' : 'error', message: answer.message })
    const again = answer.resendAfter ?? answer.retryAfter
    if (again) countdown.restart(again)
  }

  return (
    <form className="auth-resend" method="post" action={action} onSubmit={onSubmit}>
      <p className="auth-note">
        <Trans>No code? Check your spam folder, or ask for a new one a minute after the last.</Trans>
      </p>
      <button className="button button-quiet" type="submit" disabled={busy || seconds > 0}>
        {seconds > 0 ? (
          <Trans>
            Send a new code in <Countdown seconds={seconds} style="digital" />
          </Trans>
        ) : (
          <Trans>Send a new code</Trans>
        )}
      </button>
    </form>
  )
}
