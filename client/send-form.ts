// An island's request to the server's form routes: the same form the page posts without
// JavaScript, asking for JSON (src/http/form-answers.ts), or a GET of what the island reads.
// The rating island (src/routes/ratings.ts) and the follow button (src/routes/follows.ts) use it.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export interface FormAnswer<D> {
  /** The HTTP status; 0 when no readable answer came back. */
  status: number
  message: string
  data?: D
  /** Where to go instead, such as the login page for a guest. */
  redirect?: string
}

const NO_ANSWER = msg`We could not reach Hadaf. Please check your connection and try again.`

/** GET `url`, or POST `form` to it; offline or an answer that is not ours is status 0 with a message that says so. */
export async function send<D>(url: string, i18n: I18n, form?: FormData): Promise<FormAnswer<D>> {
  try {
    const res = await fetch(url, { method: form ? 'POST' : 'GET', headers: { accept: 'application/json' }, body: form })
    const body = (await res.json()) as FormAnswer<D>
    if (typeof body.message === 'string') return { ...body, status: res.status }
  } catch {
    // Offline, or not JSON: answered below.
  }
  return { status: 0, message: i18n._(NO_ANSWER) }
}
