import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { postHref } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import type { PostSummary } from '../db/posts.ts'
import { usePageRequest } from '../request-context.tsx'
import { PostCover, PublishedDate } from './post-card.tsx'

/** Posts tagged with what the page is about: cover, title and date. */
export function RelatedPosts({ posts, title }: { posts: PostSummary[]; title?: ReactNode }) {
  const { lang } = usePageRequest()
  const titleId = useId()
  if (posts.length === 0) return null
  return (
    <section className="related-posts" aria-labelledby={titleId}>
      <h2 id={titleId}>{title ?? <Trans>From the Hadaf team</Trans>}</h2>
      <ul>
        {posts.map((post) => (
          <li key={post.id}>
            <a href={postHref(lang, post)}>
              <PostCover post={post} place="related" />
              <span className="related-title">{localized(post.title, lang)}</span>
            </a>
            <PublishedDate iso={post.publishedAt} />
          </li>
        ))}
      </ul>
    </section>
  )
}
