// The one folding of text for search, applied to what is indexed and to what is typed, so
// "أحمد", "احمد" and "اَحْمَد" meet, as do "Mohamed", "Muhammad" and "Al-Ahly", "El Ahly".
// supabase/migrations/20261123001000_search.sql repeats these rules in SQL (search_normalize)
// for the index; a worker test holds the two to the same answers.

/**
 * Arabic letter variants, Eastern digits and Latin letters that have no decomposition, one
 * for one, as SQL's translate() takes them: the characters past the end of TO (tatweel) go.
 */
const FROM = 'أإآٱؤئءةىیک٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ØøŁłĐđıـ'
const TO = 'اااااااهييك01234567890123456789oollddi'

const ONE_FOR_ONE = new Map([...FROM].map((c, i) => [c, TO[i] ?? '']))

// Combining marks: Latin accents (after NFD), Arabic tashkeel and the dagger alef.
const MARKS = /[\u0300-\u036f\u064b-\u065f\u0670]/g
// Apostrophes join a word ("Zawra'a"); they vanish rather than split it.
const APOSTROPHES = /['’‘ʼ`´]/g
// Everything else between words, including what tsquery would read as an operator.
const SEPARATORS = /[\s\-_.,;:!?()[\]{}"/\\|+&*#@~<>=^%$«»“”„،؛؟…–—·]+/g

// Transliterations of names that people spell several ways, each to one form.
const MUHAMMAD = /(?<![a-z0-9])m[ou]hamm?[ae]d(?![a-z0-9])/g
// The article: "Al-Ahly", "Al Ahly" and "El Ahly" (after separators became spaces).
const ARTICLE = /(?<![a-z0-9])el (?=[a-z])/g

/** `text` folded for search: lower case, no accents or tashkeel, one spelling per variant. */
export function normalizeSearchText(text: string): string {
  const letters = Array.from(text, (c) => ONE_FOR_ONE.get(c) ?? c).join('')
  return letters
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .trim()
    .replace(MUHAMMAD, 'muhammad')
    .replace(ARTICLE, 'al ')
}

/** The words of a folded query. */
export function searchWords(text: string): string[] {
  const folded = normalizeSearchText(text)
  return folded ? folded.split(' ') : []
}

/** Shorter queries have too few trigrams to compare; they match words that start with them. */
export const TRIGRAM_MIN_LENGTH = 3

/**
 * A tsquery that wants every word, each parsed by the configuration it is run under. Words
 * are whole, not prefixes, except in a query too short for trigrams: the english stemmer
 * cuts "ahly" to "ah", and "ah" as a prefix finds every Ahmed; a longer word still being
 * typed is found by trigrams instead. Words are quoted and keep only letters and digits,
 * so no input can smuggle in an operator.
 */
export function wordsTsQuery(words: readonly string[]): string {
  const suffix = words.join(' ').length < TRIGRAM_MIN_LENGTH ? ':*' : ''
  return words
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w !== '')
    .map((w) => `'${w}'${suffix}`)
    .join(' & ')
}
