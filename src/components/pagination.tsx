import { Trans, useLingui } from '@lingui/react/macro'
import { BackIcon, ForwardIcon } from '../../lib/icons.tsx'

/** Previous and next links with "Page 2 of 5"; plain links, so it works without JavaScript. */
export function Pagination({ page, pages, pathFor }: { page: number; pages: number; pathFor: (page: number) => string }) {
  const { t } = useLingui()
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      {page > 1 ? (
        <a className="button button-quiet" href={pathFor(page - 1)} rel="prev">
          <BackIcon />
          <Trans>Previous page</Trans>
        </a>
      ) : null}
      <span className="pagination-status">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      {page < pages ? (
        <a className="button button-quiet" href={pathFor(page + 1)} rel="next">
          <Trans>Next page</Trans>
          <ForwardIcon />
        </a>
      ) : null}
    </nav>
  )
}
