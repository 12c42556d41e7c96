// The product's JSON API. Every answer uses the spec's envelope: status, message, and
// data or errors (§7), worded in the language of accept-language (en or ar, default ar).
// Resources mount here as they arrive.
import { Hono } from 'hono'
import { locale } from '../middleware/locale.ts'
import type { AppEnv } from '../types.ts'
import { authentication } from './authentication.ts'
import { captcha } from './captcha.ts'
import { deskApi } from './desk/index.ts'
import { followsApi } from './follows.ts'
import { matchesApi } from './matches.ts'
import { profileApi } from './profile.ts'
import { pushApi } from './push.ts'
import { searchApi } from './search.ts'
import { ratingsApi } from './ratings.ts'
import { socialLogin } from './social-login.ts'

export const api = new Hono<AppEnv>()

api.use(locale)

/** A trivial route: the bench's baseline, and an uptime probe that skips the database. */
api.get('/health', (c) => c.json({ status: 200, message: 'ok' }))

api.route('/authentication', authentication)
// After authentication, so its body limit (a middleware on the same prefix) runs first.
api.route('/authentication', socialLogin)
api.route('/captcha', captcha)
api.route('/profile', profileApi)
api.route('/search', searchApi)
api.route('/matches', matchesApi)
api.route('/ratings', ratingsApi)
api.route('/follows', followsApi)
api.route('/push', pushApi)
api.route('/desk', deskApi)
