// Account screens (spec §2: signed-in only). The profile uses the auth layout; its
// sub-sections use the profile layout.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Hono } from 'hono'
import { currentUser } from '../auth/current-user.ts'
import { ComingSoon } from '../components/coming-soon.tsx'
import { Image } from '../components/placeholder-image.tsx'
import { AuthLayout, ProfileLayout } from '../layouts/layouts.tsx'
import { auth } from '../middleware/guards.ts'
import { renderPage } from '../render.tsx'
import type { AppEnv } from '../types.ts'

export const profile = new Hono<AppEnv>()

profile.use('/profile', auth)
profile.use('/profile/*', auth)

profile.get('/profile', async (c) => {
  const user = (await currentUser(c))!
  const title = c.var.i18n._(msg`Your profile`)
  return renderPage(
    c,
    <AuthLayout title={title}>
      <div className="profile-card">
        <Image placeholder="avatar" alt="" width={72} height={72} lazy={false} />
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
        </dl>
      </div>
    </AuthLayout>,
    { title, noindex: true },
  )
})

profile.get('/profile/sessions', (c) => {
  const title = c.var.i18n._(msg`Signed-in devices`)
  return renderPage(
    c,
    <ProfileLayout title={title}>
      <ComingSoon />
    </ProfileLayout>,
    { title, noindex: true },
  )
})
