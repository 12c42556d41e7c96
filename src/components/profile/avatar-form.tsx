import { Trans } from '@lingui/react/macro'
import type { ProfileUser } from '../../auth/profile-calls.ts'
import { MAX_AVATAR_BYTES } from '../../media/avatars.ts'
import { usePageRequest } from '../../request-context.tsx'
import { Island } from '../island.tsx'
import { type FailedForm, ProfileSection, sectionAction } from './profile-section.tsx'

/** Upload a photo (multipart, works without JavaScript) or remove the one there is. */
export function AvatarForm({ user, failed }: { user: ProfileUser; failed?: FailedForm }) {
  const { lang } = usePageRequest()
  return (
    <ProfileSection id="photo" title={<Trans>Photo</Trans>}>
      <Island
        name="profile-avatar"
        props={{ action: sectionAction(lang, 'avatar', 'photo'), maxBytes: MAX_AVATAR_BYTES, error: failed?.failure.errors.avatar ?? failed?.failure.message }}
        hydrate="interaction"
      />
      {user.image ? (
        <form className="avatar-remove" method="post" action={sectionAction(lang, 'avatar/remove', 'photo')}>
          <button className="button button-quiet" type="submit">
            <Trans>Remove photo</Trans>
          </button>
        </form>
      ) : null}
    </ProfileSection>
  )
}
