import type { Context } from 'hono'
import { ComingSoon } from '../components/coming-soon.tsx'
import { NewLayout } from '../layouts/layouts.tsx'
import { renderPage } from '../render.tsx'
import type { AppEnv } from '../types.ts'

/**
 * A public page (new layout) whose content a later release brings: real title,
 * breadcrumbs and landmarks, an honest note instead of invented content, and noindex
 * so search engines wait for the real page.
 */
export function renderComingSoon(c: Context<AppEnv>, title: string) {
  return renderPage(
    c,
    <NewLayout title={title} crumbs={[{ label: title }]}>
      <ComingSoon />
    </NewLayout>,
    { title, noindex: true },
  )
}
