import { formatDate } from '../../lib/format.ts'
import { type PostKind, postHref } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import type { PostSummary } from '../db/posts.ts'
import { COVER_SIZES, type CoverPlace } from '../media/cover-sizes.ts'
import { usePageRequest } from '../request-context.tsx'
import { Image, type PlaceholderKind } from './placeholder-image.tsx'

/** Analytics pieces have their own placeholder image (spec §2). */
export function placeholderFor(kind: PostKind): PlaceholderKind {
  return kind === 'analytics' ? 'analytics' : 'generic'
}

/** A publication date as the spec writes dates (§9): DD-MM-YYYY, Latin digits. */
export function PublishedDate({ iso }: { iso: string }) {
  const { timeZone } = usePageRequest()
  return <time dateTime={iso}>{formatDate(new Date(iso), timeZone)}</time>
}

/** A list's entry: cover, title (the link), summary and date. */
/**
 * A post's cover beside its title: decorative (the title says what it shows), sized, and
 * the section's placeholder when the post has none.
 */
export function PostCover({
  post,
  lazy = true,
  className,
  place = 'card',
}: {
  post: PostSummary
  lazy?: boolean
  className?: string
  /** Where the cover is shown, for the `sizes` of a library cover's widths. */
  place?: CoverPlace
}) {
  const library = post.libraryCover
  return (
    <Image
      src={library?.src ?? post.cover}
      srcSet={library?.srcset}
      sizes={COVER_SIZES[place]}
      alt=""
      placeholder={placeholderFor(post.kind)}
      width={library?.width ?? post.coverWidth ?? undefined}
      height={library?.height ?? post.coverHeight ?? undefined}
      lazy={lazy}
      className={className}
    />
  )
}

export function PostCard({ post, lazy }: { post: PostSummary; lazy: boolean }) {
  const { lang } = usePageRequest()
  return (
    <article className="post-card">
      <PostCover post={post} lazy={lazy} className="post-card-cover" />
      <h2 className="post-card-title">
        <a href={postHref(lang, post)}>{localized(post.title, lang)}</a>
      </h2>
      <p className="post-card-summary">{localized(post.summary, lang)}</p>
      <PublishedDate iso={post.publishedAt} />
    </article>
  )
}
