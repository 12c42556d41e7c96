// How the sign-in buttons name Supabase's providers. Brand names are not translated.
const NAMES: Record<string, string> = {
  apple: 'Apple',
  azure: 'Microsoft',
  bitbucket: 'Bitbucket',
  discord: 'Discord',
  facebook: 'Facebook',
  figma: 'Figma',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  kakao: 'Kakao',
  keycloak: 'Keycloak',
  linkedin_oidc: 'LinkedIn',
  notion: 'Notion',
  slack_oidc: 'Slack',
  spotify: 'Spotify',
  twitch: 'Twitch',
  twitter: 'X',
  workos: 'WorkOS',
  zoom: 'Zoom',
}

/** The provider's brand name; an unknown one is its id, capitalised. */
export function providerName(provider: string): string {
  return NAMES[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1)
}
