// The console's live text: a form for an entry in Arabic, English or both (the minute filled
// in from the clock), which is also where an entry is edited, and the entries as readers get
// them, pinned first and then the newest, each with edit and delete.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { type CommentaryEntry, compareCommentary, minuteText } from '../../lib/live.ts'
import { MinuteFields, numberIn } from './minute-fields.tsx'
import type { Ask, Change } from './console-api.ts'

interface Draft {
  /** The entry being edited; null for a new one. */
  id: number | null
  minute: string
  stoppage: string
  ar: string
  en: string
  key: boolean
  pinned: boolean
}

const blank = (minute: number | null, stoppage: number | null = null): Draft => ({
  id: null,
  minute: minute === null ? '' : String(minute),
  stoppage: stoppage ? String(stoppage) : '',
  ar: '',
  en: '',
  key: false,
  pinned: false,
})

export function LiveText({
  commentary,
  clock,
  minute,
  busy,
  change,
  ask,
}: {
  commentary: CommentaryEntry[]
  clock: { minute: number; stoppage: number | null } | null
  /** The match's minute when no clock runs (half-time, after full time). */
  minute: number | null
  busy: boolean
  change: Change
  ask: Ask
}) {
  const { t } = useLingui()
  const [draft, setDraft] = useState<Draft>(() => blank(minute))
  // A new entry's minute follows the clock until the editor types one.
  const [minuteTyped, setMinuteTyped] = useState(false)
  const shown = draft.id === null && !minuteTyped ? { ...draft, ...blankMinute(clock, minute) } : draft
  const set = (fields: Partial<Draft>) => setDraft({ ...shown, ...fields })
  const typed = (fields: Partial<Draft>) => {
    setMinuteTyped(true)
    set(fields)
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    const body = {
      minute: numberIn(shown.minute) ?? Number.NaN,
      stoppage: numberIn(shown.stoppage),
      text: { ar: shown.ar.trim() || null, en: shown.en.trim() || null },
      key: shown.key,
      pinned: shown.pinned,
    }
    const saved = shown.id === null ? await change('POST', '/commentary', body) : await change('PATCH', `/commentary/${shown.id}`, body)
    if (saved) {
      setDraft(blank(minute))
      setMinuteTyped(false)
    }
  }

  const edit = (entry: CommentaryEntry) =>
    setDraft({
      id: entry.id,
      minute: String(entry.minute),
      stoppage: entry.stoppage ? String(entry.stoppage) : '',
      ar: entry.text.ar ?? '',
      en: entry.text.en ?? '',
      key: entry.key,
      pinned: entry.pinned,
    })

  return (
    <section aria-labelledby="console-text">
      <h2 id="console-text">
        <Trans>Live text</Trans>
      </h2>
      <form className="console-form console-text-form" onSubmit={(e) => void save(e)}>
        <MinuteFields
          id="text"
          minute={shown.minute}
          stoppage={shown.stoppage}
          onMinute={(value) => typed({ minute: value })}
          onStoppage={(value) => typed({ stoppage: value })}
        />
        <div className="form-field">
          <label htmlFor="text-ar">
            <Trans>Text in Arabic</Trans>
          </label>
          <textarea id="text-ar" lang="ar" dir="rtl" rows={3} maxLength={2000} value={shown.ar} onChange={(e) => set({ ar: e.target.value })} />
        </div>
        <div className="form-field">
          <label htmlFor="text-en">
            <Trans>Text in English</Trans>
          </label>
          <textarea id="text-en" lang="en" dir="ltr" rows={3} maxLength={2000} value={shown.en} onChange={(e) => set({ en: e.target.value })} />
        </div>
        <div className="console-checks">
          <label>
            <input type="checkbox" checked={shown.key} onChange={(e) => set({ key: e.target.checked })} /> <Trans>Key event</Trans>
          </label>
          <label>
            <input type="checkbox" checked={shown.pinned} onChange={(e) => set({ pinned: e.target.checked })} /> <Trans>Pinned</Trans>
          </label>
        </div>
        <div className="desk-actions">
          <button className="button" type="submit" disabled={busy}>
            {shown.id === null ? <Trans>Add the entry</Trans> : <Trans>Save the entry</Trans>}
          </button>
          {shown.id !== null ? (
            <button className="button button-quiet" type="button" onClick={() => setDraft(blank(minute))}>
              <Trans>Cancel editing</Trans>
            </button>
          ) : null}
        </div>
      </form>
      {commentary.length === 0 ? (
        <p className="desk-empty">
          <Trans>No live text yet.</Trans>
        </p>
      ) : (
        <ol className="console-entries">
          {[...commentary].sort(compareCommentary).map((entry) => (
            <li key={entry.id} className="console-entry">
              <p className="console-entry-head">
                <bdi dir="ltr">{minuteText(entry)}</bdi>
                {entry.key ? (
                  <span className="badge">
                    <Trans>Key event</Trans>
                  </span>
                ) : null}
                {entry.pinned ? (
                  <span className="badge">
                    <Trans>Pinned</Trans>
                  </span>
                ) : null}
              </p>
              {entry.text.ar ? (
                <p lang="ar" dir="rtl">
                  {entry.text.ar}
                </p>
              ) : null}
              {entry.text.en ? (
                <p lang="en" dir="ltr">
                  {entry.text.en}
                </p>
              ) : null}
              <div className="desk-actions">
                <button className="button button-quiet" type="button" disabled={busy} onClick={() => edit(entry)}>
                  <Trans>Edit</Trans>
                </button>
                <button
                  className="button button-quiet"
                  type="button"
                  disabled={busy}
                  onClick={() => ask(t`Delete the entry of ${minuteText(entry)}?`, () => change('DELETE', `/commentary/${entry.id}`))}
                >
                  <Trans>Delete</Trans>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function blankMinute(clock: { minute: number; stoppage: number | null } | null, minute: number | null): Pick<Draft, 'minute' | 'stoppage'> {
  const { minute: m, stoppage } = blank(clock?.minute ?? minute, clock?.stoppage)
  return { minute: m, stoppage }
}
