import type { Context } from 'hono'
import { safeTimeZone } from '../../lib/format.ts'
import { settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'

/**
 * The zone to show a reader times in: where Cloudflare geolocates them, unless local
 * development names the machine's zone, which then stands in (an empty or unknown one: the
 * site's default). Locally `request.cf` is miniflare's stand-in, the same zone in Texas for
 * every request, which would date a Cairo morning the evening before.
 */
export function chooseTimeZone(geolocated: string | undefined, machine: string | null): string {
  return safeTimeZone(machine ?? geolocated)
}

/** The reader's zone as Cloudflare geolocates it (request.cf.timezone), or the machine's in local development, else the default. */
export function cfTimeZone(c: Context<AppEnv>): string {
  const geolocated = (c.req.raw as Request<unknown, IncomingRequestCfProperties>).cf?.timezone
  return chooseTimeZone(geolocated, settings(c.env).localTimeZone)
}

/**
 * The zone a page renders times in: the one the edge cache chose for a page everybody shares
 * (the site's, or the zone the copy is kept for), else the reader's own.
 */
export function readerTimeZone(c: Context<AppEnv>): string {
  return c.var.timeZone ?? cfTimeZone(c)
}
