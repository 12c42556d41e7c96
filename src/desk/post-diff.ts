// What changed between a revision and the post as it is, field by field and language by
// language, as words kept, added and taken out (jsdiff: plain JavaScript, runs in workerd).
// Bodies are compared as their HTML source: a link or a heading that changed is a change.
import { diffWords } from 'diff'

export type DiffPart = { change: 'same' | 'added' | 'removed'; text: string }

/** The words of `after` against `before`; empty when the two are the same. */
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return []
  // Words as Intl finds them: jsdiff's own word pattern knows only Latin letters, and would
  // compare Arabic letter by letter.
  return diffWords(before, after, { intlSegmenter: new Intl.Segmenter(undefined, { granularity: 'word' }) }).map((part) => ({
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value,
  }))
}
