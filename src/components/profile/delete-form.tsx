import { Trans, useLingui } from '@lingui/react/macro'
import type { ProfileUser } from '../../auth/profile-calls.ts'
import { usePageRequest } from '../../request-context.tsx'
import { AuthForm } from '../auth/auth-form.tsx'
import { type FailedForm, ProfileSection, sectionAction, useCurrentPasswordField } from './profile-section.tsx'

/** Deleting the account: the current password (when there is one) and a box to tick. */
export function DeleteForm({ user, failed }: { user: ProfileUser; failed?: FailedForm }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const currentPassword = useCurrentPasswordField(user, 'delete-current-password')
  return (
    <ProfileSection id="delete" title={<Trans>Delete your account</Trans>}>
      <p className="auth-intro">
        <Trans>Your account, your photo and every signed-in device are deleted for good. This cannot be undone.</Trans>
      </p>
      <AuthForm
        action={sectionAction(lang, 'delete', 'delete')}
        labelledBy="delete-title"
        failure={failed?.failure}
        fields={[
          ...currentPassword,
          { name: 'confirm', id: 'delete-confirm', kind: 'confirm', label: t`I understand that my account will be deleted for good.` },
        ]}
      >
        <button className="button button-danger" type="submit">
          <Trans>Delete my account</Trans>
        </button>
      </AuthForm>
    </ProfileSection>
  )
}
