// The reader's country (issue 26, section 2; decision 122): whose channels a page shows first.
// One order, here and nowhere else: the signed-in reader's profile, else the `country`
// cookie the picker sets, else where Cloudflare places them (request.cf.country), else the
// country a local run names (LOCAL_COUNTRY), else none. Only codes lib/countries.ts knows
// count: Cloudflare's `XX` (unknown) and `T1` (Tor) are no country.
import type { Context } from 'hono'
import { asCountryCode, type CountryCode } from '../../lib/countries.ts'
import { currentUser } from '../auth/current-user.ts'
import { readCountryCookie } from './cookies.ts'
import { settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'

/** Where the request places the reader, without asking who they are: the cookie, then Cloudflare, then a local run's variable. */
export function requestCountry(c: Context<AppEnv>): CountryCode | undefined {
  const cf = (c.req.raw as Request<unknown, IncomingRequestCfProperties>).cf
  // Locally `request.cf` is miniflare's stand-in, the same country for every request: a local run's own wins over it.
  const local = settings(c.env).localCountry
  return readCountryCookie(c) ?? local ?? asCountryCode(cf?.country)
}

/**
 * The reader's country, or undefined when nothing says. A signed-in reader's profile comes
 * first; reading it costs the session's one query only when there is a session cookie, and
 * such requests never share a kept page.
 */
export async function readerCountry(c: Context<AppEnv>): Promise<CountryCode | undefined> {
  const user = await currentUser(c)
  return asCountryCode(user?.country) ?? requestCountry(c)
}
