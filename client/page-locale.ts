// The page's language, as the server wrote it on <html lang>.
import { DEFAULT_LOCALE, isLocale, type Locale } from '../lib/locales.ts'

export function pageLocale(): Locale {
  const { lang } = document.documentElement
  return isLocale(lang) ? lang : DEFAULT_LOCALE
}
