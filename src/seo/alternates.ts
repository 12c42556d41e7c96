// A page's address in each language, written once for the page head and the sitemaps:
// search engines expect both to announce the same alternates.
import { switchLocalePath } from '../../lib/links.ts'
import { type Locale, LOCALES } from '../../lib/locales.ts'

export type LocalePaths = Record<Locale, string>

export function pathsIn(build: (lang: Locale) => string): LocalePaths {
  return Object.fromEntries(LOCALES.map((lang) => [lang, build(lang)])) as LocalePaths
}

/** For pages whose address differs between languages only in the locale prefix. */
export function localePaths(path: string): LocalePaths {
  return pathsIn((lang) => switchLocalePath(path, lang))
}

export interface Alternate {
  hreflang: Locale | 'x-default'
  href: string
}

/** One alternate per language, and x-default: the root, which sends each visitor to theirs. */
export function hreflangAlternates(origin: string, paths: LocalePaths): Alternate[] {
  return [...LOCALES.map((lang) => ({ hreflang: lang, href: origin + paths[lang] })), { hreflang: 'x-default' as const, href: `${origin}/` }]
}
