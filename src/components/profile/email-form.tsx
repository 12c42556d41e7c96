import { Trans, useLingui } from '@lingui/react/macro'
import type { EmailStep } from '../../auth/email-step.ts'
import { resendWait } from '../../auth/pending-step.ts'
import type { ProfileUser } from '../../auth/profile-calls.ts'
import { CODE_MINUTES } from '../../db/challenges.ts'
import { usePageRequest } from '../../request-context.tsx'
import { AuthForm } from '../auth/auth-form.tsx'
import { Island } from '../island.tsx'
import { type FailedForm, failureOf, ProfileSection, sectionAction, useCurrentPasswordField } from './profile-section.tsx'

interface EmailFormProps {
  user: ProfileUser
  /** A change waiting for its code: the code step shows instead of the address form. */
  step?: EmailStep
  failed?: FailedForm
}

/** A new address (POST profile/email), then the code that reached it (profile/email/verify). */
export function EmailForm({ user, step, failed }: EmailFormProps) {
  return (
    <ProfileSection id="email" title={<Trans>Email address</Trans>}>
      {step ? <CodeStep step={step} failed={failureOf(failed, 'email/code')} /> : <NewAddress user={user} failed={failureOf(failed, 'email')} />}
    </ProfileSection>
  )
}

function NewAddress({ user, failed }: { user: ProfileUser; failed?: FailedForm }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const currentPassword = useCurrentPasswordField(user, 'email-current-password')
  const email = user.email
  return (
    <>
      <p className="auth-intro">
        <Trans>
          Your account uses <bdi dir="ltr">{email}</bdi>. To change it, we send a code to the new address.
        </Trans>
      </p>
      <AuthForm
        action={sectionAction(lang, 'email', 'email')}
        labelledBy="email-title"
        failure={failed?.failure}
        fields={[
          { name: 'email', kind: 'email', label: t`New email address`, value: failed?.values.email ?? '' },
          ...currentPassword,
        ]}
      >
        <button className="button" type="submit">
          <Trans>Send a code to the new address</Trans>
        </button>
      </AuthForm>
    </>
  )
}

function CodeStep({ step, failed }: { step: EmailStep; failed?: FailedForm }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const { email, length: digits } = step
  return (
    <>
      <p className="auth-intro">
        <Trans>
          We have sent a code to <bdi dir="ltr">{email}</bdi>. It works for {CODE_MINUTES} minutes.
        </Trans>
      </p>
      <AuthForm
        action={sectionAction(lang, 'email/code', 'email')}
        labelledBy="email-title"
        failure={failed?.failure}
        fields={[{ name: 'code', kind: 'code', label: t`The ${digits}-digit code from the email`, length: digits }]}
        hydrate="load"
      >
        <button className="button" type="submit">
          <Trans>Confirm the new address</Trans>
        </button>
      </AuthForm>
      <Island name="auth-resend" props={{ action: sectionAction(lang, 'email/resend', 'email'), wait: resendWait(step) }} hydrate="idle" />
      <form className="email-cancel" method="post" action={sectionAction(lang, 'email/cancel', 'email')}>
        <button className="button button-quiet" type="submit">
          <Trans>Keep my current address</Trans>
        </button>
      </form>
    </>
  )
}
