import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { LOCALE_CONFIG } from '../../../lib/locales.ts'
import type { ProfileUser } from '../../auth/profile-calls.ts'
import type { ThemeChoice } from '../../db/users.ts'
import { Image } from '../placeholder-image.tsx'

export const THEME_NAMES: Record<ThemeChoice, MessageDescriptor> = {
  system: msg`Same as this device`,
  light: msg`Light`,
  dark: msg`Dark`,
}

/** The user at a glance (issue 4, Pages): photo or placeholder, name, email, mobile, theme. */
export function ProfileSummary({ user }: { user: ProfileUser }) {
  const { t, i18n } = useLingui()
  return (
    <div className="profile-card">
      <Image src={user.image} placeholder="avatar" alt={user.image ? t`Your photo` : ''} width={96} height={96} lazy={false} />
      <dl>
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>
          <bdi>{user.name}</bdi>
        </dd>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd>
          <bdi dir="ltr">{user.email}</bdi>
        </dd>
        <dt>
          <Trans>Mobile number</Trans>
        </dt>
        <dd>{user.mobile ? <bdi dir="ltr">{user.mobile}</bdi> : <Trans>Not given</Trans>}</dd>
        <dt>
          <Trans>Theme</Trans>
        </dt>
        <dd>{i18n._(THEME_NAMES[user.theme])}</dd>
        <dt>
          <Trans>Language</Trans>
        </dt>
        <dd>
          <bdi lang={user.lang}>{LOCALE_CONFIG[user.lang].nativeName}</bdi>
        </dd>
      </dl>
    </div>
  )
}
