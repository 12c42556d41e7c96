// The search test set: queries over the seeded demo data with the result each must find,
// in both languages, with misspellings, unvowelled and variant Arabic and transliterated
// names. The worker test asserts them (tests/worker/search.test.ts); the search bench
// times them (scripts/bench-search.ts).
import type { SearchGroup } from '../../lib/search-scopes.ts'

export type SearchCase = [query: string, lang: 'ar' | 'en', type: SearchGroup, expected: string]

// The first result must be the expected one.
export const FIRST: SearchCase[] = [
  // Names as written, in English.
  ['Mohamed Salah', 'en', 'players', 'Mohamed Salah'],
  ['Lionel Messi', 'en', 'players', 'Lionel Messi'],
  ['Hakimi', 'en', 'players', 'Achraf Hakimi'],
  // A bare surname finds the player readers mean: the famous before a namesake.
  ['Salah', 'en', 'players', 'Mohamed Salah'],
  ['صلاح', 'ar', 'players', 'محمد صلاح'],
  ['Messi', 'en', 'players', 'Lionel Messi'],
  ['Kane', 'en', 'players', 'Harry Kane'],
  ['Al Ahly', 'en', 'clubs', 'Al Ahly'],
  ['Barcelona', 'en', 'clubs', 'Barcelona'],
  ['Zamalek', 'en', 'clubs', 'Zamalek'],
  ['Champions League', 'en', 'competitions', 'UEFA Champions League'],
  ['world cup', 'en', 'competitions', 'FIFA World Cup'],
  ['Saudi Pro League', 'en', 'competitions', 'Saudi Pro League'],
  ['Argentina France 2022', 'en', 'matches', 'Argentina – France'],
  ['penalty shootouts', 'en', 'posts', 'Who holds their nerve? Every World Cup penalty shoot-out since 2022'],
  ['Al Hilal Manchester City', 'en', 'posts', 'Al Hilal stun Manchester City 4-3 after extra time at the Club World Cup'],
  // Transliterations: Muhammad's spellings, the article's.
  ['Muhammad Salah', 'en', 'players', 'Mohamed Salah'],
  ['Mohammed Salah', 'en', 'players', 'Mohamed Salah'],
  ['Mohamad Salah', 'en', 'players', 'Mohamed Salah'],
  ['Muhammad Al-Shenawy', 'en', 'players', 'Mohamed El Shenawy'],
  ['El Ahly', 'en', 'clubs', 'Al Ahly'],
  ['Al-Ahly', 'en', 'clubs', 'Al Ahly'],
  ['el hilal', 'en', 'clubs', 'Al Hilal'],
  // Accents and letters without one.
  ['Dembele', 'en', 'players', 'Ousmane Dembélé'],
  ['Odegaard', 'en', 'players', 'Martin Ødegaard'],
  ['Mbappe', 'en', 'players', 'Kylian Mbappé'],
  ['Bayern München', 'en', 'clubs', 'Bayern Munich'],
  // Misspellings (trigram similarity).
  ['Mohamed Salha', 'en', 'players', 'Mohamed Salah'],
  ['Real Madird', 'en', 'clubs', 'Real Madrid'],
  ['Barcelna', 'en', 'clubs', 'Barcelona'],
  ['Liverpol', 'en', 'clubs', 'Liverpool'],
  ['Juventos', 'en', 'clubs', 'Juventus'],
  ['Lionel Mesi', 'en', 'players', 'Lionel Messi'],
  // Arabic as written.
  ['محمد صلاح', 'ar', 'players', 'محمد صلاح'],
  ['ريال مدريد', 'ar', 'clubs', 'ريال مدريد'],
  ['بايرن ميونخ', 'ar', 'clubs', 'بايرن ميونخ'],
  ['ليفربول', 'ar', 'clubs', 'ليفربول'],
  ['الهلال', 'ar', 'clubs', 'الهلال'],
  ['الأهلي', 'ar', 'clubs', 'الأهلي'],
  ['الدوري السعودي', 'ar', 'competitions', 'الدوري السعودي للمحترفين'],
  ['البوندسليغا', 'ar', 'competitions', 'الدوري الألماني'],
  ['مونديال الاندية', 'ar', 'competitions', 'كأس العالم للأندية'],
  // Unvowelled and variant Arabic: hamza, ة/ه, ى/ي, tashkeel, tatweel, Arabic-Indic digits.
  ['الاهلي', 'ar', 'clubs', 'الأهلي'],
  ['اشرف حكيمي', 'ar', 'players', 'أشرف حكيمي'],
  ['كاس العالم', 'ar', 'competitions', 'كأس العالم'],
  ['برشلونه', 'ar', 'clubs', 'برشلونة'],
  ['ميسى', 'ar', 'players', 'ليونيل ميسي'],
  ['مانشستر سيتى', 'ar', 'clubs', 'مانشستر سيتي'],
  ['مُحَمَّد صَلَاح', 'ar', 'players', 'محمد صلاح'],
  ['محمـــد صلاح', 'ar', 'players', 'محمد صلاح'],
  ['مونديال ٢٠٢٦ بلغة الارقام', 'ar', 'posts', 'مونديال 2026 بلغة الأرقام: 308 أهداف و15 عودة وأربع ثلاثيات'],
  // Arabic misspelt.
  ['ريال مدريذ', 'ar', 'clubs', 'ريال مدريد'],
  ['برشلونا', 'ar', 'clubs', 'برشلونة'],
  // One script typed, the other shown.
  ['محمد صلاح', 'en', 'players', 'Mohamed Salah'],
  ['Barcelona', 'ar', 'clubs', 'برشلونة'],
]

// The expected result must be among the first five.
export const AMONG: SearchCase[] = [
  ['ابراهيم', 'ar', 'players', 'إبراهيم دياز'],
  ['Pyramids', 'en', 'posts', "Pyramids FC: how Egypt's new power conquered Africa"],
  ['hat-trick', 'en', 'posts', 'Messi hat-trick gives Argentina a 3-0 win over Algeria in Kansas City'],
  ['premier league', 'en', 'competitions', 'Egyptian Premier League'],
]
