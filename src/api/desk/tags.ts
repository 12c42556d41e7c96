// What a post can be tagged with (docs/desk-api.md): clubs, players, competitions and matches
// found by the site's own search (src/db/search.ts), so the desk finds a club by the same
// spellings readers use ("Ahly", "الأهلي", "El Ahly").
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import type { LocalizedText } from '../../../lib/localized.ts'
import { normalizeSearchText, searchWords, wordsTsQuery } from '../../../lib/search-text.ts'
import type { Bilingual } from '../../db/desk-posts.ts'
import type { LabelledTag } from '../../db/post-tags.ts'
import { searchDocuments, type SearchRow } from '../../db/search.ts'
import { deskAnswerReader } from '../../desk/desk-calls.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { roleRequired } from '../guards.ts'

export const deskTags = new Hono<AppEnv>()

export type TagChoice = LabelledTag

/** Five of each kind: twenty in all, the most a picker shows. */
const PER_KIND = 5

const TagQuery = v.object({ q: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)) })

const tagQuery = urlInput('query', TagQuery, () => {
  throw new ApiError(422, msg`Please type what to search for, up to 100 characters.`)
})

const both = (text: LocalizedText): Bilingual => ({ ar: text.ar || text.en || '', en: text.en || text.ar || '' })

/** A match is its two teams and its day: "Al Ahly – Zamalek, 2026-11-21". */
function matchLabel(item: Extract<SearchRow, { kind: 'match' }>['item']): Bilingual {
  const day = item.kickoff.slice(0, 10)
  const home = both(item.home.short.en || item.home.short.ar ? item.home.short : item.home.name)
  const away = both(item.away.short.en || item.away.short.ar ? item.away.short : item.away.name)
  return { ar: `${home.ar} – ${away.ar}، ${day}`, en: `${home.en} – ${away.en}, ${day}` }
}

function choiceOf(row: SearchRow): TagChoice | null {
  switch (row.kind) {
    case 'club':
    case 'player':
    case 'competition':
      return { type: row.kind, id: row.id, label: both(row.item.name) }
    case 'match':
      return { type: 'match', id: row.id, label: matchLabel(row.item) }
    default:
      return null
  }
}

const tagsRead = deskTags.get('/', roleRequired('contributor'), tagQuery, async (c) => {
  const { q } = c.req.valid('query')
  const words = searchWords(q)
  const rows = words.length
    ? await searchDocuments(c.var.db.sql, {
        text: normalizeSearchText(q),
        tsQuery: wordsTsQuery(words),
        groups: ['clubs', 'players', 'competitions', 'matches'],
        limit: PER_KIND,
      })
    : []
  return ok(
    c,
    msg`OK`,
    rows.flatMap((row) => choiceOf(row) ?? []),
  )
})

/**
 * What the tags search finds for `q`, cut to the 100 characters the API takes, as GET
 * /desk/tags answers it: the answer itself, as a picker shows none rather than an error page.
 */
export const searchDeskTags = deskAnswerReader(tagsRead, (q: string) => withQuery('tags', { q: q.slice(0, 100) }))
