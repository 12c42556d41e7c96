// The social sign-in buttons under the login form (spec §4): an island that hydrates when
// the browser is idle, and nothing at all, not even its script, when Supabase Auth is not
// configured (src/auth/social/settings.ts).
import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { href } from '../../lib/links.ts'
import { offeredSocialSettings } from '../auth/social/settings.ts'
import type { AppEnv } from '../types.ts'
import { Island } from './island.tsx'

export function socialSignIn(c: Context<AppEnv>): ReactNode {
  const settings = offeredSocialSettings(c.env)
  if (!settings) return null
  const props = {
    ...settings,
    action: href(c.var.lang, 'loginSocial'),
    // Back from the provider with a PKCE code: the island shows that it is signing in at once.
    returning: c.req.query('code') !== undefined,
  }
  return <Island name="social-sign-in" hydrate="interaction" props={props} />
}
