// The reader's player preferences (volume, mute, speed, captions, quality) kept across pages
// in localStorage by vidstack, read back through the spec's limits: what is stored is
// whatever a script or an older release put there, and vidstack hands a stored volume to the
// media element unchecked (a volume above 1 throws there). The stored quality is a height
// the player matches to the nearest one the next video offers (MediaPlayerView).
import { LocalMediaStorage, type SerializedVideoQuality, type Src } from '@vidstack/react'
import { clampSpeed, clampVolume, type SourceKind } from '../../lib/media-sources.ts'

/** One key for every player on the site, so a preference follows the reader from post to post. */
export const PLAYER_STORAGE_KEY = 'hadaf-player'

export class PlayerStorage extends LocalMediaStorage {
  readonly #kind: SourceKind

  constructor(kind: SourceKind) {
    super()
    this.#kind = kind
  }

  /** Vidstack names the saved preferences after the player's id; every player here shares one key. */
  override onChange(src: Src, mediaId: string | null): void {
    super.onChange(src, mediaId, PLAYER_STORAGE_KEY)
  }

  override async getVolume(): Promise<number | null> {
    const volume = await super.getVolume()
    return typeof volume === 'number' ? clampVolume(volume) : null
  }

  override async getPlaybackRate(): Promise<number | null> {
    const rate = await super.getPlaybackRate()
    return typeof rate === 'number' ? clampSpeed(this.#kind, rate) : null
  }

  /** Vidstack's own matching weighs bitrate too; the player picks by height itself instead. */
  override async getVideoQuality(): Promise<SerializedVideoQuality | null> {
    return null
  }

  /** The height of the quality the reader last chose, if it is a usable number. */
  async preferredHeight(): Promise<number | null> {
    const quality = await super.getVideoQuality()
    const height = quality?.height
    return typeof height === 'number' && Number.isFinite(height) && height > 0 ? height : null
  }
}
