// A post's cover, chosen among the library's newest images (decision 084): radio buttons
// with thumbnails, inside the post editor's form, so it works without JavaScript. The value
// is the image's library id, which the desk API checks names an image.
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import { localized } from '../../../lib/localized.ts'
import type { MediaItem } from '../../db/media-library.ts'
import { usePageRequest } from '../../request-context.tsx'
import { MediaThumbnail } from './media-library.tsx'

export function CoverPicker({ images, value, error }: { images: MediaItem[]; value: string; error?: string | undefined }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  // A cover chosen earlier that is no longer among the newest stays on offer, and chosen.
  const kept = value !== '' && !images.some((image) => image.id === value)
  const errorId = 'desk-cover-error'
  return (
    <fieldset className="desk-cover" aria-describedby={error ? errorId : undefined}>
      <legend>{t`Cover`}</legend>
      <ul className="media-picker">
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
      </ul>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      <p className="field-hint">
        <a href={href(lang, 'deskMedia')}>
          <Trans>Upload an image to the media library</Trans>
        </a>
      </p>
    </fieldset>
  )
}
