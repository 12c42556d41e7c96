// What a search result shows, on the no-JavaScript page and in the modal alike: its image,
// its title (in <bdi>: names mix scripts) and a line of detail.
import type { SearchResult } from '../../lib/search-scopes.ts'

export function SearchResultBody({ result }: { result: SearchResult }) {
  return (
    <>
      <img className="search-result-image" src={result.image} alt="" width="40" height="40" loading="lazy" decoding="async" />
      <span className="search-result-text">
        <bdi className="search-result-title">{result.title}</bdi>
        {result.subtitle ? <bdi className="search-result-subtitle">{result.subtitle}</bdi> : null}
      </span>
    </>
  )
}
