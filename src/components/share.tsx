// The share links of a page (posts now; match pages place it too). The text that goes with
// the link is localized: the page's title and the site's name in the page's language.
import { useLingui } from '@lingui/react/macro'
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import { usePageRequest } from '../request-context.tsx'
import { Island } from './island.tsx'

/** `path`: the page's canonical path (`/ar/news/…`); `title`: its title in the page's language. */
export function ShareLinks({ path, title }: { path: string; title: string }) {
  const { lang, origin } = usePageRequest()
  const { t } = useLingui()
  const site = LOCALE_CONFIG[lang].siteName
  return <Island name="share" props={{ url: new URL(path, origin).toString(), text: t`${title} on ${site}` }} hydrate="interaction" />
}
