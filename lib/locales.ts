// One typed configuration per locale, in the way BBC's Simorgh keeps one per service:
// everything that differs between the Arabic and the English site lives here.
export const LOCALES = ['ar', 'en'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'ar'

export interface LocaleConfig {
  lang: Locale
  dir: 'rtl' | 'ltr'
  /** BCP 47 tag for Intl. Latin digits in both languages (`nu-latn`), as most Arabic sports sites use. */
  intl: string
  /** Open Graph locale. */
  og: string
  /** The name of the language in itself, for the switcher. */
  nativeName: string
  siteName: string
}

export const LOCALE_CONFIG: Record<Locale, LocaleConfig> = {
  ar: { lang: 'ar', dir: 'rtl', intl: 'ar-EG-u-nu-latn', og: 'ar_EG', nativeName: 'العربية', siteName: 'هدف' },
  en: { lang: 'en', dir: 'ltr', intl: 'en-US', og: 'en_US', nativeName: 'English', siteName: 'Hadaf' },
}

export function isLocale(value: unknown): value is Locale {
  return value === 'ar' || value === 'en'
}

export function otherLocale(lang: Locale): Locale {
  return lang === 'ar' ? 'en' : 'ar'
}

/** Longest Accept-Language header we read; anything past it is ignored, not an error. */
const MAX_ACCEPT_LANGUAGE = 512

/**
 * Picks `ar` or `en` from an Accept-Language header, honouring q-values.
 * Returns undefined when neither is acceptable, so the caller can fall back.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined
  let best: { lang: Locale; q: number } | undefined
  for (const part of header.slice(0, MAX_ACCEPT_LANGUAGE).split(',')) {
    const [tag = '', ...params] = part.trim().split(';')
    const primary = tag.trim().toLowerCase().split('-')[0]
    if (!isLocale(primary)) continue
    let q = 1
    for (const param of params) {
      const [key, value] = param.trim().split('=')
      if (key?.trim() === 'q') q = Number(value)
    }
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue
    if (!best || q > best.q) best = { lang: primary, q }
  }
  return best?.lang
}
