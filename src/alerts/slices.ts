// An event's audience in slices (decision 142): past a few hundred devices, one consumer
// invocation cannot reach them in seconds (it holds six connections at a time), so the event
// goes back on the queue as slices of devices by id, each sent by an invocation of its own.

/** Devices with ids in (after, through]; the last slice is open, so a device added since still hears. */
export interface AudienceSlice {
  after: number
  through: number | null
}

/** Consecutive slices of `size` devices over ids in ascending order; none for no ids. */
export function sliceAudience(ids: readonly number[], size: number): AudienceSlice[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`slice size ${size}`)
  const slices: AudienceSlice[] = []
  for (let start = 0; start < ids.length; start += size) {
    const end = start + size
    slices.push({ after: start === 0 ? ids[0]! - 1 : ids[start - 1]!, through: end >= ids.length ? null : ids[end - 1]! })
  }
  return slices
}
