// What the live text and team sheets show, for the server's render and the browser's redraw
// alike: kept apart from their components so the browser half loads no React.
import type { CommentaryEntry, LineupPlayer } from '../../lib/live.ts'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'

/** The entry's text in the page's language, else in the other one, with its own language and direction. */
export function entryText(entry: CommentaryEntry, lang: Locale): { text: string; lang: Locale } {
  const other: Locale = lang === 'ar' ? 'en' : 'ar'
  const own = entry.text[lang]
  return own ? { text: own, lang } : { text: entry.text[other] ?? '', lang: other }
}

export const entryClass = (entry: CommentaryEntry) => `commentary-entry${entry.key ? ' is-key' : ''}${entry.pinned ? ' is-pinned' : ''}`

export const playerName = (player: LineupPlayer, lang: Locale) => localized(player.player, lang) || player.name
