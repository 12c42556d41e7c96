// A post's address in each language, made from its title: English slugs are lower-case
// ASCII words joined by hyphens (the posts table's check), Arabic slugs stay Arabic, as
// Arabic news sites' addresses do, without the vowel marks and the tatweel that a reader
// never types. Uniqueness is the database's to settle (src/db/desk-posts.ts).
import type { Locale } from './locales.ts'

/** Long enough for a headline's words, short enough for a link to be shared. */
export const SLUG_MAX = 80

// Harakat, the superscript alef and the tatweel: marks and stretching, not letters.
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g

function cut(slug: string): string {
  if (slug.length <= SLUG_MAX) return slug
  const cutAt = slug.lastIndexOf('-', SLUG_MAX)
  return slug.slice(0, cutAt > 0 ? cutAt : SLUG_MAX)
}

/** The slug a title makes in `lang`, or null when it has no letters or digits to make one from. */
export function slugify(title: string, lang: Locale): string | null {
  const words =
    lang === 'en'
      ? title.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-')
      : title.normalize('NFC').replace(ARABIC_MARKS, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-')
  const slug = cut(words.replace(/^-+|-+$/g, '')).replace(/-+$/, '')
  return slug === '' ? null : slug
}

/** `base`, or `base-2`, `base-3`… : the first that is not in `taken`. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`
    const candidate = `${cut(base).slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}
