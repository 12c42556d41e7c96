// The modal's results: the API asked ~200 ms after the visitor stops typing, the answer to
// an older query dropped when a newer one is on its way.
import { useEffect, useState } from 'react'
import type { Envelope } from '../../lib/envelope.ts'
import type { SearchResponse, SearchScope } from '../../lib/search-scopes.ts'

export const SEARCH_DEBOUNCE_MS = 200
/** Results per group in the modal; the search page shows more. */
const MODAL_LIMIT = 5

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; previous: SearchResponse | null }
  | { status: 'done'; response: SearchResponse }
  | { status: 'failed' }

/** The last answer and the request it answers. */
interface Answer {
  key: string
  response: SearchResponse | null
}

export function useSearch(query: string, type: SearchScope, lang: string): SearchState {
  const trimmed = query.trim()
  const key = new URLSearchParams({ q: trimmed, lang, type, limit: String(MODAL_LIMIT) }).toString()
  const [answer, setAnswer] = useState<Answer | null>(null)

  useEffect(() => {
    if (!trimmed) return
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/v1/search?${key}`, { headers: { 'accept-language': lang }, signal: controller.signal })
        const body = (await response.json()) as Envelope<SearchResponse>
        if (!response.ok || !body.data) throw new Error(body.message)
        setAnswer({ key, response: body.data })
      } catch (error) {
        if (controller.signal.aborted) return
        console.error('Search failed', error)
        setAnswer({ key, response: null })
      }
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [trimmed, key, lang])

  if (!trimmed) return { status: 'idle' }
  if (answer?.key !== key) return { status: 'loading', previous: answer?.response ?? null }
  return answer.response ? { status: 'done', response: answer.response } : { status: 'failed' }
}
