// The media library at the desk: what was uploaded, narrowed by kind, each with its
// thumbnail, credit, licence and text; and the upload form, a plain multipart form post that
// works without JavaScript (decision 085).
import { Trans, useLingui } from '@lingui/react/macro'
import { href, withQuery } from '../../../lib/links.ts'
import { localized } from '../../../lib/localized.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import type { MediaItem } from '../../db/media-library.ts'
import { LICENCE_NAMES, LICENCES } from '../../media/licences.ts'
import { MEDIA_KINDS, type MediaKind } from '../../media/library-upload.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskField, DeskFormError, DeskTime } from './desk-parts.tsx'

export type MediaFilter = MediaKind | 'all'

export function useMediaKindName(): Record<MediaKind, string> {
  const { t } = useLingui()
  return { image: t`Image`, audio: t`Audio`, video: t`Video` }
}

/** A small picture of the item: an image's narrowest cover, else a word for its kind; `decorative` where its text is written beside it. */
export function MediaThumbnail({ item, decorative = false }: { item: MediaItem; decorative?: boolean }) {
  const { lang } = usePageRequest()
  const kindName = useMediaKindName()
  const smallest = item.variants[0]
  if (item.kind === 'image' && smallest) {
    return (
      <img
        className="media-thumb"
        src={smallest.src}
        alt={decorative ? '' : localized(item.alt, lang)}
        width={smallest.width}
        height={smallest.height}
        loading="lazy"
        decoding="async"
      />
    )
  }
  return (
    <span className={`media-thumb media-thumb-${item.kind}`} aria-hidden="true">
      {kindName[item.kind]}
    </span>
  )
}

/** The fields an item is described by, shared by the upload and the edit form. */
/** An item's credit and licence, as terms of a description list: the card and the item page show both. */
export function CreditFacts({ item }: { item: Pick<MediaItem, 'credit' | 'licence'> }) {
  const { i18n } = useLingui()
  return (
    <>
      <dt>
        <Trans>Credit</Trans>
      </dt>
      <dd>
        <bdi>{item.credit}</bdi>
      </dd>
      <dt>
        <Trans>Licence</Trans>
      </dt>
      <dd>{i18n._(LICENCE_NAMES[item.licence])}</dd>
    </>
  )
}

export function MediaDescriptionFields({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  const { i18n, t } = useLingui()
  const { lang } = usePageRequest()
  return (
    <>
      <DeskField name="credit" label={t`Credit`} error={errors.credit} hint={t`Who made it, and for whom: "Hadaf / Sami Haddad", "Reuters".`}>
        {(attrs) => <input {...attrs} type="text" required maxLength={200} defaultValue={values.credit ?? ''} autoComplete="off" />}
      </DeskField>
      <DeskField name="licence" label={t`Licence`} error={errors.licence}>
        {(attrs) => (
          <select {...attrs} required defaultValue={values.licence ?? ''}>
            <option value="" disabled>
              {t`Choose a licence`}
            </option>
            {LICENCES.map((licence) => (
              <option key={licence} value={licence}>
                {i18n._(LICENCE_NAMES[licence])}
              </option>
            ))}
          </select>
        )}
      </DeskField>
      <DeskField name="alt.ar" label={t`Text in Arabic`} error={errors['alt.ar']} hint={t`For an image, what it shows; for a sound or a video, its title.`}>
        {(attrs) => <input {...attrs} type="text" required maxLength={300} dir="rtl" lang={lang === 'ar' ? undefined : 'ar'} defaultValue={values['alt.ar'] ?? ''} />}
      </DeskField>
      <DeskField name="alt.en" label={t`Text in English`} error={errors['alt.en']}>
        {(attrs) => <input {...attrs} type="text" required maxLength={300} dir="ltr" lang={lang === 'en' ? undefined : 'en'} defaultValue={values['alt.en'] ?? ''} />}
      </DeskField>
    </>
  )
}

export function MediaUploadForm({ failure, values }: { failure?: FormFailure | undefined; values: Record<string, string> }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const errors = failure?.errors ?? {}
  return (
    <form className="desk-form media-upload" method="post" action={href(lang, 'deskMedia')} encType="multipart/form-data">
      <DeskFormError message={failure?.message} />
      <DeskField name="file" label={t`File`} error={errors.file} hint={t`A JPEG, PNG or WebP image of up to 10 MB; an MP3, M4A or Ogg sound or an MP4 or WebM video of up to 50 MB.`}>
        {(attrs) => <input {...attrs} type="file" required accept="image/jpeg,image/png,image/webp,audio/mpeg,audio/mp4,audio/ogg,video/mp4,video/webm" />}
      </DeskField>
      <MediaDescriptionFields values={values} errors={errors} />
      <button type="submit" className="button">
        <Trans>Upload</Trans>
      </button>
    </form>
  )
}

export function MediaLibrary({
  items,
  filter,
  failure,
  values,
}: {
  items: MediaItem[]
  filter: MediaFilter
  failure?: FormFailure | undefined
  values: Record<string, string>
}) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const kindName = useMediaKindName()
  const library = href(lang, 'deskMedia')
  const filterLabel: Record<MediaFilter, string> = { all: t`All`, image: t`Images`, audio: t`Audio`, video: t`Video` }
  return (
    <>
      <section aria-labelledby="media-upload-title">
        <h2 id="media-upload-title">
          <Trans>Upload</Trans>
        </h2>
        <MediaUploadForm failure={failure} values={values} />
      </section>
      <section aria-labelledby="media-items-title">
        <h2 id="media-items-title">
          <Trans>In the library</Trans>
        </h2>
        <nav className="desk-filters desk-tabs" aria-label={t`Show media`}>
          {(['all', ...MEDIA_KINDS] as const).map((name) => (
            <a key={name} href={name === 'all' ? library : withQuery(library, { kind: name })} aria-current={name === filter ? 'page' : undefined}>
              {filterLabel[name]}
            </a>
          ))}
        </nav>
        {items.length === 0 ? (
          <p className="desk-empty">
            <Trans>Nothing here yet.</Trans>
          </p>
        ) : (
          <ul className="media-grid">
            {items.map((item) => (
              <li key={item.id} className="media-card">
                <MediaThumbnail item={item} />
                <dl className="media-facts">
                  <dt>
                    <Trans>Kind</Trans>
                  </dt>
                  <dd>{kindName[item.kind]}</dd>
                  <CreditFacts item={item} />
                  <dt>
                    <Trans>Added</Trans>
                  </dt>
                  <dd>
                    <DeskTime iso={item.createdAt} />
                  </dd>
                </dl>
                <p className="media-alt">
                  <a href={href(lang, 'deskMediaItem', { id: item.id })}>
                    <bdi>{localized(item.alt, lang)}</bdi>
                  </a>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
