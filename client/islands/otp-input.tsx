import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { useLingui } from '@lingui/react/macro'
import {
  OTP_COMPLETE_EVENT,
  applyInput,
  applyKey,
  emptyValues,
  focusAfterFill,
  isComplete,
  joinCode,
  otpLabelId,
  otpLength,
  sanitizePaste,
  type OtpCompleteDetail,
  type OtpEdit,
  type OtpMode,
} from '../../lib/otp.ts'

export interface OtpInputProps {
  /** Number of boxes (spec §5); 4 unless set. */
  length?: number
  /** Digits only (default) or word characters. */
  mode?: OtpMode
  /** The form field the joined code is posted as (a hidden input). */
  name: string
  /** The visible label of the group, already in the page's language. */
  label: string
  /** Called with the joined code whenever the last empty box is filled. */
  onComplete?: (code: string) => void
  /** The last code was refused: the boxes say so to assistive technology and in colour. */
  invalid?: boolean
  /** The id of the text that explains the group (a hint, an error). */
  describedBy?: string
}

/**
 * The one-time-code input (spec §5): one box per character, left to right in both
 * languages. Its rules live in lib/otp.ts. A hidden input carries the joined code, so the
 * surrounding form posts it like any field. When every box is filled it calls `onComplete`
 * and dispatches `otp-complete` (detail: `{ code }`, bubbling) on the group, which is how
 * page code hears about it when the component runs as an island (props are JSON there).
 */
export default function OtpInput({ length, mode = 'numeric', name, label, onComplete, invalid, describedBy }: OtpInputProps) {
  const { t } = useLingui()
  const total = otpLength(length)
  const [state, setState] = useState(() => emptyValues(total))
  const values = state.length === total ? state : emptyValues(total)
  const groupRef = useRef<HTMLDivElement>(null)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const labelId = otpLabelId(name)

  function focusBox(index: number) {
    const box = boxes.current[index]
    box?.focus()
    box?.select()
  }

  function apply(edit: OtpEdit | null) {
    if (!edit) return
    const code = joinCode(edit.values)
    const changed = edit.values.some((value, i) => value !== values[i])
    if (changed) setState(edit.values)
    focusBox(edit.focus)
    if (changed && isComplete(edit.values)) {
      onComplete?.(code)
      groupRef.current?.dispatchEvent(
        new CustomEvent<OtpCompleteDetail>(OTP_COMPLETE_EVENT, { detail: { code }, bubbles: true }),
      )
    }
  }

  // A whole code arriving at once (SMS autofill, some keyboards' suggestions) would be cut
  // to one character by maxLength before React sees it, so it is taken from `beforeinput`.
  const applyRef = useRef(apply)
  useEffect(() => {
    applyRef.current = apply
  })
  useEffect(() => {
    const group = groupRef.current
    if (!group) return
    const onBeforeInput = (event: InputEvent) => {
      if (!event.data || Array.from(event.data).length < 2) return
      event.preventDefault()
      const pasted = sanitizePaste(event.data, total, mode)
      if (pasted) applyRef.current({ values: pasted, focus: focusAfterFill(pasted) })
    }
    group.addEventListener('beforeinput', onBeforeInput)
    return () => group.removeEventListener('beforeinput', onBeforeInput)
  }, [mode, total])

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.nativeEvent.isComposing) return
    if (event.key === 'Enter') {
      // A complete code submits the form (its submit handlers and validation run); an
      // incomplete one does not go anywhere.
      event.preventDefault()
      if (isComplete(values)) event.currentTarget.form?.requestSubmit()
      return
    }
    const edit = applyKey(values, index, event.key)
    if (edit) {
      event.preventDefault()
      apply(edit)
      return
    }
    // A printable key: take it here, so a box that already holds a character is replaced
    // whatever the caret (maxLength would otherwise refuse it). Refused characters never
    // reach the box. Shortcuts (Ctrl/Cmd) and Tab go to the browser.
    if (Array.from(event.key).length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault()
      apply(applyInput(values, index, event.key, mode))
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    const pasted = sanitizePaste(event.clipboardData.getData('text'), total, mode)
    if (pasted) apply({ values: pasted, focus: focusAfterFill(pasted) })
  }

  return (
    <div className="otp">
      <span className="otp-label" id={labelId}>
        {label}
      </span>
      <div className="otp-boxes" role="group" aria-labelledby={labelId} aria-describedby={describedBy} dir="ltr" ref={groupRef}>
        {values.map((value, index) => {
          const n = index + 1
          return (
            <input
              key={index}
              ref={(box) => {
                boxes.current[index] = box
              }}
              className="otp-box"
              type="text"
              inputMode={mode === 'numeric' ? 'numeric' : 'text'}
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={1}
              aria-label={mode === 'numeric' ? t`Digit ${n} of ${total}` : t`Character ${n} of ${total}`}
              aria-invalid={invalid || undefined}
              value={value}
              onKeyDown={(event) => onKeyDown(event, index)}
              // Virtual keyboards that send no usable key (Android's "Unidentified") land here.
              onChange={(event) => apply(applyInput(values, index, event.currentTarget.value, mode))}
              onPaste={onPaste}
              onFocus={(event) => event.currentTarget.select()}
            />
          )
        })}
      </div>
      <input type="hidden" name={name} value={joinCode(values)} />
    </div>
  )
}
