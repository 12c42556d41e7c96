// Every cookie the site sets, with its attributes in one place (spec §9, security.md).
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'
import { asCountryCode, type CountryCode } from '../../lib/countries.ts'
import { isLocale, type Locale } from '../../lib/locales.ts'
import { isLocalDevelopment } from '../env.ts'
import type { AppEnv } from '../types.ts'

/** 30 days: the spec's token and language cookie lifetime (§9). */
export const THIRTY_DAYS = 2_592_000

export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

/** Secure outside local development, where the site is served over plain http. */
function baseOptions(c: Context<AppEnv>): CookieOptions {
  return { path: '/', sameSite: 'Lax', secure: !isLocalDevelopment(c.env) }
}

export function readLangCookie(c: Context<AppEnv>): Locale | undefined {
  const value = getCookie(c, 'lang')
  return isLocale(value) ? value : undefined
}

export function setLangCookie(c: Context<AppEnv>, lang: Locale): void {
  setCookie(c, 'lang', lang, { ...baseOptions(c), maxAge: THIRTY_DAYS })
}

/** The visitor's chosen theme; absent means "follow prefers-color-scheme". */
export function readThemeCookie(c: Context<AppEnv>): Theme | undefined {
  const value = getCookie(c, 'theme')
  return THEMES.find((t) => t === value)
}

export function setThemeCookie(c: Context<AppEnv>, theme: Theme | 'system'): void {
  if (theme === 'system') deleteCookie(c, 'theme', baseOptions(c))
  else setCookie(c, 'theme', theme, { ...baseOptions(c), maxAge: 365 * 24 * 3600 })
}

/** The country the reader chose with the picker (decision 122); not HttpOnly, nothing secret. */
export function readCountryCookie(c: Context<AppEnv>): CountryCode | undefined {
  return asCountryCode(getCookie(c, 'country'))
}

/** Null: back to where Cloudflare places the reader. */
export function setCountryCookie(c: Context<AppEnv>, country: CountryCode | null): void {
  if (country === null) deleteCookie(c, 'country', baseOptions(c))
  else setCookie(c, 'country', country, { ...baseOptions(c), maxAge: THIRTY_DAYS })
}

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, 'token')
}

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, 'token', token, { ...baseOptions(c), httpOnly: true, maxAge: THIRTY_DAYS })
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, 'token', { ...baseOptions(c), httpOnly: true })
}

/**
 * A code step in progress (docs/auth-api.md, "A pending step"): its pending token and what
 * the page needs to show it. HttpOnly like the session, so page scripts never see the
 * token; 30 minutes, the pending token's own lifetime.
 */
export const PENDING_STEP_SECONDS = 30 * 60

export function readPendingCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, 'pending')
}

export function setPendingCookie(c: Context<AppEnv>, value: string): void {
  setCookie(c, 'pending', value, { ...baseOptions(c), httpOnly: true, maxAge: PENDING_STEP_SECONDS })
}

export function clearPendingCookie(c: Context<AppEnv>): void {
  deleteCookie(c, 'pending', { ...baseOptions(c), httpOnly: true })
}

/**
 * A change of email waiting for its code (src/auth/email-step.ts): the new address and when
 * the code left. No token: the code is bound to the session. HttpOnly, for the code step's 30 minutes.
 */
export function readEmailStepCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, 'email_step')
}

export function setEmailStepCookie(c: Context<AppEnv>, value: string): void {
  setCookie(c, 'email_step', value, { ...baseOptions(c), httpOnly: true, maxAge: PENDING_STEP_SECONDS })
}

export function clearEmailStepCookie(c: Context<AppEnv>): void {
  deleteCookie(c, 'email_step', { ...baseOptions(c), httpOnly: true })
}

/** A short-lived cookie that carries a toast across one redirect. */
export function setFlashCookie(c: Context<AppEnv>, value: string): void {
  setCookie(c, 'flash', value, { ...baseOptions(c), httpOnly: true, maxAge: 60 })
}

export function takeFlashCookie(c: Context<AppEnv>): string | undefined {
  const value = getCookie(c, 'flash')
  if (value !== undefined) deleteCookie(c, 'flash', { ...baseOptions(c), httpOnly: true })
  return value
}
