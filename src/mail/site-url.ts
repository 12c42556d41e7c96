// The site's own address in mail (security.md: "Links in mail come from a configured site
// URL, never from the request's Host header"). A forged Host must not turn a code mail or a
// notice into a link to someone else's site.
import type { Context } from 'hono'
import { isLocalDevelopment } from '../env.ts'
import type { AppEnv } from '../types.ts'
import { MailConfigurationError } from './transport.ts'

/**
 * The scheme and host links in mail start with: SITE_URL, or in local development, where
 * nobody forges the host, the request's own. Anywhere else a missing or broken SITE_URL is
 * a MailConfigurationError: a 500 whose log line names the setting.
 */
export function siteOrigin(c: Context<AppEnv>): string {
  const configured = c.env.SITE_URL.trim()
  if (!configured) {
    if (isLocalDevelopment(c.env)) return new URL(c.req.url).origin
    throw new MailConfigurationError('SITE_URL is not set: give the site\'s address, e.g. "https://hadaf.example", in wrangler.toml.')
  }
  const url = URL.parse(configured)
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new MailConfigurationError(`SITE_URL is "${configured}"; set it to the site's address, e.g. "https://hadaf.example".`)
  }
  return url.origin
}
