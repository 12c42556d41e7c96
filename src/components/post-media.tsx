import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import type { MediaPlayerProps } from '../../lib/media-sources.ts'
import { type MediaSource, sourceKind } from '../../lib/media-sources.ts'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import type { PostMedia } from '../db/posts.ts'
import { usePageRequest } from '../request-context.tsx'
import { Island } from './island.tsx'

// Room for a video without its own size, so the page does not move when it loads.
const DEFAULT_VIDEO = { width: 1280, height: 720 }

/**
 * A media item's sources in order of preference. A file gives its frame size, which lets the
 * player offer the sizes as qualities; an HLS stream's qualities come from its playlist.
 */
function itemSources(item: PostMedia): MediaSource[] {
  const main = { src: item.src, mime: item.mime, width: item.width, height: item.height }
  return [main, ...(item.sources ?? [])].map(({ src, mime, width, height }) => {
    const source = { src, type: mime }
    return sourceKind(source) === 'file' && item.type === 'video' && width && height ? { ...source, width, height } : source
  })
}

/** The media-player island's props for one item, in the page's language. */
export function playerProps(item: PostMedia, lang: Locale): MediaPlayerProps {
  return {
    view: item.type,
    sources: itemSources(item),
    title: localized(item.title, lang),
    poster: item.poster,
    width: item.width ?? DEFAULT_VIDEO.width,
    height: item.height ?? DEFAULT_VIDEO.height,
    captions: (item.captions ?? []).map(({ src, lang, label }) => ({ src, lang, label })),
  }
}

/**
 * A post's (or a match's) videos and audio clips, each in the media-player island inside a
 * `data-slot="player"` figure. The island's server render is the browser's own player with
 * every source and caption, so the media plays without JavaScript; vidstack takes over when
 * the reader scrolls a player with a poster into view, or at the first touch of a player. A page without media renders nothing and so ships no player.
 */
export function PostMediaList({ media }: { media: PostMedia[] }) {
  const { lang } = usePageRequest()
  if (media.length === 0) return null
  return (
    <div className="post-media">
      {media.map((item) => {
        const props = playerProps(item, lang)
        return (
          <figure key={item.src} className={`post-media-item post-media-${item.type}`} data-slot="player" data-media-type={item.type}>
            <Island name="media-player" props={props} hydrate={props.poster ? 'visible' : 'interaction'} />
            <figcaption>{props.title}</figcaption>
          </figure>
        )
      })}
    </div>
  )
}

/** The match page's videos and audio: the media of the posts about the match. */
export function MatchMedia({ media }: { media: PostMedia[] }) {
  const titleId = useId()
  if (media.length === 0) return null
  return (
    <section className="match-media" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>Video and audio</Trans>
      </h2>
      <PostMediaList media={media} />
    </section>
  )
}
