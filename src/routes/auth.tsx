// Sign-in screens (spec §2: auth layout, guests only). The forms arrive with the
// accounts release; the routes, layout and guard are in place.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Hono } from 'hono'
import { ComingSoon } from '../components/coming-soon.tsx'
import { AuthLayout } from '../layouts/layouts.tsx'
import { guest } from '../middleware/guards.ts'
import { renderPage } from '../render.tsx'
import type { AppEnv } from '../types.ts'

export const auth = new Hono<AppEnv>()

const SCREENS: Record<string, MessageDescriptor> = {
  '/login': msg`Sign in`,
  '/sign-up': msg`Create an account`,
  '/rest-password': msg`Reset your password`,
}

for (const [path, title] of Object.entries(SCREENS)) {
  auth.get(path, guest, (c) => {
    const text = c.var.i18n._(title)
    return renderPage(
      c,
      <AuthLayout title={text}>
        <ComingSoon />
      </AuthLayout>,
      { title: text, noindex: true },
    )
  })
}
