// What an island can only know in the browser, read so that the first render matches the
// server's HTML (React uses the server snapshot while it hydrates, then the browser's).
import { useSyncExternalStore } from 'react'

const unchanging = () => () => undefined

/** False on the server and during hydration; true once the island runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(unchanging, () => true, () => false)
}

/** A fact about the browser (a feature it has), false on the server and during hydration. */
export function useBrowserFact(read: () => boolean): boolean {
  return useSyncExternalStore(unchanging, read, () => false)
}
