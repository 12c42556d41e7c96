// Spoiler-free (issue 27, section 4; decision 139): hide the scores of every match, or of what
// the reader follows, until they press "Show the score" on one. A plain form: it works
// without JavaScript, and posts to /profile/spoilers, which forwards it to PATCH profile.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ProfileUser } from '../../auth/profile-calls.ts'
import { usePageRequest } from '../../request-context.tsx'
import { AuthForm } from '../auth/auth-form.tsx'
import { type FailedForm, ProfileSection, sectionAction } from './profile-section.tsx'

export function SpoilerForm({ user, failed }: { user: ProfileUser; failed?: FailedForm }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <ProfileSection id="spoilers" title={<Trans>Spoiler-free</Trans>}>
      <AuthForm
        action={sectionAction(lang, 'spoilers', 'spoilers')}
        labelledBy="spoilers-title"
        failure={failed?.failure}
        fields={[
          {
            name: 'spoiler_free',
            kind: 'choice',
            label: t`Hide scores`,
            value: failed?.values.spoiler_free ?? user.spoiler_free,
            hint: t`For when you watch a recording later: no score, scorer or result shows until you press "Show the score" on the match.`,
            options: [
              { value: 'off', label: t`Off: show every score` },
              { value: 'follows', label: t`Of the clubs, players, competitions and matches I follow` },
              { value: 'all', label: t`Of every match` },
            ],
          },
        ]}
      >
        <button className="button" type="submit">
          <Trans>Save changes</Trans>
        </button>
      </AuthForm>
    </ProfileSection>
  )
}
