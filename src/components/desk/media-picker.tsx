// What a post takes from the media library, inside the post editor's form so it works
// without JavaScript: its cover among the newest images (decision 084), radio buttons with
// thumbnails; its audio and video among the newest clips (decision 089), checkboxes. The
// values are library ids, which the desk API checks name an item of the right kind.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href } from '../../../lib/links.ts'
import { localized } from '../../../lib/localized.ts'
import type { MediaItem } from '../../db/media-library.ts'
import { usePageRequest } from '../../request-context.tsx'
import { MediaThumbnail, useMediaKindName } from './media-library.tsx'

interface PickerFrameProps {
  /** The form field the choices post as. */
  name: string
  legend: string
  error?: string | undefined
  /** The link to the library, in words. */
  upload: ReactNode
  children: ReactNode
}

/** A picker's fieldset: its choices, the API's error for the field, and the way to upload more. */
function PickerFrame({ name, legend, error, upload, children }: PickerFrameProps) {
  const { lang } = usePageRequest()
  const errorId = `desk-${name}-error`
  return (
    <fieldset className={`desk-${name}`} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <ul className="media-picker">{children}</ul>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      <p className="field-hint">
        <a href={href(lang, 'deskMedia')}>{upload}</a>
      </p>
    </fieldset>
  )
}

export function CoverPicker({ images, value, error }: { images: MediaItem[]; value: string; error?: string | undefined }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  // A cover chosen earlier that is no longer among the newest stays on offer, and chosen.
  const kept = value !== '' && !images.some((image) => image.id === value)
  return (
    <PickerFrame name="cover" legend={t`Cover`} error={error} upload={<Trans>Upload an image to the media library</Trans>}>
      <li>
        <label>
          <input type="radio" name="cover" value="" defaultChecked={value === ''} />
          <Trans>No cover</Trans>
        </label>
      </li>
      {kept ? (
        <li>
          <label>
            <input type="radio" name="cover" value={value} defaultChecked />
            <Trans>The current cover (no. {value})</Trans>
          </label>
        </li>
      ) : null}
      {images.map((image) => (
        <li key={image.id}>
          <label>
            <input type="radio" name="cover" value={image.id} defaultChecked={image.id === value} />
            <MediaThumbnail item={image} decorative />
            <bdi>{localized(image.alt, lang)}</bdi>
          </label>
        </li>
      ))}
    </PickerFrame>
  )
}

/**
 * The post's audio and video as checkboxes: those attached first, checked, in the order the
 * page plays them (so a save keeps it), then the library's newest other clips; a clip ticked
 * is added after those attached.
 */
export function ClipPicker({ clips, value, error }: { clips: MediaItem[]; value: string[]; error?: string | undefined }) {
  const { t } = useLingui()
  const byId = new Map(clips.map((clip) => [clip.id, clip]))
  const others = clips.filter((clip) => !value.includes(clip.id))
  return (
    <PickerFrame name="media" legend={t`Audio and video`} error={error} upload={<Trans>Upload audio or video to the media library</Trans>}>
      {value.map((id) => (
        <ClipChoice key={id} id={id} clip={byId.get(id)} attached />
      ))}
      {others.map((clip) => (
        <ClipChoice key={clip.id} id={clip.id} clip={clip} attached={false} />
      ))}
    </PickerFrame>
  )
}

/** One clip's checkbox with its kind and title; an attached clip older than those listed shows its number. */
function ClipChoice({ id, clip, attached }: { id: string; clip: MediaItem | undefined; attached: boolean }) {
  const { lang } = usePageRequest()
  const kindName = useMediaKindName()
  return (
    <li>
      <label>
        <input type="checkbox" name="media" value={id} defaultChecked={attached} />
        {clip ? (
          <>
            <span className="desk-muted">{kindName[clip.kind]}</span>
            <bdi>{localized(clip.alt, lang)}</bdi>
          </>
        ) : (
          <Trans>An attached clip (no. {id})</Trans>
        )}
      </label>
    </li>
  )
}
