import { describe, expect, it } from 'vitest'
import {
  clampSpeed,
  clampVolume,
  embedsOf,
  INVALID_SOURCE,
  InvalidSourceError,
  nearestQuality,
  sourceKind,
  sourcesKind,
  speedOptions,
  suitsView,
  validateSources,
  vimeoId,
  youTubeId,
} from '../../lib/media-sources.ts'

const mp4 = { src: '/media/posts/final.mp4', type: 'video/mp4', width: 1280, height: 720 }

describe('media sources (spec §5, §8)', () => {
  it('an empty, missing or malformed list is "Invalid source format"', () => {
    for (const list of [[], undefined, null, 'x.mp4', {}, [{}], [{ src: 1, type: 'video/mp4' }], [{ ...mp4, width: 0 }], [{ ...mp4, height: 1.5 }]]) {
      expect(() => validateSources(list)).toThrow(InvalidSourceError)
      expect(() => validateSources(list)).toThrow(INVALID_SOURCE)
    }
    expect(INVALID_SOURCE).toBe('Invalid source format')
  })

  it('a list of files and streams passes as it is; an unsupported one or an embed among others does not', () => {
    expect(validateSources([mp4])).toEqual([mp4])
    const stream = { src: '/media/hls/final.m3u8', type: 'application/vnd.apple.mpegurl' }
    expect(sourcesKind(validateSources([stream, mp4]))).toBe('hls')
    expect(sourcesKind(validateSources([mp4, stream]))).toBe('file')
    expect(() => validateSources([{ src: '/a.txt', type: 'text/plain' }])).toThrow(INVALID_SOURCE)
    expect(() => validateSources([mp4, { src: 'https://youtu.be/dQw4w9WgXcQ', type: 'video/youtube' }])).toThrow(INVALID_SOURCE)
  })

  it('tells files, HLS, YouTube and Vimeo apart', () => {
    expect(sourceKind(mp4)).toBe('file')
    expect(sourceKind({ src: '/media/a.mp3', type: 'audio/mpeg' })).toBe('file')
    expect(sourceKind({ src: '/media/hls/final.m3u8', type: 'application/vnd.apple.mpegurl' })).toBe('hls')
    expect(sourceKind({ src: 'https://cdn.example/live/index.M3U8?token=1', type: 'video/mp4' })).toBe('hls')
    expect(sourceKind({ src: '/stream', type: 'application/x-mpegURL' })).toBe('hls')
    expect(sourceKind({ src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', type: 'video/youtube' })).toBe('youtube')
    expect(sourceKind({ src: 'https://vimeo.com/76979871', type: 'video/vimeo' })).toBe('vimeo')
  })

  it('refuses addresses that are not a site path or https', () => {
    for (const src of ['http://example.com/a.mp4', 'javascript:alert(1)//.mp4', 'data:video/mp4;base64,AA', '//evil.example/a.mp4', 'https://', 'a.mp4']) {
      expect(sourceKind({ src, type: 'video/mp4' })).toBeNull()
    }
  })

  it('reads YouTube and Vimeo ids only from their own hosts', () => {
    expect(youTubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(youTubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(youTubeId('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(youTubeId('https://www.youtube.com/watch?v=short')).toBeNull()
    expect(youTubeId('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull()
    expect(youTubeId('http://youtu.be/dQw4w9WgXcQ')).toBeNull()
    expect(vimeoId('https://player.vimeo.com/video/76979871')).toBe('76979871')
    expect(vimeoId('https://vimeo.com/channels/staffpicks')).toBeNull()
    expect(vimeoId('https://vimeo.example/76979871')).toBeNull()
  })
})

describe('setup checks (spec §8)', () => {
  it('find no suitable element for an embedded video in an audio player', () => {
    expect([suitsView('youtube', 'audio'), suitsView('vimeo', 'audio')]).toEqual([false, false])
    expect([suitsView('file', 'audio'), suitsView('hls', 'audio'), suitsView('youtube', 'video')]).toEqual([true, true, true])
  })
})

describe('playback limits (spec §5, §9)', () => {
  it('clamp the volume to 0..1', () => {
    expect([clampVolume(-0.5), clampVolume(0.4), clampVolume(3), clampVolume(Number.POSITIVE_INFINITY)]).toEqual([0, 0.4, 1, 1])
    expect(clampVolume(Number.NaN)).toBe(1)
  })

  it('clamp the speed to the provider’s range', () => {
    expect([clampSpeed('file', 0.01), clampSpeed('file', 20), clampSpeed('hls', 3)]).toEqual([0.0625, 16, 3])
    expect([clampSpeed('vimeo', 0.25), clampSpeed('vimeo', 3)]).toEqual([0.5, 2])
    expect([clampSpeed('youtube', 0.1), clampSpeed('youtube', 4)]).toEqual([0.25, 2])
    expect(clampSpeed('file', Number.NaN)).toBe(1)
  })

  it('offer only speeds within the provider’s range', () => {
    expect(speedOptions('vimeo')).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2])
    expect(speedOptions('youtube')).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2])
    expect(speedOptions('file')).toContain(4)
  })

  it('fall back to the nearest available quality', () => {
    expect(nearestQuality([360, 720], 1080)).toBe(720)
    expect(nearestQuality([360, 720], 480)).toBe(360)
    expect(nearestQuality([360, 720], 720)).toBe(720)
    expect(nearestQuality([240, 480], 360)).toBe(480)
    expect(nearestQuality([Number.NaN, 0, 480], 1080)).toBe(480)
    expect(nearestQuality([], 720)).toBeNull()
  })
})

describe('embeds a page must allow', () => {
  it('names each provider once, from a main source or an alternative, and none for files and HLS', () => {
    expect(embedsOf([{ src: '/media/posts/a.mp4', mime: 'video/mp4', sources: [{ src: '/media/posts/a.m3u8', mime: 'application/x-mpegURL' }] }])).toEqual([])
    expect(
      embedsOf([
        { src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', mime: 'video/youtube' },
        { src: '/media/posts/b.mp4', mime: 'video/mp4', sources: [{ src: 'https://vimeo.com/76979871', mime: 'video/vimeo' }] },
        { src: 'https://youtu.be/dQw4w9WgXcQ', mime: 'video/youtube' },
      ]).sort(),
    ).toEqual(['vimeo', 'youtube'])
  })
})
