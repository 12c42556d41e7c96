// The sources name countries three ways: FIFA codes ('(ENG)' suffixes, squad clubs, national
// teams), openfootball league prefixes ('en.1') and directory headings ('= England'). The
// database stores ISO 3166 alpha-2. The home nations have no code of their own, so England,
// Scotland, Wales and Northern Ireland are all 'GB'.

const FIFA_TO_ISO: { [fifa: string]: string } = {
  ALB: 'AL', ALG: 'DZ', ANG: 'AO', ARG: 'AR', ARM: 'AM', AUS: 'AU', AUT: 'AT', AZE: 'AZ',
  BDI: 'BI', BEL: 'BE', BEN: 'BJ', BFA: 'BF', BIH: 'BA', BOL: 'BO', BOT: 'BW', BRA: 'BR', BUL: 'BG',
  CAN: 'CA', CGO: 'CG', CHA: 'TD', CHI: 'CL', CHN: 'CN', CIV: 'CI', CMR: 'CM', COD: 'CD', COL: 'CO',
  COM: 'KM', CPV: 'CV', CRC: 'CR', CRO: 'HR', CTA: 'CF', CUW: 'CW', CYP: 'CY', CZE: 'CZ',
  DEN: 'DK', DJI: 'DJ', ECU: 'EC', EGY: 'EG', ENG: 'GB', EQG: 'GQ', ESP: 'ES', ETH: 'ET',
  FIN: 'FI', FRA: 'FR', GAB: 'GA', GER: 'DE', GHA: 'GH', GRE: 'GR', GUI: 'GN',
  HAI: 'HT', HON: 'HN', HUN: 'HU', IDN: 'ID', IRL: 'IE', IRN: 'IR', IRQ: 'IQ', ISR: 'IL', ITA: 'IT',
  JAM: 'JM', JOR: 'JO', JPN: 'JP', KAZ: 'KZ', KEN: 'KE', KOR: 'KR', KSA: 'SA',
  // Kosovo has no ISO code yet; XK is the user-assigned code everyone uses.
  KVX: 'XK',
  LBR: 'LR', LBY: 'LY', MAD: 'MG', MAR: 'MA', MAS: 'MY',
  // Monaco is not a FIFA member; the UCL file still writes 'AS Monaco FC (MCO)'.
  MCO: 'MC',
  MEX: 'MX', MKD: 'MK', MLI: 'ML', MOZ: 'MZ', MTN: 'MR', MWI: 'MW',
  NAM: 'NA', NCL: 'NC', NED: 'NL', NGA: 'NG', NIG: 'NE', NIR: 'GB', NOR: 'NO', NZL: 'NZ',
  PAN: 'PA', PAR: 'PY', POL: 'PL', POR: 'PT', QAT: 'QA', ROU: 'RO', RSA: 'ZA', RUS: 'RU', RWA: 'RW',
  SCO: 'GB', SDN: 'SD', SEN: 'SN', SEY: 'SC', SLE: 'SL', SOM: 'SO', SRB: 'RS', SSD: 'SS', SUI: 'CH',
  SUR: 'SR', SVK: 'SK', SVN: 'SI', SWE: 'SE', SWZ: 'SZ',
  TAN: 'TZ', THA: 'TH', TOG: 'TG', TUN: 'TN', TUR: 'TR', UAE: 'AE', UGA: 'UG', UKR: 'UA', URU: 'UY',
  USA: 'US', UZB: 'UZ', VEN: 'VE', WAL: 'GB', ZAM: 'ZM',
  // Zanzibar plays CAF club competitions under its own code but is part of Tanzania.
  ZAN: 'TZ',
  ZIM: 'ZW',
}

/** Directory headings (`= Saudi Arabia`) and stadium-file headings. */
const COUNTRY_NAME_TO_ISO: { [name: string]: string } = {
  Egypt: 'EG',
  England: 'GB',
  France: 'FR',
  Germany: 'DE',
  Italy: 'IT',
  Morocco: 'MA',
  Qatar: 'QA',
  'Saudi Arabia': 'SA',
  Spain: 'ES',
  Tunisia: 'TN',
  'United Arab Emirates': 'AE',
}

/** openfootball league prefixes that are not already the ISO code in lower case. */
const LEAGUE_CODE_TO_ISO: { [code: string]: string } = { en: 'GB' }

export function isoOfFifa(code: string): string | undefined {
  return FIFA_TO_ISO[code]
}

export function isoOfCountryName(name: string | undefined): string | undefined {
  return name === undefined ? undefined : COUNTRY_NAME_TO_ISO[name]
}

/** 'en' → 'GB', 'sa' → 'SA'; longer prefixes ('sco') are not ISO codes and give undefined. */
export function isoOfLeagueCode(code: string | undefined): string | undefined {
  if (code === undefined) return undefined
  return LEAGUE_CODE_TO_ISO[code] ?? (/^[a-z]{2}$/.test(code) ? code.toUpperCase() : undefined)
}

/** The FIFA code of a '(ENG)'-style suffix, if the name carries one. */
export function suffixCode(name: string): string | undefined {
  return /\(([A-Z]{3})\)$/.exec(name)?.[1]
}
