import type { I18n } from '@lingui/core'
import type { Hono } from 'hono'
import type { SecureHeadersVariables } from 'hono/secure-headers'
import type { CountryCode } from '../lib/countries.ts'
import type { Locale } from '../lib/locales.ts'
import type { Database } from './db/client.ts'
import type { SessionUser } from './db/sessions.ts'
import type { MediaEmbed } from '../lib/media-sources.ts'

/** What every handler can read from `c.var`, set by the middleware chain in app.tsx. */
export interface AppVariables extends SecureHeadersVariables {
  requestId: string
  db: Database
  /** Set by the locale middleware on every `/{lang}/…` route. */
  lang: Locale
  i18n: I18n
  /** Memoised by `currentUser()`; undefined until first asked. */
  user?: SessionUser | null
  /** YouTube or Vimeo players this page embeds (allowMediaEmbeds), added to its CSP. */
  mediaEmbeds?: MediaEmbed[]
  /** The API's signed-in caller, set by sessionRequired or roleRequired (src/api/guards.ts). */
  account?: SignedInUser
  /** The API's code step being answered, set by pendingStepRequired. */
  pending?: PendingStep
  /** Set once the edge cache has taken this request: one cache a request. */
  edgeCache?: true
  /** The zone a shared page renders times in, set by the edge cache (src/middleware/edge-cache.ts). */
  timeZone?: string
  /** At most this long at the edge: a page about a match in play (keepBriefly). */
  edgeSeconds?: number
  /** The reader's country this page was rendered for (showsCountry), null when none is known: the edge cache keeps it per country. */
  shownCountry?: CountryCode | null
  /** What this page shows, for the edge cache (showsScopes); none named: everything. */
  pageScopes?: string[]
  /** Statements the edge cache spent on the page versions, not counted as the page's own. */
  cacheStatements?: number
  /** This worker's own /api/v1, called in-process by the sign-in pages, the desk and the console (src/http/api-client.ts). */
  inProcessApi: Hono<AppEnv>['fetch']
}

/** A session this worker started: the signed-in user and the session's id. */
export type SignedInUser = SessionUser & { sessionId: string }

/** A code step's pending token, as its hash: how its challenge is found. */
export interface PendingStep {
  tokenHash: Uint8Array
}

export interface AppEnv {
  Bindings: Env
  Variables: AppVariables
}
