// The one way to answer with a page: React streamed from the worker. Crawlers get the
// complete document (isbot → wait for allReady); people get the shell as soon as it exists.
import { I18nProvider } from '@lingui/react'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isbot } from 'isbot'
import type { ReactNode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { takeFlashToast } from './flash.ts'
import { readThemeCookie } from './http/cookies.ts'
import { readerTimeZone } from './http/time-zone.ts'
import { Document, type PageHead } from './layouts/document.tsx'
import { type PageRequest, RequestContext } from './request-context.tsx'
import type { AppEnv } from './types.ts'

export async function renderPage(
  c: Context<AppEnv>,
  content: ReactNode,
  head: PageHead,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const url = new URL(c.req.url)
  const nonce = c.var.secureHeadersNonce
  const request: PageRequest = {
    lang: c.var.lang,
    path: url.pathname + url.search,
    origin: url.origin,
    nonce,
    theme: readThemeCookie(c),
    timeZone: readerTimeZone(c),
    country: c.var.shownCountry,
    renderedAt: Date.now(),
  }
  const stream = await renderToReadableStream(
    <RequestContext.Provider value={request}>
      <I18nProvider i18n={c.var.i18n}>
        <Document head={head} toast={takeFlashToast(c)}>
          {content}
        </Document>
      </I18nProvider>
    </RequestContext.Provider>,
    {
      nonce,
      onError(error) {
        console.error(JSON.stringify({ id: c.var.requestId, render_error: String(error) }))
      },
    },
  )
  if (isbot(c.req.header('user-agent'))) await stream.allReady
  return c.body(stream, status, { 'Content-Type': 'text/html; charset=utf-8' })
}
