import { describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE } from '../../lib/format.ts'
import { chooseTimeZone } from '../../src/http/time-zone.ts'

describe("the zone a reader's times are shown in", () => {
  it('is where Cloudflare places the reader, when no machine zone is named', () => {
    expect(chooseTimeZone('Asia/Tokyo', null)).toBe('Asia/Tokyo')
  })

  it("is the machine's in local development, whatever the stand-in request.cf says", () => {
    expect(chooseTimeZone('America/Chicago', 'Africa/Cairo')).toBe('Africa/Cairo')
  })

  it("is the site's own where none is known: no geolocation, or a machine zone that is empty or unknown", () => {
    expect(chooseTimeZone(undefined, null)).toBe(DEFAULT_TIME_ZONE)
    expect(chooseTimeZone('America/Chicago', '')).toBe(DEFAULT_TIME_ZONE)
    expect(chooseTimeZone('America/Chicago', 'Nowhere/Else')).toBe(DEFAULT_TIME_ZONE)
  })
})
