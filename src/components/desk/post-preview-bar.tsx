// The bar above a post's preview: this is not the published page, what state the post is
// in, and the ways back to the editor and to the other language's preview.
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { Locale } from '../../../lib/locales.ts'
import type { DeskPost } from '../../db/desk-posts.ts'
import { usePageRequest } from '../../request-context.tsx'
import { PostStatusBadge } from './desk-parts.tsx'

export function PreviewBar({ post }: { post: DeskPost }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const other: Locale = lang === 'ar' ? 'en' : 'ar'
  return (
    <aside className="desk-preview-bar" aria-label={t`Preview`}>
      <p>
        <strong>
          <Trans>Preview: readers cannot see this page.</Trans>
        </strong>{' '}
        <Trans>Status:</Trans> <PostStatusBadge status={post.status} />
      </p>
      <p className="desk-actions">
        <a href={href(lang, 'deskPost', { id: post.id })}>
          <Trans>Back to the editor</Trans>
        </a>
        <a href={href(other, 'deskPostPart', { id: post.id, part: `preview/${other}` })} hrefLang={other}>
          {other === 'ar' ? t`Preview in Arabic` : t`Preview in English`}
        </a>
      </p>
    </aside>
  )
}
