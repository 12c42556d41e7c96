// How the live desk console calls the live API: through the console page's own address,
// which adds the session (src/routes/desk/matches.tsx). The API answers in the page's
// language; a change it makes is said in a toast, a refusal is handed back to be shown.
import type { Envelope } from '../../lib/envelope.ts'
import { showToast } from '../show-toast.ts'

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/** Sends one change; true when it was made. */
export type Change = (method: Method, path: string, body?: unknown) => Promise<boolean>

/** Asks before a change: `run` goes only once the editor confirms. */
export type Ask = (question: string, run: () => Promise<boolean>) => void

/** What a call came to: its data, or why it was refused (message and field errors in one sentence). */
export type Outcome<T> = { ok: true; data: T } | { ok: false; reason: string }

export async function callConsole<T>(api: string, method: Method, path: string, body: unknown, offline: string): Promise<Outcome<T>> {
  let answer: Envelope<T>
  let status: number
  try {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    })
    status = response.status
    answer = (await response.json()) as Envelope<T>
  } catch {
    return { ok: false, reason: offline }
  }
  if (status >= 400) return { ok: false, reason: [answer.message, ...Object.values(answer.errors ?? {})].join(' ') }
  if (method !== 'GET') showToast({ type: 'success', message: answer.message })
  return { ok: true, data: answer.data as T }
}
