import { describe, expect, it } from 'vitest'
import { sliceAudience } from '../../src/alerts/slices.ts'

describe('sliceAudience', () => {
  it('cuts ascending ids into slices that cover each id once, the last one open', () => {
    const ids = [3, 4, 9, 10, 11, 40, 41]
    const slices = sliceAudience(ids, 3)
    expect(slices).toEqual([
      { after: 2, through: 9 },
      { after: 9, through: 40 },
      { after: 40, through: null },
    ])
    const inSlice = (id: number, { after, through }: (typeof slices)[number]) => id > after && (through === null || id <= through)
    for (const id of ids) expect(slices.filter((slice) => inSlice(id, slice))).toHaveLength(1)
  })

  it('gives one open slice for an audience that fits, and none for no one', () => {
    expect(sliceAudience([7, 8], 200)).toEqual([{ after: 6, through: null }])
    expect(sliceAudience([], 200)).toEqual([])
  })

  it('refuses a size that would never end', () => {
    expect(() => sliceAudience([1], 0)).toThrow(RangeError)
  })
})
