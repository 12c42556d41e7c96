// The football data sources the syncs read, as the settings name them: football-data.org's
// competition codes and default address, and openfootball's default files. A leaf: the
// settings (src/settings.ts) read it without loading a sync, a parser or the database.

/** The competitions football-data.org's free tier serves that the project carries, by its code. */
export const COMPETITION_OF_CODE: Readonly<Record<string, string>> = {
  PL: 'en.1',
  PD: 'es.1',
  SA: 'it.1',
  BL1: 'de.1',
  FL1: 'fr.1',
  CL: 'uefa.cl',
  WC: 'worldcup',
}

export const DEFAULT_FOOTBALL_DATA_API_URL = 'https://api.football-data.org/v4'

export interface FootballDataSettings {
  apiKey: string
  /** Without a trailing slash: https://api.football-data.org/v4. */
  apiUrl: string
  competitions: string[]
}

/** The leagues the seed carries, at their current season: '{season}' is filled in at each run. */
export const DEFAULT_OPENFOOTBALL_URLS = ['en.1', 'es.1', 'it.1', 'de.1', 'fr.1'].map(
  (league) => `https://raw.githubusercontent.com/openfootball/football.json/master/{season}/${league}.json`,
)
