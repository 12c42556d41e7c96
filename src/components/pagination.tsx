import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { BackIcon, ForwardIcon } from '../../lib/icons.tsx'

/** What the links and the status say, when they step through something other than pages. */
interface PaginationWords {
  /** The navigation's accessible name. */
  nav: string
  previous: ReactNode
  next: ReactNode
  /** Where the reader is: "Page 2 of 5" by default. */
  status: ReactNode
}

/** Previous and next links with where the reader is; plain links, so it works without JavaScript. */
export function Pagination({
  page,
  pages,
  pathFor,
  words,
}: {
  page: number
  pages: number
  pathFor: (page: number) => string
  words?: PaginationWords
}) {
  const { t } = useLingui()
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label={words?.nav ?? t`Pages`}>
      {page > 1 ? (
        <a className="button button-quiet" href={pathFor(page - 1)} rel="prev">
          <BackIcon />
          {words?.previous ?? <Trans>Previous page</Trans>}
        </a>
      ) : null}
      <span className="pagination-status">
        {words?.status ?? (
          <Trans>
            Page {page} of {pages}
          </Trans>
        )}
      </span>
      {page < pages ? (
        <a className="button button-quiet" href={pathFor(page + 1)} rel="next">
          {words?.next ?? <Trans>Next page</Trans>}
          <ForwardIcon />
        </a>
      ) : null}
    </nav>
  )
}
