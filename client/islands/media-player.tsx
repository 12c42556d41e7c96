// The media player of posts and match pages (spec §4, §5, §8, §9). The server renders the
// browser's own <video> or <audio> with every source and caption track, so a reader without
// JavaScript can play it (a YouTube or Vimeo video is a link to it instead). Once the island
// hydrates it loads vidstack (client/media/player-view.tsx, its own chunk) and swaps it in
// within the same box, whose aspect ratio the server fixed, so nothing on the page moves.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { type ComponentType, type RefObject, useEffect, useRef, useState } from 'react'
import {
  INVALID_SOURCE,
  type MediaPlayerProps,
  type MediaSource,
  type SetupError,
  type SourceKind,
  sourceKind,
  sourcesKind,
  suitsView,
  validateSources,
} from '../../lib/media-sources.ts'
import { logSetupError } from '../media/setup-errors.ts'
import type { PlayerViewProps, Resume } from '../media/player-view.tsx'

type Checked = { kind: SourceKind; sources: MediaSource[] } | { error: 'empty' | SetupError }

/** The list's provider, or why there is none: an empty list, or spec §8's setup errors. */
function check(view: MediaPlayerProps['view'], list: unknown): Checked {
  try {
    const sources = validateSources(list)
    const kind = sourcesKind(sources)
    return suitsView(kind, view) ? { kind, sources } : { error: 'no suitable element' }
  } catch {
    return { error: Array.isArray(list) && list.length > 0 ? 'unsupported type' : 'empty' }
  }
}

// Arabic writes the brands in its own script (يوتيوب, فيميو).
const PROVIDER_NAMES: Partial<Record<SourceKind, MessageDescriptor>> = { youtube: msg`YouTube`, vimeo: msg`Vimeo` }

/** What plays before vidstack has loaded, and for readers without JavaScript. */
function NativeMedia({ view, sources, kind, title, poster, captions, mediaRef }: MediaPlayerProps & { kind: SourceKind; mediaRef: RefObject<HTMLMediaElement | null> }) {
  const { i18n } = useLingui()
  const name = PROVIDER_NAMES[kind]
  if (name) {
    const provider = i18n._(name)
    const src = sources[0]!.src
    return (
      <a className="media-player-link" href={src} style={poster ? { backgroundImage: `url(${JSON.stringify(poster)})` } : undefined}>
        <span>
          <Trans>
            Watch “{title}” on {provider}
          </Trans>
        </span>
      </a>
    )
  }
  const children = (
    <>
      {sources
        .filter((source) => sourceKind(source) === 'file' || sourceKind(source) === 'hls')
        .map((source) => (
          <source key={source.src} src={source.src} type={source.type} />
        ))}
      {captions.map((caption) => (
        <track key={caption.src} kind="captions" src={caption.src} srcLang={caption.lang} label={caption.label} default={caption.lang === i18n.locale} />
      ))}
    </>
  )
  return view === 'video' ? (
    <video ref={mediaRef as RefObject<HTMLVideoElement>} controls playsInline preload="metadata" poster={poster} aria-label={title}>
      {children}
    </video>
  ) : (
    <audio ref={mediaRef as RefObject<HTMLAudioElement>} controls preload="metadata" aria-label={title}>
      {children}
    </audio>
  )
}

export default function MediaPlayer(props: MediaPlayerProps) {
  const { view, sources, width, height } = props
  const checked = check(view, sources)
  const kind = 'kind' in checked ? checked.kind : null
  const problem = 'error' in checked ? checked.error : null
  const native = useRef<HTMLMediaElement>(null)
  const [player, setPlayer] = useState<{ View: ComponentType<PlayerViewProps>; resume: Resume }>()

  useEffect(() => {
    if (problem) {
      if (problem === 'empty') console.error(`Media player: ${INVALID_SOURCE}`)
      else logSetupError(problem, sources)
      return
    }
    // Effects never run in the worker; saying so keeps vidstack out of the worker's bundle.
    if (import.meta.env.SSR) return
    let live = true
    void import('../media/player-view.tsx').then(({ PlayerView }) => {
      if (!live) return
      // A reader who started the browser's player before vidstack arrived carries on where they were.
      const element = native.current
      const resume = { time: element?.currentTime ?? 0, playing: element ? !element.paused : false }
      element?.pause()
      setPlayer({ View: PlayerView, resume })
    })
    return () => {
      live = false
    }
    // Props never change after hydration; the check is derived from them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const box = { aspectRatio: view === 'video' ? `${width} / ${height}` : undefined }
  if (!kind) {
    return (
      <div className="media-player media-player-invalid" data-view={view} style={box}>
        <p>
          <Trans>Invalid source format</Trans>
        </p>
      </div>
    )
  }
  return (
    <div className="media-player" data-view={view} data-kind={kind} data-ready={player ? '' : undefined} style={box}>
      {player ? <player.View {...props} kind={kind} resume={player.resume} /> : <NativeMedia {...props} kind={kind} mediaRef={native} />}
    </div>
  )
}
