// One contact message at the desk: who sent it, what they wrote, the replies sent so far,
// and the two forms an editor uses on it: mark it new or handled, and reply by mail.
import { Trans } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import { LOCALE_CONFIG } from '../../../lib/locales.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import type { InboxMessage } from '../../db/inbox.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskField, DeskFormError, DeskTime } from './desk-parts.tsx'
import { InboxStatusBadge, useLanguageName } from './inbox-list.tsx'

export interface FailedDeskForm<F extends string> {
  form: F
  failure: FormFailure
  values: Record<string, string>
}

/**
 * What readers write keeps its own direction and line breaks. The <bdi> is the block itself:
 * a paragraph's dir="auto" would not look inside one, and Arabic on an English page must
 * start from the right.
 */
function UserText({ text, lang }: { text: string; lang: string }) {
  return (
    <bdi className="desk-user-text" lang={lang} dir="auto">
      {text}
    </bdi>
  )
}

export function InboxMessagePage({ message, failed }: { message: InboxMessage; failed?: FailedDeskForm<'status' | 'reply'> }) {
  const { lang } = usePageRequest()
  const languageName = useLanguageName()
  const reply = failed?.form === 'reply' ? failed : undefined
  const status = failed?.form === 'status' ? failed : undefined
  const next = message.status === 'new' ? 'handled' : 'new'
  return (
    <div className="desk-message">
      <p>
        <a href={href(lang, 'deskInbox')}>
          <Trans>Back to the inbox</Trans>
        </a>
      </p>
      <dl className="desk-facts">
        <dt>
          <Trans>From</Trans>
        </dt>
        <dd>
          <bdi>{message.name}</bdi>{' '}
          <a href={`mailto:${message.email}`} dir="ltr">
            {message.email}
          </a>
        </dd>
        <dt>
          <Trans>Subject</Trans>
        </dt>
        <dd>
          <bdi>{message.subject}</bdi>
        </dd>
        <dt>
          <Trans>Received</Trans>
        </dt>
        <dd>
          <DeskTime iso={message.createdAt} />
        </dd>
        <dt>
          <Trans>Language</Trans>
        </dt>
        <dd>{languageName[message.lang]}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <InboxStatusBadge status={message.status} />
          {message.handledAt ? (
            <>
              {' '}
              <DeskTime iso={message.handledAt} />
            </>
          ) : null}
        </dd>
      </dl>
      <section aria-labelledby="desk-message-text">
        <h2 id="desk-message-text">
          <Trans>The message</Trans>
        </h2>
        <UserText text={message.message} lang={message.lang} />
        <form className="desk-actions" method="post" action={href(lang, 'deskInboxPart', { id: message.id, part: 'status' })}>
          <DeskFormError message={status?.failure.message} />
          <input type="hidden" name="status" value={next} />
          <button className="button button-quiet" type="submit">
            {next === 'handled' ? <Trans>Mark as handled</Trans> : <Trans>Mark as new</Trans>}
          </button>
        </form>
      </section>
      <section aria-labelledby="desk-replies">
        <h2 id="desk-replies">
          <Trans>Replies</Trans>
        </h2>
        {message.replies.length === 0 ? (
          <p className="desk-empty">
            <Trans>No reply has been sent yet.</Trans>
          </p>
        ) : (
          <ol className="desk-replies">
            {message.replies.map((sent) => (
              <li key={sent.sentAt}>
                <p className="desk-muted">
                  {sent.author ? <bdi>{sent.author}</bdi> : <Trans>A former editor</Trans>} · <DeskTime iso={sent.sentAt} />
                </p>
                <UserText text={sent.body} lang={message.lang} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="desk-reply">
        <h2 id="desk-reply">
          <Trans>Reply by mail</Trans>
        </h2>
        <form className="desk-form" method="post" action={href(lang, 'deskInboxPart', { id: message.id, part: 'reply' })} noValidate>
          <DeskFormError message={reply?.failure.message} />
          <DeskField
            name="text"
            label={<Trans>Your reply</Trans>}
            error={reply?.failure.errors.text}
            hint={<Trans>It is mailed in {languageName[message.lang]}, quoting the message. A blank line starts a new paragraph.</Trans>}
          >
            {(attributes) => (
              <textarea
                {...attributes}
                rows={8}
                required
                maxLength={5000}
                dir={LOCALE_CONFIG[message.lang].dir}
                lang={message.lang}
                defaultValue={reply?.values.text ?? ''}
              />
            )}
          </DeskField>
          <p className="desk-actions">
            <button className="button" type="submit">
              <Trans>Send the reply</Trans>
            </button>
          </p>
        </form>
      </section>
    </div>
  )
}

