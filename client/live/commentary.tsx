// The live text: minute-by-minute entries, pinned first, then the newest. The server renders
// it for every match that has any (so a reader without JavaScript has it); on a live page the
// browser redraws the list as entries arrive (client/plain/match-commentary.ts). The "key
// events only" filter is a checkbox that CSS obeys, so it works without script too.
import { type CommentaryEntry, minuteText } from '../../lib/live.ts'
import type { Locale } from '../../lib/locales.ts'
import { entryClass, entryText } from './live-text.ts'
import type { CommentaryWords } from './live-words.ts'

export function CommentaryItems({ entries, lang, words }: { entries: CommentaryEntry[]; lang: Locale; words: CommentaryWords }) {
  return (
    <ol className="commentary-list">
      {entries.map((entry) => {
        const shown = entryText(entry, lang)
        return (
          <li key={entry.id} className={entryClass(entry)} data-entry={entry.id}>
            <bdi dir="ltr" className="commentary-minute">
              {minuteText(entry)}
            </bdi>
            {entry.pinned ? <span className="commentary-tag">{words.pinned}</span> : null}
            {entry.key ? <span className="commentary-tag commentary-tag-key">{words.key}</span> : null}
            <p className="commentary-text" lang={shown.lang} dir={shown.lang === 'ar' ? 'rtl' : 'ltr'}>
              {shown.text}
            </p>
          </li>
        )
      })}
    </ol>
  )
}

export function Commentary({ entries, lang, words }: { entries: CommentaryEntry[]; lang: Locale; words: CommentaryWords }) {
  if (entries.length === 0) return null
  return (
    <section className="commentary" aria-labelledby="commentary-title">
      <div className="commentary-head">
        <h2 id="commentary-title">{words.title}</h2>
        <label className="commentary-filter">
          <input type="checkbox" className="commentary-filter-input" />
          {words.keyOnly}
        </label>
      </div>
      <CommentaryItems entries={entries} lang={lang} words={words} />
    </section>
  )
}
