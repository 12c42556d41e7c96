import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { switchLocalePath } from '../../lib/links.ts'
import { LOCALE_CONFIG, LOCALES } from '../../lib/locales.ts'
import type { ToastMessage } from '../../lib/toast.ts'
import { STYLESHEET_HREF } from '../assets.ts'
import { Island } from '../components/island.tsx'
import { usePageRequest } from '../request-context.tsx'

export interface PageHead {
  /** The page's own name; the document title adds the site's ("{page} — Hadaf"). */
  title: string
  description?: string
  noindex?: boolean
}

/** The HTML shell of every page: language and direction, head metadata, toasts. */
export function Document({ head, toast, children }: { head: PageHead; toast?: ToastMessage; children: ReactNode }) {
  const { lang, origin, path, theme } = usePageRequest()
  const config = LOCALE_CONFIG[lang]
  const pathname = path.split('?')[0] ?? path
  return (
    <html lang={config.lang} dir={config.dir} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title ? `${head.title} — ${config.siteName}` : config.siteName}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <meta name="color-scheme" content={theme ?? 'light dark'} />
        <link rel="canonical" href={origin + pathname} />
        {LOCALES.map((l) => (
          <link key={l} rel="alternate" hrefLang={l} href={origin + switchLocalePath(pathname, l)} />
        ))}
        <link rel="alternate" hrefLang="x-default" href={`${origin}/`} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={STYLESHEET_HREF} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          <Trans>Skip to content</Trans>
        </a>
        {children}
        {toast ? <Island name="toaster" props={{ toasts: [toast] }} hydrate="load" /> : null}
      </body>
    </html>
  )
}
