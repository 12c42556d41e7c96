// The inbox: readers' contact messages, newest first, narrowed to new, handled or all.
import { Trans, useLingui } from '@lingui/react/macro'
import { href, withQuery } from '../../../lib/links.ts'
import type { Locale } from '../../../lib/locales.ts'
import type { InboxMessage, InboxStatus } from '../../db/inbox.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskTable, DeskTime } from './desk-parts.tsx'

export const INBOX_FILTERS = ['new', 'handled', 'all'] as const
export type InboxFilter = (typeof INBOX_FILTERS)[number]

export function useLanguageName(): Record<Locale, string> {
  const { t } = useLingui()
  return { ar: t`Arabic`, en: t`English` }
}

export function InboxStatusBadge({ status }: { status: InboxStatus }) {
  return <span className={`badge desk-status desk-inbox-${status}`}>{status === 'new' ? <Trans>New</Trans> : <Trans>Handled</Trans>}</span>
}

export function InboxList({ messages, filter }: { messages: InboxMessage[]; filter: InboxFilter }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const languageName = useLanguageName()
  const filterLabel: Record<InboxFilter, string> = { new: t`New`, handled: t`Handled`, all: t`All` }
  const inbox = href(lang, 'deskInbox')
  return (
    <>
      <nav className="desk-filters desk-tabs" aria-label={t`Show messages`}>
        {INBOX_FILTERS.map((name) => (
          <a key={name} href={name === 'new' ? inbox : withQuery(inbox, { status: name })} aria-current={name === filter ? 'page' : undefined}>
            {filterLabel[name]}
          </a>
        ))}
      </nav>
      <DeskTable
        caption={<Trans>Messages: {filterLabel[filter]}</Trans>}
        columns={[<Trans>Subject</Trans>, <Trans>From</Trans>, <Trans>Received</Trans>, <Trans>Language</Trans>, <Trans>Status</Trans>]}
        items={messages}
        empty={<Trans>No messages here.</Trans>}
        row={(message) => (
        <tr key={message.id}>
          <td>
            <a href={href(lang, 'deskInboxItem', { id: message.id })}>
              <bdi>{message.subject}</bdi>
            </a>
          </td>
          <td>
            <bdi>{message.name}</bdi>
            <br />
            <bdi className="desk-muted" dir="ltr">
              {message.email}
            </bdi>
          </td>
          <td>
            <DeskTime iso={message.createdAt} />
          </td>
          <td>{languageName[message.lang]}</td>
          <td>
            <InboxStatusBadge status={message.status} />
          </td>
        </tr>
        )}
      />
    </>
  )
}
