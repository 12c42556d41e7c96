// The worker's calls to its own /api/v1 (src/http/api-client.ts): an API that answers out of
// contract is "try again later" in the caller's words, so a desk form never speaks of the
// sign-in service.
import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/app.tsx'
import { callDeskApi, deskAnswer } from '../../src/desk/desk-calls.ts'
import { ORIGIN } from './helpers.ts'

/** The worker, with a probe route whose desk call reaches an API answering an HTML 502. */
async function deskFormAgainstBrokenApi(lang: 'ar' | 'en'): Promise<Response> {
  const app = createApp()
  app.post('/:lang/probe/desk-form', async (c) => {
    c.set('inProcessApi', () => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }))
    const answer = await callDeskApi(c, 'POST', 'posts', { title: 'x' })
    return deskAnswer(c, answer, { to: '/', flash: { type: 'success', key: 'deskSaved' }, show: () => Promise.resolve(c.text('page')) })
  })
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(`${ORIGIN}/${lang}/probe/desk-form`, { method: 'POST', headers: { origin: ORIGIN, accept: 'application/json' } }),
    env,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return res
}

describe('a desk call the API cannot answer', () => {
  it.each([
    ['en', 'The desk cannot answer right now. Please try again in a minute.'],
    ['ar', 'لا تستطيع غرفة الأخبار الرد الآن. يرجى المحاولة بعد دقيقة.'],
  ] as const)('answers 503 in the desk\'s own words in %s, not the sign-in service\'s', async (lang, message) => {
    const res = await deskFormAgainstBrokenApi(lang)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('30')
    const body = (await res.json()) as { message: string }
    expect(body.message).toBe(message)
    expect(body.message).not.toMatch(/sign-in service|خدمة تسجيل الدخول/)
  })
})
