// Media player rules (spec §5, §8, §9), shared by the server, which renders a post's media
// and widens the CSP for the providers a page embeds, and the player island: what kind of
// source a URL is, the provider's speed range, volume and speed clamping, and the nearest
// quality when the one asked for is not offered.

/** Spec §5 and §8: the wording when a player is given no usable source. */
export const INVALID_SOURCE = 'Invalid source format'

export class InvalidSourceError extends Error {
  constructor() {
    super(INVALID_SOURCE)
    this.name = 'InvalidSourceError'
  }
}

/** One source of a player: an address and its media type, and for a video file its frame size. */
export interface MediaSource {
  src: string
  type: string
  width?: number
  height?: number
}

/**
 * A file the browser plays itself, an HLS stream (hls.js, or the browser where it has
 * HLS), or a video embedded from YouTube or Vimeo in their iframe players.
 */
export type SourceKind = 'file' | 'hls' | 'youtube' | 'vimeo'

// RFC 8216's type and the older one servers still send; vidstack knows both.
const HLS_TYPES = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl'])
const FILE_TYPE = /^(video|audio)\/[\w.+-]+$/
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com'])
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'])
const YOUTUBE_ID = /^[\w-]{11}$/
const VIMEO_ID = /^\d{1,12}$/

/** A site path ('/media/…') or an https URL; everything else (http:, javascript:, data:) is refused. */
function parseAddress(src: string): URL | null {
  if (/^\/(?!\/)/.test(src)) return new URL(src, 'https://site.invalid')
  if (!src.startsWith('https://')) return null
  try {
    return new URL(src)
  } catch {
    return null
  }
}

/** The video id of a YouTube watch, short, embed or shorts address; null for anything else. */
export function youTubeId(src: string): string | null {
  const url = parseAddress(src)
  if (!url || !YOUTUBE_HOSTS.has(url.hostname)) return null
  const path = url.pathname.split('/').filter(Boolean)
  const id = url.hostname === 'youtu.be' ? path[0] : path[0] === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts'].includes(path[0] ?? '') ? path[1] : null
  return id && YOUTUBE_ID.test(id) ? id : null
}

/** The video id of a vimeo.com or player.vimeo.com address; null for anything else. */
export function vimeoId(src: string): string | null {
  const url = parseAddress(src)
  if (!url || !VIMEO_HOSTS.has(url.hostname)) return null
  const path = url.pathname.split('/').filter(Boolean)
  const id = url.hostname === 'player.vimeo.com' ? (path[0] === 'video' ? path[1] : null) : path[0]
  return id && VIMEO_ID.test(id) ? id : null
}

/**
 * What plays a source, or null when nothing here can (spec §8's "unsupported type"): the
 * address decides for YouTube and Vimeo, the media type or a .m3u8 path for HLS, and a
 * video/* or audio/* type for a file.
 */
export function sourceKind(source: MediaSource): SourceKind | null {
  const url = parseAddress(source.src)
  if (!url) return null
  if (youTubeId(source.src)) return 'youtube'
  if (vimeoId(source.src)) return 'vimeo'
  const type = source.type.toLowerCase()
  if (HLS_TYPES.has(type) || url.pathname.toLowerCase().endsWith('.m3u8')) return 'hls'
  return FILE_TYPE.test(type) ? 'file' : null
}

function isSource(value: unknown): value is MediaSource {
  if (typeof value !== 'object' || value === null) return false
  const { src, type, width, height } = value as Record<string, unknown>
  const size = (n: unknown) => n === undefined || (Number.isInteger(n) && (n as number) > 0)
  return typeof src === 'string' && typeof type === 'string' && size(width) && size(height)
}

/**
 * Spec §5: a player needs a non-empty list of sources, else "Invalid source format". A list
 * whose entries are not all well-formed, playable sources is invalid too. Files and HLS may
 * mix (one media element tries them in turn: a stream, then a plain file where the browser
 * has no HLS), but a YouTube or Vimeo video is the list's only kind: it has a player of its own.
 */
export function validateSources(list: unknown): MediaSource[] {
  if (!Array.isArray(list) || list.length === 0 || !list.every(isSource)) throw new InvalidSourceError()
  const kinds = new Set(list.map(sourceKind))
  if (kinds.has(null)) throw new InvalidSourceError()
  if ((kinds.has('youtube') || kinds.has('vimeo')) && kinds.size > 1) throw new InvalidSourceError()
  return list
}

/** The kind of an already validated list: its first, preferred source's. */
export function sourcesKind(sources: MediaSource[]): SourceKind {
  return sourceKind(sources[0]!)!
}

/**
 * Spec §9: playback speed 0.0625 to 16 (the range browsers allow), Vimeo 0.5 to 2, and
 * YouTube per its options, which its player lists as 0.25 to 2.
 */
export const SPEED_RANGE: Record<SourceKind, { min: number; max: number }> = {
  file: { min: 0.0625, max: 16 },
  hls: { min: 0.0625, max: 16 },
  youtube: { min: 0.25, max: 2 },
  vimeo: { min: 0.5, max: 2 },
}

// The speeds a menu offers, before the provider's range cuts them down.
const MENU_SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 3, 4]

/** Spec §5: a speed clamped to the provider's range; anything not a number is normal speed. */
export function clampSpeed(kind: SourceKind, rate: number): number {
  if (!Number.isFinite(rate)) return 1
  const { min, max } = SPEED_RANGE[kind]
  return Math.min(Math.max(rate, min), max)
}

/** The speed menu's choices for a provider: the usual steps within its range. */
export function speedOptions(kind: SourceKind): number[] {
  const { min, max } = SPEED_RANGE[kind]
  return MENU_SPEEDS.filter((rate) => rate >= min && rate <= max)
}

/** Spec §5: volume clamped to 0..1; anything not a number is full volume. */
export function clampVolume(volume: number): number {
  if (Number.isNaN(volume)) return 1
  return Math.min(Math.max(volume, 0), 1)
}

/**
 * Spec §5: an unsupported quality falls back to the nearest available. Qualities are frame
 * heights (720 for 720p); between two equally near, the higher wins. Null when none is offered.
 */
export function nearestQuality(available: readonly number[], wanted: number): number | null {
  let best: number | null = null
  for (const height of available) {
    if (!Number.isFinite(height) || height <= 0) continue
    const distance = Math.abs(height - wanted)
    const bestDistance = best === null ? Infinity : Math.abs(best - wanted)
    if (distance < bestDistance || (distance === bestDistance && best !== null && height > best)) best = height
  }
  return best
}

/** Spec §8's player setup errors: logged to the console, never shown to the reader. */
export type SetupError = 'invalid provider' | 'unsupported type' | 'no support' | 'disabled by config' | 'no suitable element'

/** An embedded player shows pictures, so an audio item has no element to play YouTube or Vimeo in. */
export function suitsView(kind: SourceKind, view: 'video' | 'audio'): boolean {
  return view === 'video' || kind === 'file' || kind === 'hls'
}

/** The types vidstack picks its YouTube and Vimeo providers by, whatever type the content gives. */
export const EMBED_TYPES: Partial<Record<SourceKind, string>> = { youtube: 'video/youtube', vimeo: 'video/vimeo' }

/** What each embedded provider needs in the CSP: its player frame and the poster images it fetches. */
export const PROVIDER_HOSTS: Record<'youtube' | 'vimeo', { frame: string[]; img: string[]; connect: string[] }> = {
  // Vidstack embeds youtube-nocookie.com unless told to use cookies, and probes (fetch) then
  // shows a poster from i.ytimg.com.
  youtube: { frame: ['https://www.youtube-nocookie.com'], img: ['https://i.ytimg.com'], connect: ['https://i.ytimg.com'] },
  // Vidstack asks Vimeo's oEmbed endpoint for the poster, which lives on i.vimeocdn.com.
  vimeo: { frame: ['https://player.vimeo.com'], img: ['https://i.vimeocdn.com'], connect: ['https://vimeo.com'] },
}

export type MediaEmbed = keyof typeof PROVIDER_HOSTS

/** The embedded providers that media with these sources plays from (a page's CSP allows them). */
export function embedsOf(media: { src: string; mime: string; sources?: { src: string; mime: string }[] }[]): MediaEmbed[] {
  const embeds = new Set<MediaEmbed>()
  for (const item of media) {
    for (const { src, mime } of [item, ...(item.sources ?? [])]) {
      const kind = sourceKind({ src, type: mime })
      if (kind === 'youtube' || kind === 'vimeo') embeds.add(kind)
    }
  }
  return [...embeds]
}

/** What the server hands the media player island (client/islands/media-player.tsx). */
export interface MediaCaptionTrack {
  src: string
  lang: string
  label: string
}

export interface MediaPlayerProps {
  view: 'video' | 'audio'
  sources: MediaSource[]
  title: string
  poster?: string
  /** The frame's size: it fixes the box's aspect ratio before anything has loaded. */
  width: number
  height: number
  captions: MediaCaptionTrack[]
}
