import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { LOCALE_CONFIG, LOCALES } from '../../lib/locales.ts'
import type { ToastMessage } from '../../lib/toast.ts'
import { FONT_PRELOADS, STYLESHEET_HREF } from '../assets.ts'
import { Island } from '../components/island.tsx'
import { usePageRequest } from '../request-context.tsx'
import { hreflangAlternates, type LocalePaths, localePaths } from '../seo/alternates.ts'
import { type JsonLd, jsonLdText, SITE_LOGO } from '../seo/json-ld.ts'

export interface PageHead {
  /** The page's own name; the document title adds the site's ("{page} — Hadaf"). */
  title: string
  description?: string
  noindex?: boolean
  /**
   * This page's path in each language, when more than the locale prefix differs (a post's
   * slug): the canonical link, og:url and the hreflang alternates come from it.
   */
  alternates?: LocalePaths
  /** The social image (Open Graph, Twitter); the site's logo when absent. */
  image?: { src: string; width?: number | null; height?: number | null; alt?: string }
  /** Makes og:type "article", with its publication time (ISO 8601) and section. */
  article?: { publishedTime: string; section?: string }
  /** Structured data, each object written as its own application/ld+json script. */
  jsonLd?: JsonLd[]
  /** The page's islands raise toasts: the toaster is there even when no flash toast waits. */
  toaster?: boolean
}

/** The HTML shell of every page: language and direction, head metadata, toasts. */
export function Document({ head, toast, children }: { head: PageHead; toast?: ToastMessage; children: ReactNode }) {
  const { lang, origin, path, theme, nonce } = usePageRequest()
  const config = LOCALE_CONFIG[lang]
  const pathname = path.split('?')[0] ?? path
  const paths = head.alternates ?? localePaths(pathname)
  const canonical = origin + paths[lang]
  const title = head.title || config.siteName
  const image = head.image ?? SITE_LOGO
  const imageUrl = new URL(image.src, origin).href
  return (
    <html lang={config.lang} dir={config.dir} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title ? `${head.title} — ${config.siteName}` : config.siteName}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <meta name="color-scheme" content={theme ?? 'light dark'} />
        <link rel="canonical" href={canonical} />
        {hreflangAlternates(origin, paths).map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        <meta property="og:site_name" content={config.siteName} />
        <meta property="og:type" content={head.article ? 'article' : 'website'} />
        <meta property="og:title" content={title} />
        {head.description ? <meta property="og:description" content={head.description} /> : null}
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={imageUrl} />
        {image.width && image.height ? (
          <>
            <meta property="og:image:width" content={String(image.width)} />
            <meta property="og:image:height" content={String(image.height)} />
          </>
        ) : null}
        {head.image?.alt ? <meta property="og:image:alt" content={head.image.alt} /> : null}
        <meta property="og:locale" content={config.og} />
        {LOCALES.filter((l) => l !== lang).map((l) => (
          <meta key={l} property="og:locale:alternate" content={LOCALE_CONFIG[l].og} />
        ))}
        {head.article ? <meta property="article:published_time" content={head.article.publishedTime} /> : null}
        {head.article?.section ? <meta property="article:section" content={head.article.section} /> : null}
        <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={title} />
        {head.description ? <meta name="twitter:description" content={head.description} /> : null}
        <meta name="twitter:image" content={imageUrl} />
        {head.image?.alt ? <meta name="twitter:image:alt" content={head.image.alt} /> : null}
        {head.jsonLd?.map((data, i) => (
          // Data, not code: jsonLdText escapes <, > and &, so no value can close the element.
          <script key={i} type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
        ))}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installing the site, which iOS asks before it lets a site push (src/routes/manifest.ts). */}
        <link rel="manifest" href={`/${lang}/manifest.webmanifest`} />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        {FONT_PRELOADS[lang].map((font) => (
          <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <link rel="stylesheet" href={STYLESHEET_HREF} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          <Trans>Skip to content</Trans>
        </a>
        {children}
        {toast || head.toaster ? <Island name="toaster" props={{ toasts: toast ? [toast] : [] }} hydrate={toast ? 'load' : 'toast'} /> : null}
      </body>
    </html>
  )
}
