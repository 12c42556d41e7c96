import type { Context } from 'hono'
import { safeTimeZone } from '../../lib/format.ts'
import type { AppEnv } from '../types.ts'

/** The reader's zone as Cloudflare geolocates it (request.cf.timezone), else the default. */
export function cfTimeZone(c: Context): string {
  return safeTimeZone((c.req.raw as Request<unknown, IncomingRequestCfProperties>).cf?.timezone)
}

/**
 * The zone a page renders times in: the one the edge cache chose for a page everybody shares
 * (the site's, or the zone the copy is kept for), else the reader's own.
 */
export function readerTimeZone(c: Context<AppEnv>): string {
  return c.var.timeZone ?? cfTimeZone(c)
}
