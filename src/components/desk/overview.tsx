// The desk's first screen: what waits for this account, each list linking to its screen.
import { Trans } from '@lingui/react/macro'
import { href, withQuery } from '../../../lib/links.ts'
import type { DeskPost } from '../../db/desk-posts.ts'
import type { InboxMessage } from '../../db/inbox.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskTime, PostTable } from './desk-parts.tsx'

interface Props {
  drafts: DeskPost[]
  review: DeskPost[]
  scheduled: DeskPost[]
  inbox: InboxMessage[]
  editor: boolean
}

export function DeskOverview({ drafts, review, scheduled, inbox, editor }: Props) {
  const { lang } = usePageRequest()
  const posts = href(lang, 'deskPosts')
  return (
    <div className="desk-overview">
      <p>
        <a className="button" href={href(lang, 'deskPostNew')}>
          <Trans>Write a new post</Trans>
        </a>
      </p>
      <section aria-labelledby="desk-review">
        <h2 id="desk-review">
          <a href={withQuery(posts, { status: 'review' })}>
            <Trans>Waiting for review</Trans>
          </a>
        </h2>
        <PostTable posts={review} caption={<Trans>Posts sent for review</Trans>} />
      </section>
      <section aria-labelledby="desk-drafts">
        <h2 id="desk-drafts">
          <a href={withQuery(posts, { status: 'draft', mine: '1' })}>
            <Trans>My drafts</Trans>
          </a>
        </h2>
        <PostTable posts={drafts} caption={<Trans>Your drafts</Trans>} />
      </section>
      {editor ? (
        <>
          <section aria-labelledby="desk-scheduled">
            <h2 id="desk-scheduled">
              <a href={withQuery(posts, { status: 'scheduled' })}>
                <Trans context="post status">Scheduled</Trans>
              </a>
            </h2>
            <PostTable posts={scheduled} caption={<Trans>Posts that go out at a set time</Trans>} />
          </section>
          <section aria-labelledby="desk-inbox">
            <h2 id="desk-inbox">
              <a href={href(lang, 'deskInbox')}>
                <Trans>New messages</Trans>
              </a>
            </h2>
            {inbox.length === 0 ? (
              <p className="desk-empty">
                <Trans>No new messages.</Trans>
              </p>
            ) : (
              <ul className="desk-list">
                {inbox.map((message) => (
                  <li key={message.id}>
                    <a href={href(lang, 'deskInboxItem', { id: message.id })}>
                      <bdi>{message.subject}</bdi>
                    </a>{' '}
                    <span className="desk-muted">
                      <bdi>{message.name}</bdi> · <DeskTime iso={message.createdAt} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  )
}
