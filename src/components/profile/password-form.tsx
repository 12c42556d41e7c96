import { Trans, useLingui } from '@lingui/react/macro'
import type { ProfileUser } from '../../auth/profile-calls.ts'
import { usePageRequest } from '../../request-context.tsx'
import { PASSWORD_MIN } from '../../validation/fields.ts'
import { AuthForm } from '../auth/auth-form.tsx'
import { type FailedForm, ProfileSection, sectionAction, useCurrentPasswordField } from './profile-section.tsx'

/**
 * A new password, with the current one (security.md: ASVS 6.2). An account made through
 * social sign-in has none yet, and sets its first here.
 */
export function PasswordForm({ user, failed }: { user: ProfileUser; failed?: FailedForm }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const currentPassword = useCurrentPasswordField(user, 'password-current-password')
  return (
    <ProfileSection id="password" title={user.has_password ? <Trans>Password</Trans> : <Trans>Set a password</Trans>}>
      <p className="auth-intro">
        <Trans>Your other devices are signed out when the password changes.</Trans>
      </p>
      <AuthForm
        action={sectionAction(lang, 'password', 'password')}
        labelledBy="password-title"
        failure={failed?.failure}
        fields={[
          ...currentPassword,
          { name: 'password', kind: 'new-password', label: t`New password`, hint: t`At least ${PASSWORD_MIN} characters.` },
        ]}
      >
        <button className="button" type="submit">
          {user.has_password ? <Trans>Change password</Trans> : <Trans>Set password</Trans>}
        </button>
      </AuthForm>
    </ProfileSection>
  )
}
