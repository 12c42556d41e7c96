// Social sign-in through Supabase Auth (spec §4, security.md "Social sign-in"). It exists
// only when SUPABASE_URL, SUPABASE_ANON_KEY and at least one of SOCIAL_PROVIDERS are set:
// the buttons, the API call and the CSP's connect-src entry all follow from this one reading.

export interface SocialSettings {
  /** The project's address without a trailing slash, e.g. https://abcd.supabase.co. */
  url: string
  /**
   * The public ("anon") key supabase-js sends from the page. Anyone can read it there: it
   * must not open Hadaf's own tables through the project's Data API (docs/decisions/).
   */
  anonKey: string
  /** Providers offered on the sign-in page, and the only ones the API accepts. */
  providers: string[]
}

// Supabase names providers in lower case ("google", "azure", "linkedin_oidc").
const PROVIDER_NAME = /^[a-z][a-z0-9_]{0,39}$/

/** The settings, or null when social sign-in is not configured. */
export function socialSettings(env: Env): SocialSettings | null {
  const url = env.SUPABASE_URL?.trim().replace(/\/+$/, '')
  const anonKey = env.SUPABASE_ANON_KEY?.trim()
  const providers = socialProviders(env.SOCIAL_PROVIDERS)
  if (!url || !anonKey || providers.length === 0) return null
  // A typo here must not take the site down (every page's CSP reads it): sign-in stays off.
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    console.error(JSON.stringify({ config_error: `SUPABASE_URL "${url}" is not an http(s) address; social sign-in is off` }))
    return null
  }
  return { url, anonKey, providers }
}

/** SOCIAL_PROVIDERS as a list: names separated by commas or spaces, unknown shapes dropped. */
export function socialProviders(setting: string | undefined): string[] {
  const names = (setting ?? '').toLowerCase().split(/[\s,]+/)
  return [...new Set(names.filter((name) => PROVIDER_NAME.test(name)))]
}

/**
 * What social sign-in adds to a CSP directive: supabase-js calls the project (the PKCE code
 * exchange, signing out), so connect-src names it, and only while it is configured
 * (security.md: "Allow only the … identity hosts that are actually configured").
 */
export function socialSources(env: Env, directive: string): string[] {
  const settings = directive === 'connect-src' ? socialSettings(env) : null
  return settings ? [new URL(settings.url).origin] : []
}
