// Social sign-in through Supabase Auth (spec §4, security.md "Social sign-in"), as
// src/settings.ts reads it: on only when SUPABASE_URL, SUPABASE_ANON_KEY and at least one of
// SOCIAL_PROVIDERS are set. The buttons, the API call and the CSP's connect-src entry all
// follow from this one reading.
import { type SocialSettings, settingOr, settings } from '../../settings.ts'

/** The settings, or null when social sign-in is not configured; a wrong SUPABASE_URL throws SettingsError. */
export function socialSettings(env: Env): SocialSettings | null {
  return settings(env).social
}

/**
 * What the pages offer: the settings, or null when social sign-in is not configured or its
 * settings are wrong. A typo here must not take the site down (every page's CSP reads it):
 * sign-in stays off, with a log line naming the setting, and only the social sign-in call fails.
 */
export function offeredSocialSettings(env: Env): SocialSettings | null {
  return settingOr(env, 'social', (error) => {
    console.error(JSON.stringify({ config_error: `${error.message}; social sign-in is off` }))
    return null
  })
}

/**
 * What social sign-in adds to a CSP directive: supabase-js calls the project (the PKCE code
 * exchange, signing out), so connect-src names it, and only while it is configured
 * (security.md: "Allow only the … identity hosts that are actually configured").
 */
export function socialSources(env: Env, directive: string): string[] {
  const settings = directive === 'connect-src' ? offeredSocialSettings(env) : null
  return settings ? [new URL(settings.url).origin] : []
}
