// Autosave for the post editor (issue 15). It watches the editor's form (by id) and, after
// three seconds without typing, when a field loses focus, or when the page is being left,
// posts the form asking for JSON to the autosave address. The first save of a new post
// creates it: the answer names the post's own editor and autosave addresses, and the page
// takes them on (address bar, the form's action) without a reload. It says what happened
// in a polite live region: "Saved at 21:40" or "Not saved: …".
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { useEffect, useRef, useState } from 'react'
import type { AutosaveAnswer } from '../../lib/autosave-answer.ts'

export interface DeskAutosaveProps {
  /** The id of the editor's form. */
  form: string
  /** Where a changed form is posted. */
  action: string
}

const IDLE_MS = 3000

type Shown = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: string } | { state: 'failed'; reason: string }

function snapshot(form: HTMLFormElement): string {
  return new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()
}

export default function DeskAutosave({ form: formId, action }: DeskAutosaveProps) {
  const { i18n } = useLingui()
  const [shown, setShown] = useState<Shown>({ state: 'idle' })
  const target = useRef(action)

  useEffect(() => {
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    let saved = snapshot(form)
    let timer: ReturnType<typeof setTimeout> | undefined
    let running: Promise<void> | null = null

    async function save(keepalive = false): Promise<void> {
      clearTimeout(timer)
      if (!(form instanceof HTMLFormElement)) return
      const body = snapshot(form)
      if (body === saved || running) return
      setShown({ state: 'saving' })
      running = (async () => {
        try {
          const response = await fetch(target.current, {
            method: 'POST',
            // eslint-disable-next-line lingui/no-unlocalized-strings -- a media type, not words
            headers: { accept: 'application/json' },
            body: new URLSearchParams(body),
            keepalive,
            credentials: 'same-origin',
          })
          const answer = (await response.json()) as AutosaveAnswer
          if (response.ok && answer.savedAt) {
            saved = body
            setShown({ state: 'saved', at: answer.savedAt })
            if (answer.editor && answer.autosave && answer.save) {
              // A new post now exists: from here on this page is its editor.
              target.current = answer.autosave
              form.action = answer.save
              history.replaceState(null, '', answer.editor)
            }
          } else {
            setShown({ state: 'failed', reason: answer.message })
          }
        } catch {
          setShown({ state: 'failed', reason: i18n._(msg`The connection failed. Your changes are still on this page.`) })
        } finally {
          running = null
        }
      })()
      await running
    }

    const soon = () => {
      clearTimeout(timer)
      timer = setTimeout(() => void save(), IDLE_MS)
    }
    const now = () => void save()
    const leaving = () => {
      if (document.visibilityState === 'hidden') void save(true)
    }
    // A plain save with the button: what it posts is what autosave would have. One that
    // comes while an autosave is on its way waits for it: a new post's first autosave may be
    // creating it, and the form must then go to the post it made, not make another.
    const submitted = (event: SubmitEvent) => {
      clearTimeout(timer)
      if (running) {
        event.preventDefault()
        const button = event.submitter
        void running.then(() => form.requestSubmit(button))
        return
      }
      saved = snapshot(form)
    }
    // The rich-text island fires a bubbling `blur` of its own when its editor loses focus.
    const listeners: [EventTarget, string, (event: never) => void, boolean][] = [
      [form, 'input', soon, false],
      [form, 'change', soon, false],
      [form, 'focusout', now, false],
      [form, 'blur', now, true],
      [form, 'submit', submitted, false],
      [document, 'visibilitychange', leaving, false],
      [window, 'pagehide', now, false],
    ]
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener as EventListener, capture)
    return () => {
      clearTimeout(timer)
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener as EventListener, capture)
    }
  }, [formId, i18n])

  let text = ''
  if (shown.state === 'saving') text = i18n._(msg`Saving…`)
  if (shown.state === 'saved') {
    const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short', hourCycle: 'h23' }).format(new Date(shown.at))
    text = i18n._(msg`Saved at ${time}`)
  }
  if (shown.state === 'failed') text = i18n._(msg`Not saved: ${shown.reason}`)
  return (
    <p className="desk-autosave" role="status" aria-live="polite">
      {text}
    </p>
  )
}
