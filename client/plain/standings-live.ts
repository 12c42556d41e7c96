// A table as it stands, kept current while its matches are in play. When one of their scores
// or statuses changes, the page is fetched again and the table swapped for its new self: the
// server alone orders tables, under each competition's rules, so the browser carries neither
// the rules nor a second drawing of the table. After full time the swap brings the final
// order, without the provisional mark or this script's marker (decision 097).
import type { StandingsLiveProps } from '../live/live-parts.tsx'
import { matchFeed } from '../live/match-feed.ts'

/** Every table on a page; a page renders them in the same order every time. */
const TABLES = '[data-standings]'

const tableAt = (doc: Document, index: number) => doc.querySelectorAll(TABLES)[index]

export default function wake(marker: HTMLElement, { matches }: StandingsLiveProps): void {
  const index = [...document.querySelectorAll(TABLES)].findIndex((table) => table.contains(marker))
  if (index < 0) return
  const feeds = matches.map(({ matchId, kickoff, snapshot }) => matchFeed(matchId, kickoff, snapshot))
  // What moves the table: each match's score and whether it is still in play, not its minute.
  const standing = () => JSON.stringify(feeds.map(({ current: { snapshot } }) => [snapshot.status, snapshot.ft]))
  let shown = standing()
  let fetching = false

  const swap = async () => {
    const url = new URL(location.href)
    // The matches' versions make a new address for each state, so no copy cached before the
    // change answers, and the same address for every reader, so the edge serves them one render.
    url.searchParams.set('live', feeds.map(({ current }) => current.snapshot.version).join('.'))
    const res = await fetch(url, { headers: { accept: 'text/html' } })
    if (!res.ok) throw new Error(`table: ${res.status}`)
    const fresh = tableAt(new DOMParser().parseFromString(await res.text(), 'text/html'), index)
    if (fresh) tableAt(document, index)?.replaceWith(document.adoptNode(fresh))
  }

  const refresh = async () => {
    if (fetching) return
    fetching = true
    try {
      // A change that arrives during a fetch is fetched again when that one is in.
      while (standing() !== shown) {
        const next = standing()
        await swap()
        shown = next
      }
    } catch {
      // Offline for a moment: the feed catches up on reconnect, and its next change retries.
    } finally {
      fetching = false
    }
  }

  for (const feed of feeds) feed.subscribe(() => void refresh())
}
