import { Trans, useLingui } from '@lingui/react/macro'
import { localized } from '../../lib/localized.ts'
import type { PostDetail } from '../db/posts.ts'
import { COVER_SIZES } from '../media/cover-sizes.ts'
import { LICENCE_NAMES } from '../media/licences.ts'
import { usePageRequest } from '../request-context.tsx'

/**
 * A post page's cover, the first thing on screen (loaded at once). A library cover comes in
 * its WebP widths with its alt text in the page's language and its credit and licence below
 * it (decision 085); a seed post's cover is the file it names.
 */
export function PostHero({ post }: { post: PostDetail }) {
  const { lang } = usePageRequest()
  const { i18n } = useLingui()
  const library = post.libraryCover
  if (library) {
    const credit = library.credit
    const licence = i18n._(LICENCE_NAMES[library.licence])
    return (
      <figure className="post-hero">
        <img
          className="post-cover"
          src={library.src}
          srcSet={library.srcset}
          sizes={COVER_SIZES.hero}
          alt={localized(library.alt, lang)}
          width={library.width}
          height={library.height}
          decoding="async"
          fetchPriority="high"
        />
        <figcaption className="post-hero-credit">
          <Trans>
            Photo: <bdi>{credit}</bdi> ({licence})
          </Trans>
        </figcaption>
      </figure>
    )
  }
  if (!post.cover) return null
  return (
    <img
      className="post-cover"
      src={post.cover.src}
      alt={localized(post.cover.alt, lang)}
      width={post.cover.width ?? undefined}
      height={post.cover.height ?? undefined}
      decoding="async"
      fetchPriority="high"
    />
  )
}
