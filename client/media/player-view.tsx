// Vidstack's player with its default layout, as the media-player island swaps it in: every
// word through Lingui, speeds within the provider's range, a stop button, the reader's
// remembered volume, speed and quality read back within the spec's limits, and hls.js from
// our own bundle (vidstack would fetch it from a CDN, which the CSP forbids and offline
// machines cannot reach).
import '@vidstack/react/player/styles/default/theme.css'
import '@vidstack/react/player/styles/default/layouts/video.css'
import '@vidstack/react/player/styles/default/layouts/audio.css'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import {
  isHLSProvider,
  MediaPlayer,
  type MediaErrorDetail,
  type MediaPlayerInstance,
  MediaProvider,
  type MediaProviderAdapter,
  type MediaSrc,
  Poster,
  Track,
  useMediaRemote,
} from '@vidstack/react'
import { DefaultAudioLayout, defaultLayoutIcons, DefaultVideoLayout } from '@vidstack/react/player/layouts/default'
import { type MouseEvent, useEffect, useMemo, useRef } from 'react'
import { EMBED_TYPES, type MediaPlayerProps, type MediaSource, nearestQuality, PROVIDER_HOSTS, type SourceKind, speedOptions } from '../../lib/media-sources.ts'
import { PlayerStorage } from './player-storage.ts'
import { playerWords } from './player-words.ts'
import { logSetupError } from './setup-errors.ts'

/** Where the browser's own player was when vidstack took over. */
export interface Resume {
  time: number
  playing: boolean
}

export interface PlayerViewProps extends MediaPlayerProps {
  kind: SourceKind
  resume: Resume
}

// HTMLMediaElement's MEDIA_ERR_SRC_NOT_SUPPORTED: nothing in the list can play here.
const SRC_NOT_SUPPORTED = 4

function playerSources(kind: SourceKind, sources: MediaSource[]): MediaSrc[] {
  return sources.map(({ src, type, width, height }) => ({ src, type: EMBED_TYPES[kind] ?? type, width, height }) as MediaSrc)
}

/** Spec §4's stop: pause and go back to the start. */
function StopButton() {
  const remote = useMediaRemote()
  const { i18n } = useLingui()
  function stop(event: MouseEvent) {
    remote.pause(event.nativeEvent)
    remote.seek(0, event.nativeEvent)
  }
  return (
    <button type="button" className="vds-button media-player-stop" aria-label={i18n._(msg`Stop`)} onClick={stop}>
      <svg className="vds-icon" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="9" y="9" width="14" height="14" rx="2" fill="currentColor" />
      </svg>
    </button>
  )
}

export function PlayerView({ view, kind, sources, title, poster, captions, resume }: PlayerViewProps) {
  const { i18n } = useLingui()
  const player = useRef<MediaPlayerInstance>(null)
  const storage = useMemo(() => new PlayerStorage(kind), [kind])
  const words = useMemo(() => playerWords(i18n), [i18n])
  const src = useMemo(() => playerSources(kind, sources), [kind, sources])

  // Spec §8's "disabled by config": the page's CSP does not allow this provider's frame.
  useEffect(() => {
    if (kind !== 'youtube' && kind !== 'vimeo') return
    const hosts = PROVIDER_HOSTS[kind].frame
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (hosts.some((host) => event.blockedURI.startsWith(host))) logSetupError('disabled by config', event.blockedURI)
    }
    document.addEventListener('securitypolicyviolation', onViolation)
    return () => document.removeEventListener('securitypolicyviolation', onViolation)
  }, [kind])

  function onProviderChange(provider: MediaProviderAdapter | null) {
    // The light build: no alternate audio, subtitles in the stream or DRM, which our streams do not use.
    if (isHLSProvider(provider)) provider.library = () => import('hls.js/light')
  }

  // Spec §5: a quality the reader chose before that this media lacks falls back to the nearest.
  async function onCanPlay() {
    const qualities = player.current?.qualities.toArray() ?? []
    const wanted = await storage.preferredHeight()
    if (wanted === null || qualities.length === 0) return
    const height = nearestQuality(
      qualities.map((quality) => quality.height),
      wanted,
    )
    const nearest = qualities.find((quality) => quality.height === height)
    if (nearest && !nearest.selected) nearest.selected = true
  }

  // Vidstack keeps a finished clip "ended" when the reader seeks back (vidstack/player#1348:
  // its check reads the time it pins to the end while ended), so the play button stayed a
  // replay button and the clock read the end after Stop or a click on the timeline.
  function onSeeked(time: number) {
    const state = player.current?.$state
    if (state?.ended() && Math.floor(time) !== Math.floor(state.seekableEnd())) state.ended.set(false)
  }

  function onError(detail: MediaErrorDetail) {
    if (detail.code === SRC_NOT_SUPPORTED) logSetupError('no support', detail)
    else console.error('Media player error', detail)
  }

  const layout = { icons: defaultLayoutIcons, translations: words, playbackRates: speedOptions(kind), noAudioGain: true }
  // Google Cast needs Google's sender script, which the CSP keeps out. The small video layout
  // has one big play button in the middle; its stop button sits with the bottom controls.
  const stop = <StopButton />
  const videoSlots = { googleCastButton: null, largeLayout: { afterPlayButton: stop }, smallLayout: { beforeFullscreenButton: stop } }
  return (
    <MediaPlayer
      ref={player}
      className="media-player-view"
      src={src}
      viewType={view}
      title={title}
      ariaLabel={view === 'video' ? i18n._(msg`Video player: ${title}`) : i18n._(msg`Audio player: ${title}`)}
      playsInline
      storage={storage}
      currentTime={resume.time}
      autoPlay={resume.playing}
      onProviderChange={onProviderChange}
      onCanPlay={onCanPlay}
      onSeeked={onSeeked}
      onError={onError}
      onHlsUnsupported={(event) => logSetupError('no support', event)}
      onHlsLibLoadError={(error) => logSetupError('invalid provider', error)}
    >
      <MediaProvider>
        {poster && view === 'video' ? <Poster className="vds-poster" src={poster} alt={title} /> : null}
        {captions.map((caption) => (
          <Track key={caption.src} kind="captions" src={caption.src} lang={caption.lang} label={caption.label} default={caption.lang === i18n.locale} />
        ))}
      </MediaProvider>
      {view === 'video' ? (
        <DefaultVideoLayout {...layout} slots={videoSlots} />
      ) : (
        <DefaultAudioLayout {...layout} slots={{ googleCastButton: null, afterPlayButton: stop }} />
      )}
    </MediaPlayer>
  )
}
