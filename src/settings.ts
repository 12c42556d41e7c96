// The worker's settings: wrangler.toml's [vars] and the secrets (README, Configuration), read
// here and nowhere else. Each setting below is a valibot schema over the variables it needs,
// checked the first time a request reads it, once per env object. A wrong or missing
// variable throws SettingsError, which fails that request with a 500 whose log line names the
// variable (src/errors.tsx). A setting is read only where it is used, so a missing mail key
// fails the requests that send mail and leaves the home page alone (decision 068).
import * as v from 'valibot'
import { asCountryCode } from '../lib/countries.ts'
import { isBase64urlOf, isP256Point, P256_SCALAR_BYTES } from '../lib/web-push-keys.ts'
import { COMPETITION_OF_CODE, DEFAULT_FOOTBALL_DATA_API_URL, DEFAULT_OPENFOOTBALL_URLS, type FootballDataSettings } from './sync/sources.ts'

/** What is wrong, variable by variable: "MAIL_API_KEY is not set: run …". */
export class SettingsError extends Error {
  override readonly name = 'SettingsError'
  /** The variables at fault, e.g. ['MAIL_API_KEY']. */
  readonly variables: string[]

  constructor(issues: readonly v.BaseIssue<unknown>[]) {
    const named = issues.map((issue) => ({ variable: v.getDotPath(issue) ?? 'a setting', message: issue.message }))
    super(named.map(({ variable, message }) => `${variable} ${message}`).join('; '))
    this.variables = [...new Set(named.map(({ variable }) => variable))]
  }
}

// Unset reads as empty: wrangler leaves out a variable nobody set. A message never repeats a
// secret's value, since it goes to the logs; only public ones (a name, an address) are quoted.
const Text = v.optional(v.string('must be text'), '')
const Trimmed = v.pipe(Text, v.trim())

function isWebAddress(value: string): boolean {
  const protocol = URL.parse(value)?.protocol
  return protocol === 'https:' || protocol === 'http:'
}

/** An http(s) address, or empty for none; `what` says which address belongs there. */
function webAddress(what: string) {
  return v.pipe(
    Trimmed,
    v.check((value) => value === '' || isWebAddress(value), (issue) => `is "${String(issue.input)}"; set it to ${what}`),
  )
}

/** APP_ENV: `development` is local development (npm start, npm run dev, the tests); anything else is production. */
const Development = v.pipe(
  v.object({ APP_ENV: v.unknown() }),
  v.transform(({ APP_ENV }) => APP_ENV === 'development'),
)

/**
 * LOCAL_TIME_ZONE: the machine's zone, standing in for the reader's where nothing geolocates
 * them (src/http/time-zone.ts). Production never reads it; unset is null.
 */
const LocalTimeZone = v.pipe(
  v.object({ APP_ENV: v.unknown(), LOCAL_TIME_ZONE: v.optional(v.string()) }),
  v.transform(({ APP_ENV, LOCAL_TIME_ZONE }) => (APP_ENV === 'development' ? (LOCAL_TIME_ZONE ?? null) : null)),
)

/**
 * LOCAL_COUNTRY: the country `npm start` says the reader is in (HADAF_LOCAL_COUNTRY), standing
 * in for Cloudflare's `request.cf.country` where nothing geolocates them (src/http/reader-country.ts).
 * Production never reads it; unset, empty or not an ISO 3166-1 code is null.
 */
const LocalCountry = v.pipe(
  v.object({ APP_ENV: v.unknown(), LOCAL_COUNTRY: v.optional(v.string()) }),
  v.transform(({ APP_ENV, LOCAL_COUNTRY }) => (APP_ENV === 'development' ? (asCountryCode(LOCAL_COUNTRY?.trim().toUpperCase()) ?? null) : null)),
)

/**
 * SITE_URL's origin, which links in mail start with (security.md: never the request's Host).
 * Only local development may leave it empty: null, and links use the request's own address.
 */
const SiteUrl = v.pipe(
  v.object({ APP_ENV: Text, SITE_URL: webAddress('the site\'s address, e.g. "https://hadaf.example"') }),
  v.forward(
    v.partialCheck(
      [['APP_ENV'], ['SITE_URL']],
      ({ APP_ENV, SITE_URL }) => SITE_URL !== '' || APP_ENV === 'development',
      'is not set: give the site\'s address, e.g. "https://hadaf.example", in wrangler.toml',
    ),
    ['SITE_URL'],
  ),
  v.transform(({ SITE_URL }) => (SITE_URL ? new URL(SITE_URL).origin : null)),
)

/** SITE_EMAIL: where contact messages go. */
const SiteEmail = v.pipe(
  v.object({ SITE_EMAIL: v.pipe(Trimmed, v.nonEmpty('is not set: give the address contact messages go to in wrangler.toml')) }),
  v.transform(({ SITE_EMAIL }) => SITE_EMAIL),
)

/** The providers mail leaves through in production; src/mail/send.ts has a transport for each. */
export const MAIL_PROVIDERS = ['resend'] as const
export type MailProvider = (typeof MAIL_PROVIDERS)[number]

export interface MailSettings {
  provider: MailProvider
  apiKey: string
  /** The sender, e.g. "Hadaf <no-reply@your-domain>". */
  from: string
  /** Replaces the provider's endpoint (the tests answer from a stand-in). */
  apiUrl: string | undefined
}

/** How mail leaves: the provider and its keys, or null in local development, where the dev outbox keeps it. */
const Mail = v.pipe(
  v.variant('APP_ENV', [
    v.object({ APP_ENV: v.literal('development') }),
    v.object({
      APP_ENV: Text,
      MAIL_PROVIDER: v.pipe(
        Trimmed,
        v.picklist(MAIL_PROVIDERS, (issue) => `is "${String(issue.input)}"; set it to one of: ${MAIL_PROVIDERS.join(', ')}`),
      ),
      MAIL_API_KEY: v.pipe(Text, v.nonEmpty('is not set: run `wrangler secret put MAIL_API_KEY` with a Resend API key')),
      MAIL_FROM: v.pipe(Trimmed, v.nonEmpty('is not set: give the sender, e.g. "Hadaf <no-reply@your-domain>", in wrangler.toml')),
      MAIL_API_URL: webAddress('the provider\'s endpoint, e.g. "https://api.resend.com/emails", or leave it empty'),
    }),
  ]),
  v.transform((env): MailSettings | null =>
    'MAIL_PROVIDER' in env ? { provider: env.MAIL_PROVIDER, apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM, apiUrl: env.MAIL_API_URL || undefined } : null,
  ),
)

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'recaptcha'] as const
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number]
export type ThirdPartyProvider = Exclude<CaptchaProvider, 'altcha'>

/** CAPTCHA_PROVIDER, in any case; empty means ALTCHA. */
const CaptchaProviderName = v.pipe(
  Trimmed,
  v.toLowerCase(),
  v.transform((name) => name || 'altcha'),
  v.picklist(CAPTCHA_PROVIDERS, (issue) => `is "${String(issue.input)}"; set it to one of: ${CAPTCHA_PROVIDERS.join(', ')}`),
)

/** The provider alone: what the Content Security Policy of every page needs (src/captcha/csp.ts). */
const CaptchaProviderSetting = v.pipe(
  v.object({ CAPTCHA_PROVIDER: CaptchaProviderName }),
  v.transform(({ CAPTCHA_PROVIDER }) => CAPTCHA_PROVIDER),
)

// Local development and the tests run without secrets; this key signs nothing that matters.
const DEV_HMAC_KEY = 'hadaf-local-development-captcha-key-not-secret'

/** At least 256 bits of key, written as 32 or more characters (openssl rand -base64 32). */
const MIN_HMAC_KEY_LENGTH = 32

/**
 * What a protected form and its check need. `hmacKey` signs ALTCHA challenges and the
 * no-JavaScript questions, so every provider needs it; Turnstile and reCAPTCHA add their keys.
 */
export type CaptchaSettings = { provider: 'altcha'; hmacKey: string } | ThirdPartyCaptchaSettings

export interface ThirdPartyCaptchaSettings {
  provider: ThirdPartyProvider
  hmacKey: string
  /** The public key the widget is rendered with. */
  siteKey: string
  secret: string
  /** Replaces the provider's siteverify address (the tests answer from a stand-in). */
  verifyUrl: string | undefined
}

/** Why a third-party provider's key is needed: that provider is the configured one. */
function thirdPartyKeyMessage(variable: string) {
  return (issue: { input: { CAPTCHA_PROVIDER: string } }) => `is not set, and CAPTCHA_PROVIDER is ${issue.input.CAPTCHA_PROVIDER}: run \`wrangler secret put ${variable}\``
}

const Captcha = v.pipe(
  v.object({
    APP_ENV: Text,
    CAPTCHA_PROVIDER: CaptchaProviderName,
    // Production must set its own key: without it anyone could sign their own challenges.
    ALTCHA_HMAC_KEY: v.pipe(Text, v.check((key) => key === '' || key.length >= MIN_HMAC_KEY_LENGTH, `must be at least ${MIN_HMAC_KEY_LENGTH} characters`)),
    CAPTCHA_SITE_KEY: Trimmed,
    CAPTCHA_SECRET: Text,
    CAPTCHA_VERIFY_URL: webAddress('the provider\'s siteverify address, or leave it empty'),
  }),
  v.forward(
    v.partialCheck(
      [['APP_ENV'], ['ALTCHA_HMAC_KEY']],
      ({ APP_ENV, ALTCHA_HMAC_KEY }) => ALTCHA_HMAC_KEY !== '' || APP_ENV === 'development',
      `is not set: run \`wrangler secret put ALTCHA_HMAC_KEY\` with a key of ${MIN_HMAC_KEY_LENGTH} characters or more`,
    ),
    ['ALTCHA_HMAC_KEY'],
  ),
  v.forward(
    v.partialCheck(
      [['CAPTCHA_PROVIDER'], ['CAPTCHA_SITE_KEY']],
      (env) => env.CAPTCHA_PROVIDER === 'altcha' || env.CAPTCHA_SITE_KEY !== '',
      thirdPartyKeyMessage('CAPTCHA_SITE_KEY'),
    ),
    ['CAPTCHA_SITE_KEY'],
  ),
  v.forward(
    v.partialCheck(
      [['CAPTCHA_PROVIDER'], ['CAPTCHA_SECRET']],
      (env) => env.CAPTCHA_PROVIDER === 'altcha' || env.CAPTCHA_SECRET !== '',
      thirdPartyKeyMessage('CAPTCHA_SECRET'),
    ),
    ['CAPTCHA_SECRET'],
  ),
  v.transform((env): CaptchaSettings => {
    const hmacKey = env.ALTCHA_HMAC_KEY || DEV_HMAC_KEY
    if (env.CAPTCHA_PROVIDER === 'altcha') return { provider: 'altcha', hmacKey }
    const verifyUrl = env.CAPTCHA_VERIFY_URL || undefined
    return { provider: env.CAPTCHA_PROVIDER, hmacKey, siteKey: env.CAPTCHA_SITE_KEY, secret: env.CAPTCHA_SECRET, verifyUrl }
  }),
)

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

/** SOCIAL_PROVIDERS as a list: names separated by commas or spaces, unknown shapes dropped. */
export function socialProviders(setting: string | undefined): string[] {
  const names = (setting ?? '').toLowerCase().split(/[\s,]+/)
  return [...new Set(names.filter((name) => PROVIDER_NAME.test(name)))]
}

const isSocialOn = (env: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string; SOCIAL_PROVIDERS: string[] }) =>
  env.SUPABASE_URL !== '' && env.SUPABASE_ANON_KEY !== '' && env.SOCIAL_PROVIDERS.length > 0

/**
 * Social sign-in through Supabase Auth (spec §4): on only when SUPABASE_URL, SUPABASE_ANON_KEY
 * and at least one of SOCIAL_PROVIDERS are set, null otherwise. A project address that is not
 * http(s) is wrong, not off.
 */
const Social = v.pipe(
  v.object({
    SUPABASE_URL: v.pipe(Trimmed, v.transform((url) => url.replace(/\/+$/, ''))),
    SUPABASE_ANON_KEY: Trimmed,
    SOCIAL_PROVIDERS: v.pipe(Text, v.transform((setting) => socialProviders(setting))),
  }),
  v.forward(
    v.check((env) => !isSocialOn(env) || isWebAddress(env.SUPABASE_URL), (issue) => `is "${issue.input.SUPABASE_URL}", not an http(s) address`),
    ['SUPABASE_URL'],
  ),
  v.transform((env): SocialSettings | null =>
    isSocialOn(env) ? { url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY, providers: env.SOCIAL_PROVIDERS } : null,
  ),
)

/** A whole number in [min, max], or `fallback` when the variable is unset or not such a number. */
function wholeNumber(min: number, max: number, fallback: number) {
  return v.fallback(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(min), v.maxValue(max)), fallback)
}

/**
 * OTP_LENGTH: digits in a one-time code, 6 by default. ASVS 6.5.4 asks for at least 20 bits, so
 * fewer than 6 digits is refused; more than 9 would not fit the generator. Anything else means 6.
 */
const OtpLength = v.pipe(
  v.object({ OTP_LENGTH: wholeNumber(6, 9, 6) }),
  v.transform(({ OTP_LENGTH }) => OTP_LENGTH),
)

/** AUTH_API_BASE: the sign-in API the auth pages call, without a trailing slash; null for the built-in /api/v1. */
const AuthApiBase = v.pipe(
  v.object({ AUTH_API_BASE: webAddress('the sign-in API\'s address, e.g. "https://auth.example/api/v1", or leave it empty for the built-in one') }),
  v.transform(({ AUTH_API_BASE }) => AUTH_API_BASE.replace(/\/$/, '') || null),
)

export interface EdgeCacheSettings {
  /** How long an edge location keeps a public page (s-maxage); 0 turns the cache off. */
  seconds: number
  /** How long an isolate trusts the page versions it read before reading them again. */
  recheckSeconds: number
}

/**
 * The edge cache (decisions 071 and 114). EDGE_CACHE_SECONDS: a page's life at an edge location,
 * 600 by default, at most a day: the scopes' versions keep a page fresh (decision 126), so its
 * life bounds only what changes with the clock, and pages that do say so themselves. EDGE_CACHE_RECHECK_SECONDS: how stale an isolate's idea of the
 * page versions may be, 2 by default and at most 10, the issue's bound for a change to reach readers.
 */
const EdgeCache = v.pipe(
  v.object({ EDGE_CACHE_SECONDS: wholeNumber(0, 86_400, 600), EDGE_CACHE_RECHECK_SECONDS: wholeNumber(0, 10, 2) }),
  v.transform(({ EDGE_CACHE_SECONDS, EDGE_CACHE_RECHECK_SECONDS }): EdgeCacheSettings => ({
    seconds: EDGE_CACHE_SECONDS,
    recheckSeconds: EDGE_CACHE_RECHECK_SECONDS,
  })),
)

/** Cloudflare's ceiling on hibernatable WebSockets held by one Durable Object. */
const MAX_OBJECT_SOCKETS = 32_768
const DEFAULT_SHARD_SOCKETS = 1000

/**
 * LIVE_SHARD_SOCKETS: how many readers' sockets one shard room of a match holds before the
 * worker sends the next reader to another shard (decision 115). 1,000 by default, so that a
 * shard's whole crowd reconnecting at once after a deploy stays under a Durable Object's soft
 * limit of about 1,000 requests a second; at most Cloudflare's 32,768. A wrong value fails
 * the socket opens, naming it, and their pages fall back to polling.
 */
const LiveShardSockets = v.pipe(
  v.object({
    LIVE_SHARD_SOCKETS: v.pipe(
      Trimmed,
      v.check(
        (setting) => setting === '' || (/^\d+$/.test(setting) && Number(setting) >= 1 && Number(setting) <= MAX_OBJECT_SOCKETS),
        (issue) => `is "${String(issue.input)}"; give a whole number from 1 to ${MAX_OBJECT_SOCKETS}, or leave it empty for ${DEFAULT_SHARD_SOCKETS}`,
      ),
      v.transform((setting) => (setting === '' ? DEFAULT_SHARD_SOCKETS : Number(setting))),
    ),
  }),
  v.transform(({ LIVE_SHARD_SOCKETS }) => LIVE_SHARD_SOCKETS),
)

/** A comma-separated list, trimmed, without empty items. */
const listOf = (setting: string): string[] => setting.split(',').map((item) => item.trim()).filter((item) => item !== '')

/**
 * The football-data.org sync (issue 16): null without FOOTBALL_DATA_API_KEY. The competitions
 * are its codes, PL,PD,SA,BL1,FL1,CL,WC by default, each one the site carries.
 */
const FootballDataSync = v.pipe(
  v.object({
    FOOTBALL_DATA_API_KEY: Trimmed,
    FOOTBALL_DATA_API_URL: webAddress('football-data.org\'s API, e.g. "https://api.football-data.org/v4", or leave it empty'),
    FOOTBALL_DATA_COMPETITIONS: v.pipe(
      Trimmed,
      v.transform((setting) => listOf(setting.toUpperCase())),
      v.check(
        (codes) => codes.every((code) => code in COMPETITION_OF_CODE),
        (issue) => `is "${(issue.input as string[]).join(',')}"; give codes among ${Object.keys(COMPETITION_OF_CODE).join(',')}, or leave it empty`,
      ),
    ),
  }),
  v.transform(({ FOOTBALL_DATA_API_KEY, FOOTBALL_DATA_API_URL, FOOTBALL_DATA_COMPETITIONS }): FootballDataSettings | null =>
    FOOTBALL_DATA_API_KEY
      ? {
          apiKey: FOOTBALL_DATA_API_KEY,
          apiUrl: (FOOTBALL_DATA_API_URL || DEFAULT_FOOTBALL_DATA_API_URL).replace(/\/+$/, ''),
          competitions: FOOTBALL_DATA_COMPETITIONS.length > 0 ? FOOTBALL_DATA_COMPETITIONS : Object.keys(COMPETITION_OF_CODE),
        }
      : null,
  ),
)

/**
 * The openfootball sync's files: OPENFOOTBALL_URLS, comma-separated; empty means the current
 * season of each league the seed carries ("{season}" stands for it), "off" no sync at all.
 */
const OpenfootballSync = v.pipe(
  v.object({
    OPENFOOTBALL_URLS: v.pipe(
      Trimmed,
      v.transform((setting) => (setting === 'off' ? [] : setting === '' ? DEFAULT_OPENFOOTBALL_URLS : listOf(setting))),
      v.check((urls) => urls.every(isWebAddress), (issue) => `is "${(issue.input as string[]).join(',')}"; give https:// addresses, comma-separated, "off", or leave it empty`),
    ),
  }),
  v.transform(({ OPENFOOTBALL_URLS }) => OPENFOOTBALL_URLS),
)

export interface PushSettings {
  /** The VAPID public key: base64url of the uncompressed P-256 point, handed to browsers. */
  publicKey: string
  /** The VAPID private key: base64url of the P-256 scalar (JWK `d`). */
  privateKey: string
  /** Who push services write to about this sender: a mailto: or https: address. */
  subject: string
}

/** A VAPID subject (RFC 8292 §2.1): Apple refuses pushes without a mailto: or https: contact. */
function isContactSubject(value: string): boolean {
  const address = URL.parse(value)
  if (address?.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(address.pathname)
  return address?.protocol === 'https:' && address.hostname !== ''
}

const MAKE_A_PAIR = 'make a pair as the README says (Alerts by Web Push)'

/**
 * Web Push's VAPID keys and contact (issue 27, decision 131). The public key and the subject
 * are wrangler.toml variables; the private key is a secret. Local runs and the tests make
 * their own pair (scripts/lib/vapid-keys.ts); nothing falls back to a fixed pair, which would
 * let anyone who read this code push to the site's readers.
 */
const Push = v.pipe(
  v.object({
    VAPID_PUBLIC_KEY: v.pipe(Trimmed, v.check(isP256Point, `is not set or not a P-256 public key in base64url: ${MAKE_A_PAIR}, and put its public key in wrangler.toml`)),
    VAPID_PRIVATE_KEY: v.pipe(
      Trimmed,
      v.check((key) => isBase64urlOf(P256_SCALAR_BYTES, key), `is not set or not a P-256 private key in base64url: run \`npx wrangler secret put VAPID_PRIVATE_KEY\` with the pair's private key`),
    ),
    VAPID_SUBJECT: v.pipe(Trimmed, v.check(isContactSubject, (issue) => `is "${String(issue.input)}"; give a contact address that starts with mailto: or https:, e.g. "mailto:contact@hadaf.example"`)),
  }),
  v.transform(({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT }): PushSettings => ({
    publicKey: VAPID_PUBLIC_KEY,
    privateKey: VAPID_PRIVATE_KEY,
    subject: VAPID_SUBJECT,
  })),
)

const SCHEMAS = {
  development: Development,
  localTimeZone: LocalTimeZone,
  localCountry: LocalCountry,
  siteUrl: SiteUrl,
  siteEmail: SiteEmail,
  mail: Mail,
  captchaProvider: CaptchaProviderSetting,
  captcha: Captcha,
  social: Social,
  otpLength: OtpLength,
  authApiBase: AuthApiBase,
  edgeCache: EdgeCache,
  liveShardSockets: LiveShardSockets,
  footballDataSync: FootballDataSync,
  openfootballSync: OpenfootballSync,
  push: Push,
}

type SettingName = keyof typeof SCHEMAS

/** Every setting, typed. Reading one checks it, once per env object, or throws SettingsError. */
export type Settings = { readonly [K in SettingName]: v.InferOutput<(typeof SCHEMAS)[K]> }

const readers = new WeakMap<Env, Settings>()

/** The settings of `env` (c.env): `settings(c.env).mail`. */
export function settings(env: Env): Settings {
  let reader = readers.get(env)
  if (!reader) {
    reader = readerOf(env)
    readers.set(env, reader)
  }
  return reader
}

function readerOf(env: Env): Settings {
  const outcomes = new Map<SettingName, v.SafeParseResult<v.GenericSchema>>()
  const reader = {}
  for (const name of Object.keys(SCHEMAS) as SettingName[]) {
    Object.defineProperty(reader, name, {
      enumerable: true,
      get() {
        let outcome = outcomes.get(name)
        if (!outcome) {
          outcome = v.safeParse(SCHEMAS[name] as v.GenericSchema, env)
          outcomes.set(name, outcome)
        }
        if (!outcome.success) throw new SettingsError(outcome.issues)
        return outcome.output
      },
    })
  }
  return reader as Settings
}

/**
 * A setting that every page reads, where a wrong value must not take the whole site down:
 * its value, or what `whenWrong` makes of the error. The requests that need the setting
 * still fail on it.
 */
export function settingOr<K extends SettingName, T>(env: Env, name: K, whenWrong: (error: SettingsError) => T): Settings[K] | T {
  try {
    return settings(env)[name]
  } catch (error) {
    if (error instanceof SettingsError) return whenWrong(error)
    throw error
  }
}
