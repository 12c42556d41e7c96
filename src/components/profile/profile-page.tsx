import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { EmailStep } from '../../auth/email-step.ts'
import type { ProfileUser } from '../../auth/profile-calls.ts'
import { usePageRequest } from '../../request-context.tsx'
import { SignOut } from '../auth/sign-out.tsx'
import { AvatarForm } from './avatar-form.tsx'
import { DeleteForm } from './delete-form.tsx'
import { DetailsForm } from './details-form.tsx'
import { EmailForm } from './email-form.tsx'
import { PasswordForm } from './password-form.tsx'
import { type FailedForm, failureOf, ProfileSection } from './profile-section.tsx'
import { ProfileSummary } from './profile-summary.tsx'
import type { FollowItem } from '../../auth/profile-calls.ts'
import { FollowsList } from './follows-list.tsx'
import { PushAlertsControl } from '../push-alerts.tsx'
import { SpoilerForm } from './spoiler-form.tsx'

export interface ProfilePageProps {
  user: ProfileUser
  /** What the reader follows, newest first. */
  follows: FollowItem[]
  emailStep?: EmailStep
  /** The form that was just refused, shown with its errors. */
  failed?: FailedForm
}

/** The profile (spec §2, auth layout): the user at a glance, then a form per thing to change. */
export function ProfilePage({ user, follows, emailStep, failed }: ProfilePageProps) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <div className="profile">
      <ProfileSummary user={user} />
      <nav className="profile-links" aria-label={t`Account`}>
        <a href={href(lang, 'sessions')}>
          <Trans>Signed-in devices</Trans>
        </a>
        <SignOut />
      </nav>
      <FollowsList follows={follows} />
      <ProfileSection id="alerts" title={<Trans>Alerts on this device</Trans>}>
        <PushAlertsControl />
      </ProfileSection>
      <SpoilerForm user={user} failed={failureOf(failed, 'spoilers')} />
      <DetailsForm user={user} failed={failureOf(failed, 'details')} />
      <AvatarForm user={user} failed={failureOf(failed, 'avatar')} />
      <EmailForm user={user} step={emailStep} failed={failed} />
      <PasswordForm user={user} failed={failureOf(failed, 'password')} />
      <DeleteForm user={user} failed={failureOf(failed, 'delete')} />
    </div>
  )
}
