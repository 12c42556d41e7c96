// The languages a broadcast's commentary may be in (issue 26, decision 119): ISO 639 codes,
// 639-1 where the language has one and 639-3 where it has not (Standard Moroccan Tamazight
// has no two-letter code). These are the languages football is called in on the channels our
// readers watch; another one is a line here and its names.
import type { Locale } from './locales.ts'

const COMMENTARY_LANGUAGES = {
  ar: { ar: 'العربية', en: 'Arabic' },
  en: { ar: 'الإنجليزية', en: 'English' },
  fr: { ar: 'الفرنسية', en: 'French' },
  es: { ar: 'الإسبانية', en: 'Spanish' },
  zgh: { ar: 'الأمازيغية', en: 'Tamazight' },
  ku: { ar: 'الكردية', en: 'Kurdish' },
  tr: { ar: 'التركية', en: 'Turkish' },
  fa: { ar: 'الفارسية', en: 'Persian' },
} as const satisfies Record<string, Record<Locale, string>>

export type CommentaryLanguage = keyof typeof COMMENTARY_LANGUAGES

/** The codes, in the order a form offers them. */
export const COMMENTARY_LANGUAGE_CODES = Object.keys(COMMENTARY_LANGUAGES) as [CommentaryLanguage, ...CommentaryLanguage[]]

export function commentaryLanguageName(code: CommentaryLanguage, lang: Locale): string {
  return COMMENTARY_LANGUAGES[code][lang]
}
