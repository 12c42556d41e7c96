// Secrets (`wrangler secret put NAME`) and optional settings that wrangler.toml does not
// declare, so `npm run types` cannot see them. Each is documented in the README.
interface Env {
  /** HMAC key for ALTCHA challenges; local development falls back to a fixed key. */
  ALTCHA_HMAC_KEY?: string
  /** Turnstile or reCAPTCHA v3: the public site key and the secret. */
  CAPTCHA_SITE_KEY?: string
  CAPTCHA_SECRET?: string
  /** Overrides the provider's siteverify URL (tests point it at a local stand-in). */
  CAPTCHA_VERIFY_URL?: string
  /** The mail provider's API key, and an override of its endpoint (tests). */
  MAIL_API_KEY?: string
  MAIL_API_URL?: string
  /** Supabase Auth for social sign-in: shown only when both are set. */
  SUPABASE_URL?: string
  SUPABASE_ANON_KEY?: string
  /** The machine's time zone, which `npm start` and `npm run dev` pass (scripts/serve.ts); read only in local development. */
  LOCAL_TIME_ZONE?: string
  /** The reader's country in local runs, which `npm start` and `npm run dev` pass from HADAF_LOCAL_COUNTRY; read only in local development. */
  LOCAL_COUNTRY?: string
  /** Web Push's VAPID private key (base64url of the P-256 scalar); its public key is VAPID_PUBLIC_KEY in wrangler.toml. */
  VAPID_PRIVATE_KEY?: string
  /** football-data.org's API key: the football-data sync runs only when it is set. */
  FOOTBALL_DATA_API_KEY?: string
}
