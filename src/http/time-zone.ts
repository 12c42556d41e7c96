import type { Context } from 'hono'
import { safeTimeZone } from '../../lib/format.ts'

/** The reader's zone as Cloudflare geolocates it (request.cf.timezone), else the default. */
export function readerTimeZone(c: Context): string {
  return safeTimeZone((c.req.raw as Request<unknown, IncomingRequestCfProperties>).cf?.timezone)
}
