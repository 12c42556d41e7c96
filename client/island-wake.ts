// Waking an island before its interaction comes: the entry (client/entry.ts) handles an
// island's data-wake shortcuts and clicks from the first moment, marks the marker
// data-woken and fires WAKE_EVENT on it; the island, once hydrated, acts on both.
export const WAKE_EVENT = 'island:wake'

/** Calls `onWake` now if the marker was woken before the island ran, then on each wake. */
export function whenWoken(marker: HTMLElement, onWake: () => void): () => void {
  const wake = () => {
    delete marker.dataset.woken
    onWake()
  }
  if (marker.dataset.woken !== undefined) wake()
  marker.addEventListener(WAKE_EVENT, wake)
  return () => marker.removeEventListener(WAKE_EVENT, wake)
}
