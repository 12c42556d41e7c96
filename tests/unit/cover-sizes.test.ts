import { describe, expect, it } from 'vitest'
import { COVER_WIDTHS, coverSrcset, coverWidths, widestVariant } from '../../src/media/cover-sizes.ts'

describe('coverWidths', () => {
  it('makes every width for an image wider than the widest', () => {
    expect(coverWidths(4032)).toEqual([...COVER_WIDTHS])
    expect(coverWidths(1281)).toEqual([320, 640, 960, 1280])
  })

  it('stops at the image’s own width and never enlarges it', () => {
    expect(coverWidths(1280)).toEqual([320, 640, 960, 1280])
    expect(coverWidths(1000)).toEqual([320, 640, 960, 1000])
    expect(coverWidths(640)).toEqual([320, 640])
    expect(coverWidths(200)).toEqual([200])
  })
})

describe('coverSrcset', () => {
  it('lists the variants narrowest first with their widths', () => {
    const variants = [
      { src: '/media/covers/b.webp', width: 640, height: 360 },
      { src: '/media/covers/a.webp', width: 320, height: 180 },
    ]
    expect(coverSrcset(variants)).toBe('/media/covers/a.webp 320w, /media/covers/b.webp 640w')
    expect(widestVariant(variants)?.width).toBe(640)
    expect(widestVariant([])).toBeNull()
  })
})
