// Which public pages show a match in play: the matchday scenario reports the edge cache's hits
// for them apart from the rest, since a page showing a match that changes must be renewed
// and one that does not should stay in the cache. The rule follows what each page type shows
// (src/db/: home.ts, matches.ts, leagues.ts, clubs.ts, players.ts):
//
// - home: yes while any match is live ("Live and upcoming" lists live matches first);
// - a match page: when it is one of the changed matches;
// - a day's list of matches: when a changed match kicks off that day (in the site's zone);
// - a league page: when it shows the season a changed match belongs to (no `?season=` is the latest);
// - a club page: when the club plays in a changed match (its fixtures and results);
// - a player page: when a changed match's events name the player (the page counts those matches);
// - the list of leagues, the lists of posts (news, articles, analytics, caricatures) and posts: never.
//
// Pure, so the rule is tested without a server (tests/unit/bench.test.ts).

export const PAGE_KINDS = ['home', 'match', 'matches', 'league', 'club', 'post list', 'post', 'player', 'leagues'] as const
export type PageKind = (typeof PAGE_KINDS)[number]

/** A public page the readers ask for. */
export interface ReadPage {
  kind: PageKind
  path: string
  /** What the page is about: a match, club or player id; a league page's season id; a day's list's day (YYYY-MM-DD). */
  about?: string
}

/** A match the scenario changes, and what pages reach it by. */
export interface ChangedMatch {
  id: string
  season: string
  clubs: string[]
  /** Its kick-off's day in the site's zone (YYYY-MM-DD). */
  day: string
  /** Players its events name by id. */
  players: string[]
}

export function showsChangedMatch(page: ReadPage, matches: readonly ChangedMatch[]): boolean {
  const any = (test: (match: ChangedMatch) => boolean) => page.about !== undefined && matches.some(test)
  switch (page.kind) {
    case 'home':
      return matches.length > 0
    case 'match':
      return any((m) => m.id === page.about)
    case 'matches':
      return any((m) => m.day === page.about)
    case 'league':
      return any((m) => m.season === page.about)
    case 'club':
      return any((m) => m.clubs.includes(page.about!))
    case 'player':
      return any((m) => m.players.includes(page.about!))
    case 'post list':
    case 'post':
    case 'leagues':
      return false
  }
}
