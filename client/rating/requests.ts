// The rating island's requests to the server's rating routes (src/routes/ratings.ts): the
// same form the page posts without JavaScript, asking for JSON, and the reader's own rating.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export interface RatingAnswer {
  /** The HTTP status; 0 when no readable answer came back. */
  status: number
  message: string
  data?: { signedIn?: boolean; average?: number; count?: number; value?: number | null }
}

const NO_ANSWER = msg`We could not reach Hadaf. Please check your connection and try again.`

/** GET `url`, or POST `form` to it; offline or an answer that is not ours is status 0 with a message that says so. */
export async function send(url: string, i18n: I18n, form?: FormData): Promise<RatingAnswer> {
  try {
    const res = await fetch(url, { method: form ? 'POST' : 'GET', headers: { accept: 'application/json' }, body: form })
    const body = (await res.json()) as RatingAnswer
    if (typeof body.message === 'string') return { ...body, status: res.status }
  } catch {
    // Offline, or not JSON: answered below.
  }
  return { status: 0, message: i18n._(NO_ANSWER) }
}
