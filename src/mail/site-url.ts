// The site's own address in mail (security.md: "Links in mail come from a configured site
// URL, never from the request's Host header"). A forged Host must not turn a code mail or a
// notice into a link to someone else's site.
import type { Context } from 'hono'
import { settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'

/**
 * The scheme and host links in mail start with: SITE_URL's, or in local development, where
 * nobody forges the host and SITE_URL may be empty, the request's own. Anywhere else a
 * missing or broken SITE_URL throws SettingsError: a 500 whose log line names the setting.
 */
export function siteOrigin(c: Context<AppEnv>): string {
  return settings(c.env).siteUrl ?? new URL(c.req.url).origin
}
