// The countries a channel airs in and a broadcast covers (issue 26, decision 119): every
// officially assigned ISO 3166-1 alpha-2 code, and each one's name in both languages. The
// database keeps the codes only; names are worded where they are shown.
import type { Locale } from './locales.ts'

/** The 249 officially assigned codes (ISO 3166-1 alpha-2, as the ISO Online Browsing Platform lists them). */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
] as const

export type CountryCode = (typeof COUNTRY_CODES)[number]

const KNOWN = new Set<string>(COUNTRY_CODES)

/** `value` when it is one of the codes above (upper case, as ISO and Cloudflare write them), else undefined. */
export function asCountryCode(value: string | null | undefined): CountryCode | undefined {
  return value && KNOWN.has(value) ? (value as CountryCode) : undefined
}

/**
 * The Arab League's 22 members, named here rather than by Intl: these are the names most of
 * our readers see, and the runtimes' CLDR data differ (Node 24 says "Palestinian Territories",
 * workerd "Palestine"), so they are the team's words, the same everywhere.
 */
const ARAB_LEAGUE: Record<string, Record<Locale, string>> = {
  DZ: { ar: 'الجزائر', en: 'Algeria' },
  BH: { ar: 'البحرين', en: 'Bahrain' },
  KM: { ar: 'جزر القمر', en: 'Comoros' },
  DJ: { ar: 'جيبوتي', en: 'Djibouti' },
  EG: { ar: 'مصر', en: 'Egypt' },
  IQ: { ar: 'العراق', en: 'Iraq' },
  JO: { ar: 'الأردن', en: 'Jordan' },
  KW: { ar: 'الكويت', en: 'Kuwait' },
  LB: { ar: 'لبنان', en: 'Lebanon' },
  LY: { ar: 'ليبيا', en: 'Libya' },
  MR: { ar: 'موريتانيا', en: 'Mauritania' },
  MA: { ar: 'المغرب', en: 'Morocco' },
  OM: { ar: 'عُمان', en: 'Oman' },
  PS: { ar: 'فلسطين', en: 'Palestine' },
  QA: { ar: 'قطر', en: 'Qatar' },
  SA: { ar: 'السعودية', en: 'Saudi Arabia' },
  SO: { ar: 'الصومال', en: 'Somalia' },
  SD: { ar: 'السودان', en: 'Sudan' },
  SY: { ar: 'سوريا', en: 'Syria' },
  TN: { ar: 'تونس', en: 'Tunisia' },
  AE: { ar: 'الإمارات', en: 'United Arab Emirates' },
  YE: { ar: 'اليمن', en: 'Yemen' },
}

/** The Arab League's members, by code: the countries a country list offers first. */
export const ARAB_LEAGUE_CODES = Object.keys(ARAB_LEAGUE).sort() as CountryCode[]

const displayNames = new Map<Locale, Intl.DisplayNames>()

/** `code`'s name in `lang`: ours for the Arab League, the runtime's CLDR data (Intl.DisplayNames) for the rest. */
export function countryName(code: CountryCode, lang: Locale): string {
  const ours = ARAB_LEAGUE[code]?.[lang]
  if (ours) return ours
  let names = displayNames.get(lang)
  if (!names) displayNames.set(lang, (names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' })))
  return names.of(code) ?? code
}

/** `codes` named in `lang`, in that language's alphabetical order. */
export function countryNames(codes: readonly CountryCode[], lang: Locale): string[] {
  return codes.map((code) => countryName(code, lang)).sort(new Intl.Collator(lang).compare)
}

export interface NamedCountry {
  code: CountryCode
  name: string
}

export interface CountryChoices {
  arab: NamedCountry[]
  others: NamedCountry[]
}

/** Named and sorted once per language and isolate: collating 249 names costs a page milliseconds. */
const choices = new Map<Locale, CountryChoices>()

/** Every code named in `lang`, as a country list offers them: the Arab League's members, then the rest, each group in that language's alphabetical order. */
export function countryChoices(lang: Locale): CountryChoices {
  const kept = choices.get(lang)
  if (kept) return kept
  const collator = new Intl.Collator(lang)
  const named = (codes: readonly CountryCode[]) => codes.map((code) => ({ code, name: countryName(code, lang) })).sort((a, b) => collator.compare(a.name, b.name))
  const made = { arab: named(ARAB_LEAGUE_CODES), others: named(COUNTRY_CODES.filter((code) => !ARAB_LEAGUE_CODES.includes(code))) }
  choices.set(lang, made)
  return made
}
