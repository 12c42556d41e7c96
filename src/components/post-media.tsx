import { localized } from '../../lib/localized.ts'
import type { PostMedia } from '../db/posts.ts'
import { usePageRequest } from '../request-context.tsx'

// Room for a video without its own size, so the page does not move when it loads.
const DEFAULT_VIDEO = { width: 1280, height: 720 }

/**
 * A post's videos and audio clips as the browser's own players, with captions. Each sits
 * in a `data-slot="player"` figure: the player island of a later release replaces it
 * and reads the same fields.
 */
export function PostMediaList({ media }: { media: PostMedia[] }) {
  const { lang } = usePageRequest()
  if (media.length === 0) return null
  return (
    <div className="post-media">
      {media.map((item) => {
        const title = localized(item.title, lang)
        const sources = (
          <>
            <source src={item.src} type={item.mime} />
            {item.captions?.map((caption) => (
              <track
                key={caption.src}
                kind="captions"
                src={caption.src}
                srcLang={caption.lang}
                label={caption.label}
                default={caption.lang === lang}
              />
            ))}
          </>
        )
        return (
          <figure key={item.src} className={`post-media-item post-media-${item.type}`} data-slot="player" data-media-type={item.type}>
            {item.type === 'video' ? (
              <video
                controls
                playsInline
                preload="metadata"
                poster={item.poster}
                width={item.width ?? DEFAULT_VIDEO.width}
                height={item.height ?? DEFAULT_VIDEO.height}
                aria-label={title}
              >
                {sources}
              </video>
            ) : (
              <audio controls preload="metadata" aria-label={title}>
                {sources}
              </audio>
            )}
            <figcaption>{title}</figcaption>
          </figure>
        )
      })}
    </div>
  )
}
