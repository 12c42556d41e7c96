import type { Context } from 'hono'
import { ComingSoon } from '../components/coming-soon.tsx'
import { renderNewPage } from '../layouts/render-new-page.tsx'
import type { AppEnv } from '../types.ts'

/**
 * A public page (new layout) whose content a later release brings: real title,
 * breadcrumbs and landmarks, an honest note instead of invented content, and noindex
 * so search engines wait for the real page.
 */
export function renderComingSoon(c: Context<AppEnv>, title: string) {
  return renderNewPage(c, { title, crumbs: [{ label: title }] }, <ComingSoon />, { noindex: true })
}
