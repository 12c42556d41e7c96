// Who a Supabase access token belongs to, from sources the visitor cannot write
// (security.md, Social sign-in; docs/decisions/). The token's signature, issuer,
// audience and expiry are checked against the project's JWKS; then Supabase's own
// /auth/v1/user, asked with that token, names the provider's user id and says whether the
// email is confirmed. user_metadata is never trusted for either: any signed-in Supabase
// user can rewrite it (supabase.auth.updateUser({ data })).
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose'
import * as v from 'valibot'
import type { SocialSettings } from '../../settings.ts'

export interface VerifiedIdentity {
  /** app_metadata.provider: written by Supabase only. */
  provider: string
  /** The provider's user id: the matching entry of the Supabase user's identities. */
  providerId: string
  email: string | null
  /** Supabase's email_confirmed_at is set: the provider or Supabase confirmed the address. */
  emailConfirmed: boolean
  /** user_metadata, the user's own to write: for a display name, never for a decision. */
  metadata: Record<string, unknown>
}

/** Supabase could not be asked (network, timeout, a 5xx, an answer out of its contract). */
export class SupabaseUnavailable extends Error {
  override readonly name = 'SupabaseUnavailable'
}

// Supabase's asymmetric signing keys, and nothing else. HS256 (the legacy shared secret)
// and "none" are refused, as a shared secret lets whoever holds it mint tokens; jose also
// never takes a shared-secret algorithm from a key set.
const ALGORITHMS = ['ES256', 'RS256']

// jose caches each key set (10 minutes, refetching on an unknown key id); keeping one
// per project for the isolate's life makes that cache last across requests.
const keySets = new Map<string, JWTVerifyGetKey>()

function projectKeys(settings: SocialSettings): JWTVerifyGetKey {
  let keys = keySets.get(settings.url)
  if (!keys) {
    keys = createRemoteJWKSet(new URL(`${settings.url}/auth/v1/.well-known/jwks.json`))
    keySets.set(settings.url, keys)
  }
  return keys
}

// Failures that are the token's fault; any other (the key set unreachable, or not a key
// set) is Supabase's.
const TOKEN_FAULTS = new Set([
  errors.JWTClaimValidationFailed.code,
  errors.JWTExpired.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
  errors.JWSInvalid.code,
  errors.JWTInvalid.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JWSSignatureVerificationFailed.code,
])

const Claims = v.object({ app_metadata: v.object({ provider: v.pipe(v.string(), v.nonEmpty()) }) })

/** The token's provider, or null when the token is not a valid one of this project. */
async function verifyAccessToken(settings: SocialSettings, token: string) {
  try {
    const { payload } = await jwtVerify(token, projectKeys(settings), {
      issuer: `${settings.url}/auth/v1`,
      audience: 'authenticated',
      algorithms: ALGORITHMS,
      requiredClaims: ['exp', 'sub'],
    })
    const claims = v.safeParse(Claims, payload)
    return claims.success ? claims.output.app_metadata.provider : null
  } catch (error) {
    if (error instanceof errors.JOSEError && TOKEN_FAULTS.has(error.code)) return null
    throw new SupabaseUnavailable('The project key set could not be read', { cause: error })
  }
}

const SupabaseUser = v.object({
  email: v.nullish(v.string()),
  email_confirmed_at: v.nullish(v.string()),
  user_metadata: v.nullish(v.record(v.string(), v.unknown())),
  identities: v.nullish(v.array(v.object({ id: v.string(), provider: v.string() }))),
})

const USER_TIMEOUT_MS = 5000

/** The user Supabase has for the token, or null when Supabase refuses the token. */
async function fetchSupabaseUser(settings: SocialSettings, token: string) {
  let res: Response
  try {
    res = await fetch(`${settings.url}/auth/v1/user`, {
      headers: { apikey: settings.anonKey, authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(USER_TIMEOUT_MS),
    })
  } catch (error) {
    throw new SupabaseUnavailable('The user endpoint could not be reached', { cause: error })
  }
  // A signed-out, deleted or banned session: the token is no longer good.
  if ([401, 403, 404].includes(res.status)) return null
  const user = res.ok ? v.safeParse(SupabaseUser, await res.json().catch(() => null)) : null
  if (!user?.success) throw new SupabaseUnavailable(`The user endpoint answered ${res.status} out of contract`)
  return user.output
}

/**
 * The identity behind a Supabase access token, or null when the token is refused: bad or
 * expired, for a provider the site does not offer, or no longer live at Supabase.
 */
export async function verifySocialIdentity(settings: SocialSettings, token: string): Promise<VerifiedIdentity | null> {
  const provider = await verifyAccessToken(settings, token)
  if (!provider || !settings.providers.includes(provider)) return null
  const user = await fetchSupabaseUser(settings, token)
  // Supabase's identities[].id is the provider's own user id (identity_id is Supabase's).
  const identity = user?.identities?.find((entry) => entry.provider === provider)
  if (!user || !identity) return null
  return {
    provider,
    providerId: identity.id,
    email: user.email || null,
    emailConfirmed: Boolean(user.email_confirmed_at),
    metadata: user.user_metadata ?? {},
  }
}
