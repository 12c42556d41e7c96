// One renderer per layout (layouts.tsx), set as Hono middleware on each route group, so every
// page handler ends in `c.render(body, page)`.
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { renderPage } from '../render.tsx'
import { breadcrumbList, seoContext } from '../seo/json-ld.ts'
import type { AppEnv } from '../types.ts'
import { DeskLayout } from './desk-layout.tsx'
import type { PageHead } from './document.tsx'
import { CardLayout, type Crumb, HomeLayout, ContentLayout, AccountLayout } from './layouts.tsx'

/** What a page hands its renderer besides its body: the head, and what the layout shows. */
export interface PageProps extends PageHead {
  /** The heading in the page when it needs markup (a <bdi>); the title otherwise. */
  heading?: ReactNode
  /** The public layout's breadcrumbs, also announced to search engines as BreadcrumbList. */
  crumbs?: Crumb[]
  status?: ContentfulStatusCode
}

declare module 'hono' {
  interface ContextRenderer {
    (content: ReactNode, page: PageProps): Promise<Response>
  }
}

/** The head of a page about one named thing (a club, a player): its name is title, heading and crumb. */
export function namedPage(name: string, description: string): PageProps {
  return { title: name, heading: <bdi>{name}</bdi>, crumbs: [{ label: name }], description }
}

type Wrap = (c: Context<AppEnv>, content: ReactNode, page: PageProps) => { body: ReactNode; head: PageHead }

function layoutRenderer(wrap: Wrap) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.setRenderer((content, page) => {
      const { body, head } = wrap(c, content, page)
      return renderPage(c, body, head, page.status)
    })
    await next()
  })
}

const headOf = ({ heading: _heading, crumbs: _crumbs, status: _status, ...head }: PageProps): PageHead => head

/** The home page: no breadcrumbs, no page heading of the layout's. */
export const homeRenderer = layoutRenderer((_c, content, page) => ({ body: <HomeLayout>{content}</HomeLayout>, head: headOf(page) }))

/** Public pages: breadcrumbs and the page's heading; the crumbs follow the page's own structured data. */
export const contentRenderer = layoutRenderer((c, content, page) => {
  const head = headOf(page)
  const crumbs = page.crumbs ?? []
  return {
    body: (
      <ContentLayout title={page.heading ?? page.title} crumbs={crumbs}>
        {content}
      </ContentLayout>
    ),
    head: { ...head, jsonLd: [...(head.jsonLd ?? []), breadcrumbList(seoContext(c), crumbs)] },
  }
})

/** Sign-in screens and the profile form: one card under a quiet header. */
export const cardRenderer = layoutRenderer((_c, content, page) => ({
  body: <CardLayout title={page.heading ?? page.title}>{content}</CardLayout>,
  head: headOf(page),
}))

/** Account sections: the side menu beside the section. */
export const accountRenderer = layoutRenderer((_c, content, page) => ({
  body: <AccountLayout title={page.heading ?? page.title}>{content}</AccountLayout>,
  head: headOf(page),
}))

/** The newsroom's screens: its own header and menu; never indexed. The desk guard has found the user. */
export const deskRenderer = layoutRenderer((c, content, page) => ({
  body: (
    <DeskLayout title={page.heading ?? page.title} role={c.var.user?.role ?? 'reader'}>
      {content}
    </DeskLayout>
  ),
  head: { ...headOf(page), noindex: true },
}))
