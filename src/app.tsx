// The worker's Hono app. Middleware runs in the order of the design card: request id and
// log → input sanity → security headers → CSRF origin check → database; then the locale on
// `/{lang}/…`, the guards inside each route module, and the error handlers last.
import { Hono } from 'hono'
import { csrf } from 'hono/csrf'
import { createMiddleware } from 'hono/factory'
import { api } from './api/index.ts'
import { adoptOuterRequest } from './http/api-client.ts'
import { notFound, onError } from './errors.tsx'
import { database, type OpenDatabase } from './middleware/database.ts'
import { homeGuard } from './middleware/guards.ts'
import { locale } from './middleware/locale.ts'
import { requestLog } from './middleware/request-log.ts'
import { requestSanity } from './middleware/request-sanity.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { auth } from './routes/auth.tsx'
import { clubs } from './routes/clubs.tsx'
import { countryPicker } from './routes/country.tsx'
import { deskScreens } from './routes/desk/index.tsx'
import { devMail } from './routes/dev-mail.ts'
import { devRooms } from './routes/dev-rooms.ts'
import { followForms } from './routes/follows.ts'
import { spoilerForms } from './routes/spoilers.ts'
import { home } from './routes/home.tsx'
import { leagues } from './routes/leagues.tsx'
import { appManifest } from './routes/manifest.ts'
import { matchPages } from './routes/matches.tsx'
import { myHadaf } from './routes/my-hadaf.tsx'
import { media } from './routes/media.ts'
import { pages } from './routes/pages.tsx'
import { players } from './routes/players.tsx'
import { posts } from './routes/posts.tsx'
import { preferences } from './routes/preferences.ts'
import { profilePages } from './routes/profile.tsx'
import { pushForms } from './routes/push.ts'
import { ratingForms } from './routes/ratings.ts'
import { searchPage } from './routes/search.tsx'
import { seo } from './routes/seo.ts'
import { social } from './routes/social.ts'
import type { AppEnv } from './types.ts'

// The group matters: Hono joins route patterns into one regular expression, and a bare
// `ar|en` alternation leaks out of its segment (it sent /ar/matches to the home page).
const LANG = '/:lang{(?:ar|en)}'

const csrfCheck = csrf()

/**
 * The Origin and Sec-Fetch-Site check on state-changing requests (security.md, CSRF). The
 * JSON API is left out: it authenticates by bearer token only, never by a cookie, so a
 * forged cross-site request carries nothing to abuse, and its clients are not browsers.
 */
const originCheck = createMiddleware<AppEnv>((c, next) => (c.req.path.startsWith('/api/') ? next() : csrfCheck(c, next)))

/**
 * The sign-in API the auth routes call without leaving the worker, with the same input checks
 * (what a route passes on may come from a cookie) and error handlers.
 */
function inProcessApi(): AppEnv['Variables']['inProcessApi'] {
  const inProcess = new Hono<AppEnv>().use(adoptOuterRequest, requestSanity).route('/api/v1', api)
  inProcess.notFound(notFound)
  inProcess.onError(onError)
  return inProcess.fetch
}

export function createApp(opts: { openDatabase?: OpenDatabase } = {}) {
  const app = new Hono<AppEnv>()
  const authApi = inProcessApi()
  const handAuthApi = createMiddleware<AppEnv>((c, next) => {
    c.set('inProcessApi', authApi)
    return next()
  })

  app.use(requestLog, requestSanity, securityHeaders, originCheck, database(opts.openDatabase), handAuthApi)

  app.get('/', homeGuard)
  app.route('/', preferences)
  app.route('/', seo)
  app.route('/', media)
  app.route('/', devMail)
  app.route('/', devRooms)
  app.route('/api/v1', api)

  app.use(LANG, locale)
  app.use(`${LANG}/*`, locale)
  for (const screens of [appManifest, pushForms, home, auth, social, profilePages, myHadaf, deskScreens, clubs, players, leagues, matchPages, posts, pages, searchPage, ratingForms, followForms, spoilerForms, countryPicker]) {
    app.route(LANG, screens)
  }

  app.notFound(notFound)
  app.onError(onError)
  return app
}
