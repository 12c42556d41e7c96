// One library item at the desk: the file as readers would get it, its covers' widths, and
// the form that corrects its credit, licence and text in both languages, for an account
// that may change it (mayChangeMedia); anyone else reads them.
import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment } from 'react'
import { href } from '../../../lib/links.ts'
import { LOCALE_CONFIG, LOCALES } from '../../../lib/locales.ts'
import { localized } from '../../../lib/localized.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import type { MediaItem } from '../../db/media-library.ts'
import { COVER_SIZES, coverSrcset } from '../../media/cover-sizes.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskFormError, DeskTime } from './desk-parts.tsx'
import { CreditFacts, MediaDescriptionFields, useMediaKindName } from './media-library.tsx'

function MediaPreview({ item }: { item: MediaItem }) {
  const { lang } = usePageRequest()
  const widest = item.variants.at(-1)
  if (item.kind === 'image' && widest) {
    return (
      <img
        className="media-preview"
        src={widest.src}
        srcSet={coverSrcset(item.variants)}
        sizes={COVER_SIZES.hero}
        alt={localized(item.alt, lang)}
        width={widest.width}
        height={widest.height}
      />
    )
  }
  if (item.kind === 'audio') return <audio className="media-preview" controls preload="metadata" src={item.src} aria-label={localized(item.alt, lang)} />
  return <video className="media-preview" controls preload="metadata" src={item.src} aria-label={localized(item.alt, lang)} />
}

export function MediaItemPage({
  item,
  mayChange,
  failure,
  values,
}: {
  item: MediaItem
  /** Whether the account may change the item, as the API judges it (mayChangeMedia). */
  mayChange: boolean
  failure?: FormFailure | undefined
  values?: Record<string, string>
}) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const textLabel = { ar: t`Text in Arabic`, en: t`Text in English` }
  const kindName = useMediaKindName()
  const uploader = item.createdBy?.name
  const shown = values ?? { credit: item.credit, licence: item.licence, 'alt.ar': item.alt.ar, 'alt.en': item.alt.en }
  const format = new Intl.NumberFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 })
  return (
    <div className="media-item">
      <p>
        <a href={href(lang, 'deskMedia')}>
          <Trans>Back to the library</Trans>
        </a>
      </p>
      <MediaPreview item={item} />
      <dl className="desk-facts">
        <dt>
          <Trans>Kind</Trans>
        </dt>
        <dd>
          {kindName[item.kind]} (<bdi dir="ltr">{item.mime}</bdi>)
        </dd>
        <dt>
          <Trans>Size</Trans>
        </dt>
        <dd>
          <bdi>{format.format(item.bytes / 1000)}</bdi>
          {item.width && item.height ? (
            <>
              {' · '}
              <bdi dir="ltr">{`${item.width} × ${item.height}`}</bdi>
            </>
          ) : null}
        </dd>
        {item.variants.length > 0 ? (
          <>
            <dt>
              <Trans>Cover widths (WebP)</Trans>
            </dt>
            <dd>
              <ul className="media-variants">
                {item.variants.map((variant) => (
                  <li key={variant.src}>
                    <a href={variant.src}>
                      <bdi dir="ltr">{`${variant.width} × ${variant.height}`}</bdi>
                    </a>{' '}
                    <bdi>{format.format(variant.bytes / 1000)}</bdi>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        <dt>
          <Trans>Added</Trans>
        </dt>
        <dd>
          <DeskTime iso={item.createdAt} />{' '}
          {item.createdBy ? (
            <Trans>
              by <bdi>{uploader}</bdi>
            </Trans>
          ) : null}
        </dd>
      </dl>
      <section aria-labelledby="media-edit-title">
        <h2 id="media-edit-title">
          <Trans>Credit, licence and text</Trans>
        </h2>
        {mayChange ? (
          <form className="desk-form" method="post" action={href(lang, 'deskMediaItem', { id: item.id })}>
            <DeskFormError message={failure?.message} />
            <MediaDescriptionFields values={shown} errors={failure?.errors ?? {}} />
            <button type="submit" className="button">
              {t`Save`}
            </button>
          </form>
        ) : (
          <>
            <DeskFormError message={failure?.message} />
            <dl className="desk-facts">
              <CreditFacts item={item} />
              {LOCALES.map((locale) => (
                <Fragment key={locale}>
                  <dt>{textLabel[locale]}</dt>
                  <dd>
                    {/* Isolated in its own direction, but set where the page's values start, not at the far edge of the column. */}
                    <bdi dir={LOCALE_CONFIG[locale].dir} lang={locale === lang ? undefined : locale}>
                      {item.alt[locale]}
                    </bdi>
                  </dd>
                </Fragment>
              ))}
            </dl>
            <p className="desk-muted">
              <Trans>Only an editor can change this item: another account uploaded it, or a published or scheduled post shows it.</Trans>
            </p>
          </>
        )}
      </section>
    </div>
  )
}
