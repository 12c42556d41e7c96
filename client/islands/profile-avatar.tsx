// The photo upload of the profile page. Without JavaScript it is a plain multipart form: the
// server answers with a redirect and a toast, or the page again with the reason. Once this
// island runs, the chosen image shows as a preview, a file over the limit is refused before
// it is sent, and the form posts with fetch; the server still judges every byte.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { submitForm } from '../auth/post-form.ts'
import { showToast } from '../show-toast.ts'

export interface ProfileAvatarProps {
  action: string
  /** The largest file the server takes, in bytes. */
  maxBytes: number
  /** Why the last upload was refused, worded by the server. */
  error?: string
}

const TOO_LARGE = msg`Please choose an image of at most 2 MB.`
const INPUT_ID = 'profile-avatar'

export default function ProfileAvatar({ action, maxBytes, error: refused }: ProfileAvatarProps) {
  const { i18n } = useLingui()
  const [error, setError] = useState(refused)
  const [preview, setPreview] = useState<string>()
  const input = useRef<HTMLInputElement>(null)

  // A preview's object URL holds the file in memory until it is revoked.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview)
  }, [preview])

  function chosen() {
    const file = input.current?.files?.[0]
    setPreview(file ? URL.createObjectURL(file) : undefined)
    setError(file && file.size > maxBytes ? i18n._(TOO_LARGE) : undefined)
  }
  const chosenRef = useRef(chosen)

  // A file chosen before the island woke up is previewed (and checked) all the same.
  useEffect(() => {
    if (input.current?.files?.length) chosenRef.current()
  }, [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    if (error) {
      showToast({ type: 'error', message: error })
      return
    }
    const answer = await submitForm(form, null, i18n)
    if (!answer) return
    setError(answer.errors?.avatar ?? answer.message)
    showToast({ type: 'error', message: answer.message })
  }

  const errorId = error ? `error-${INPUT_ID}` : undefined
  return (
    <form className="avatar-form" method="post" action={action} encType="multipart/form-data" onSubmit={onSubmit} aria-labelledby="photo-title">
      {preview ? <img className="avatar-preview" src={preview} alt={i18n._(msg`The photo you chose`)} width={96} height={96} /> : null}
      <div className="form-field">
        <label htmlFor={INPUT_ID}>
          <Trans>Choose a photo</Trans>
        </label>
        <input
          id={INPUT_ID}
          name="avatar"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          required
          ref={input}
          onChange={chosen}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, `hint-${INPUT_ID}`].filter(Boolean).join(' ')}
        />
        <p id={`hint-${INPUT_ID}`} className="field-hint">
          <Trans>PNG, JPEG or WebP, up to 2 MB. Its location and camera details are removed.</Trans>
        </p>
        {error ? (
          <p id={errorId} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <button className="button" type="submit">
        <Trans>Upload photo</Trans>
      </button>
    </form>
  )
}
