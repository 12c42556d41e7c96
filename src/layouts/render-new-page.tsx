import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { renderPage } from '../render.tsx'
import { breadcrumbList, seoContext } from '../seo/json-ld.ts'
import type { AppEnv } from '../types.ts'
import type { PageHead } from './document.tsx'
import { type Crumb, NewLayout } from './layouts.tsx'

/**
 * A page in the new layout: its heading, its breadcrumbs, and the same breadcrumbs
 * announced to search engines as BreadcrumbList after the page's own structured data.
 * `heading` stands in for the title in the page when it needs markup (a <bdi>).
 */
export function renderNewPage(
  c: Context<AppEnv>,
  page: { title: string; heading?: ReactNode; crumbs: Crumb[] },
  body: ReactNode,
  head: Omit<PageHead, 'title'> = {},
) {
  return renderPage(
    c,
    <NewLayout title={page.heading ?? page.title} crumbs={page.crumbs}>
      {body}
    </NewLayout>,
    { ...head, title: page.title, jsonLd: [...(head.jsonLd ?? []), breadcrumbList(seoContext(c), page.crumbs)] },
  )
}
