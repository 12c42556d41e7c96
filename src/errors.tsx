// What a failure looks like: a bilingual page for people, a minimal noindex document for
// crawlers (spec §2: "for known crawler user agents the error page is not shown"), and the
// spec's JSON envelope under /api.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import type { ReactNode } from 'react'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isbot } from 'isbot'
import { href } from '../lib/links.ts'
import { ApiError, apiErrorBody, isApiRequest } from './http/envelope.ts'
import { isDatabaseUnavailable } from './db/client.ts'
import { RateLimited } from './security/rate-limit.ts'
import { ContentLayout } from './layouts/layouts.tsx'
import { setRequestLocale } from './middleware/locale.ts'
import { renderPage } from './render.tsx'
import { SettingsError } from './settings.ts'
import type { AppEnv } from './types.ts'

/** Seconds a client should wait before retrying when the database is away. */
export const RETRY_AFTER_SECONDS = 30

function crawlerBody(c: Context<AppEnv>, status: ContentfulStatusCode) {
  c.header('X-Robots-Tag', 'noindex')
  return c.html(
    `<!doctype html><html lang="${c.var.lang}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${status}</title></head><body></body></html>`,
    status,
  )
}

const MESSAGES = {
  404: msg`Page Not Found`,
  429: msg`Too many attempts. Please wait a moment and try again.`,
  500: msg`Internal Server Error`,
  503: msg`Service Unavailable`,
}

export const notFound: NotFoundHandler<AppEnv> = (c) => {
  // Errors outside `/{lang}/…` still speak the visitor's language.
  setRequestLocale(c)
  if (isApiRequest(c)) return c.json({ status: 404, message: c.var.i18n._(MESSAGES[404]) }, 404)
  if (isbot(c.req.header('user-agent'))) return crawlerBody(c, 404)
  const path = c.req.path
  return renderError(
    c,
    404,
    c.var.i18n._(MESSAGES[404]),
    <Trans>
      Page not found: <bdi dir="ltr">{path}</bdi>
    </Trans>,
  )
}

/** The error page people see: the message as the title, what happened, the way home. */
function renderError(c: Context<AppEnv>, status: ContentfulStatusCode, title: string, explanation?: ReactNode) {
  return renderPage(
    c,
    <ContentLayout title={title}>
      {explanation ? <p className="error-message">{explanation}</p> : null}
      <p>
        <a href={href(c.var.lang, 'home')}>
          <Trans>Back to the home page</Trans>
        </a>
      </p>
    </ContentLayout>,
    { title, noindex: true },
    status,
  )
}

export const onError: ErrorHandler<AppEnv> = (error, c) => {
  // A page whose row is missing (found() in src/http/params.ts) is the not-found page.
  if (error instanceof HTTPException && !(error instanceof ApiError) && error.status === 404) return notFound(c)
  setRequestLocale(c)
  // A setting's message may name a socket (LIVE_SHARD_SOCKETS) and still be no outage.
  const unavailable = !(error instanceof SettingsError) && isDatabaseUnavailable(error)
  const status: ContentfulStatusCode =
    error instanceof HTTPException
      ? (error.status as ContentfulStatusCode)
      : error instanceof RateLimited
        ? 429
        : unavailable
          ? 503
          : 500
  if (status >= 500) {
    // A wrong or missing setting names its variables, for the operator who must set them.
    const settings = error instanceof SettingsError ? { settings: error.variables } : {}
    console.error(JSON.stringify({ id: c.var.requestId, status, ...settings, error: error.stack ?? String(error) }))
  }
  if (status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS))
  // A limit says when to come back (security.md, Anti-automation).
  const retryAfter = error instanceof RateLimited ? error.retryAfter : error instanceof ApiError ? error.retryAfter : undefined
  if (retryAfter) c.header('Retry-After', String(retryAfter))
  if (error instanceof ApiError && isApiRequest(c)) return c.json(apiErrorBody(c, error), error.status)
  // Client errors carry their own reason; server errors never leak internals.
  const message =
    error instanceof ApiError
      ? c.var.i18n._(error.descriptor)
      : error instanceof RateLimited
        ? c.var.i18n._(MESSAGES[429])
        : status === 503
      ? c.var.i18n._(MESSAGES[503])
      : status >= 500
        ? c.var.i18n._(MESSAGES[500])
        : c.var.i18n._(clientErrorMessage(status))
  if (isApiRequest(c)) return c.json({ status, message }, status)
  if (isbot(c.req.header('user-agent'))) return crawlerBody(c, status)
  const requestId = c.var.requestId
  return renderError(
    c,
    status,
    message,
    status === 503 ? (
      <Trans>The site cannot reach its data right now. Please try again in a minute.</Trans>
    ) : status >= 500 ? (
      <Trans>
        Something went wrong on our side. Reference: <bdi dir="ltr">{requestId}</bdi>
      </Trans>
    ) : undefined,
  )
}

const CLIENT_ERRORS = {
  400: msg`Bad Request`,
  403: msg`Forbidden`,
  405: msg`Method Not Allowed`,
  413: msg`Payload Too Large`,
  414: msg`URI Too Long`,
  415: msg`Unsupported Media Type`,
  429: msg`Too Many Requests`,
}

function clientErrorMessage(status: number) {
  return CLIENT_ERRORS[status as keyof typeof CLIENT_ERRORS] ?? CLIENT_ERRORS[400]
}
