import { describe, expect, it } from 'vitest'
import { detectAudioVideoType } from '../../src/media/audio-video.ts'

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((ch) => ch.charCodeAt(0)) : part)))
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 2, 0])

describe('detectAudioVideoType', () => {
  it('knows MP3 by its ID3 tag or its first frame', () => {
    expect(detectAudioVideoType(bytes('ID3', [4, 0, 0]))).toBe('audio/mpeg')
    expect(detectAudioVideoType(bytes([0xff, 0xfb, 0x90, 0x00]))).toBe('audio/mpeg')
    // Layer I and II frames are not MP3.
    expect(detectAudioVideoType(bytes([0xff, 0xfe, 0x90, 0x00]))).toBeNull()
  })

  it('tells M4A from MP4 by the ftyp brand, and refuses QuickTime and HEIC', () => {
    expect(detectAudioVideoType(ftyp('M4A '))).toBe('audio/mp4')
    expect(detectAudioVideoType(ftyp('isom'))).toBe('video/mp4')
    expect(detectAudioVideoType(ftyp('mp42'))).toBe('video/mp4')
    expect(detectAudioVideoType(ftyp('qt  '))).toBeNull()
    expect(detectAudioVideoType(ftyp('heic'))).toBeNull()
  })

  it('knows Ogg and WebM, and refuses Matroska', () => {
    expect(detectAudioVideoType(bytes('OggS', [0, 2]))).toBe('audio/ogg')
    expect(detectAudioVideoType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).toBe('video/webm')
    expect(detectAudioVideoType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'))).toBeNull()
  })

  it('refuses text, images and nothing at all', () => {
    expect(detectAudioVideoType(bytes('<html>'))).toBeNull()
    expect(detectAudioVideoType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull()
    expect(detectAudioVideoType(new Uint8Array())).toBeNull()
  })
})
