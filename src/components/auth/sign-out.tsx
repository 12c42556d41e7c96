import { href } from '../../../lib/links.ts'
import { usePageRequest } from '../../request-context.tsx'
import { Island } from '../island.tsx'

/** The sign-out button (spec §4), for the account pages: a form that works without JavaScript. */
export function SignOut() {
  const { lang } = usePageRequest()
  return <Island name="auth-sign-out" props={{ action: href(lang, 'logout') }} hydrate="interaction" />
}
