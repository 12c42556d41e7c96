// The audit log, for admins: each change with when, who, what in words, on what (linked to
// its desk screen), and the fields it changed. Newest first, a page at a time.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { href, withQuery } from '../../../lib/links.ts'
import { LOCALE_CONFIG } from '../../../lib/locales.ts'
import type { AuditRow } from '../../db/audit.ts'
import { usePageRequest } from '../../request-context.tsx'
import { fieldChanges, type ShownValue } from './audit-changes.ts'
import { DeskTime } from './desk-parts.tsx'

export interface AuditFilter {
  targetType?: string | undefined
  targetId?: string | undefined
}

/** What each action key says; a key not listed here is shown as it is. */
function useActionWords(): Record<string, string> {
  const { t } = useLingui()
  return {
    'post.create': t`created a post`,
    'post.update': t`edited a post`,
    'post.submit': t`sent a post for review`,
    'post.publish': t`published a post`,
    'post.schedule': t`scheduled a post`,
    'post.unpublish': t`took a post down`,
    'post.restore': t`restored a post’s revision`,
    'club.update': t`corrected a club`,
    'club.merge': t`merged two clubs`,
    'player.update': t`corrected a player`,
    'deduction.create': t`recorded a points deduction`,
    'match.demo_remove': t`removed a demo fixture`,
    'match.broadcasts': t`changed where to watch a match`,
    'channel.create': t`added a channel`,
    'channel.update': t`edited a channel`,
    'media.create': t`uploaded a file`,
    'media.update': t`edited a file’s details`,
    'user.role': t`changed an account’s role`,
    'user.sessions_end': t`ended an account’s sessions`,
    'inbox.status': t`marked a message`,
    'inbox.reply': t`replied to a message`,
  }
}

/** The kinds of thing an entry can be about, in words, with the desk screen of one where there is one. */
function useTargets(): Record<string, { label: string; link?: (lang: 'ar' | 'en', id: string) => string }> {
  const { t } = useLingui()
  return {
    post: { label: t`Post`, link: (lang, id) => href(lang, 'deskPost', { id }) },
    club: { label: t`Club`, link: (lang, id) => href(lang, 'deskClub', { id }) },
    player: { label: t`Player`, link: (lang, id) => href(lang, 'deskPlayer', { id }) },
    deduction: { label: t`Points deduction`, link: (lang) => href(lang, 'deskDeductions') },
    channel: { label: t`Channel`, link: (lang, id) => href(lang, 'deskChannel', { id }) },
    match: { label: t`Match`, link: (lang, id) => href(lang, 'deskMatch', { id }) },
    media: { label: t`File`, link: (lang, id) => href(lang, 'deskMediaItem', { id }) },
    user: { label: t`Account`, link: (lang, id) => href(lang, 'deskUser', { id }) },
    contact_message: { label: t`Message`, link: (lang, id) => href(lang, 'deskInboxItem', { id }) },
  }
}

/** Long values (a post's body) are cut: the entry says what changed, the screen shows it all. */
const LONGEST = 400

/** Past this many fields (a post created: every field), the list opens on demand. */
const FOLDED = 6

function Value({ value }: { value: ShownValue }) {
  if (value.kind === 'none') return <span className="desk-muted">–</span>
  if (value.kind === 'time') return <DeskTime iso={value.text} />
  const text = value.text.length > LONGEST ? `${value.text.slice(0, LONGEST)}…` : value.text
  if (value.kind === 'json') {
    return (
      <pre className="desk-change-json" dir="ltr">
        {text}
      </pre>
    )
  }
  return <bdi className="desk-change-text">{text}</bdi>
}

function Changes({ before, after }: { before: unknown; after: unknown }) {
  const { lang } = usePageRequest()
  const changes = fieldChanges(before, after)
  if (changes.length === 0) return null
  // The arrow points the way the line reads.
  const arrow = LOCALE_CONFIG[lang].dir === 'rtl' ? '←' : '→'
  const list = (
    <ul className="desk-changes">
      {changes.map((change) => (
        <li key={change.field}>
          {change.field ? (
            <>
              <code dir="ltr">{change.field}</code>:{' '}
            </>
          ) : null}
          <span className="desk-change-old">
            <Value value={change.before} />
          </span>{' '}
          <span aria-hidden="true">{arrow}</span>
          <span className="visually-hidden">
            <Trans>becomes</Trans>
          </span>{' '}
          <span className="desk-change-new">
            <Value value={change.after} />
          </span>
        </li>
      ))}
    </ul>
  )
  if (changes.length <= FOLDED) return list
  return (
    <details className="desk-changes-folded">
      <summary>
        <Plural value={changes.length} one="# field changed" other="# fields changed" />
      </summary>
      {list}
    </details>
  )
}

function Entry({ entry }: { entry: AuditRow }) {
  const { lang } = usePageRequest()
  const actions = useActionWords()
  const targets = useTargets()
  const target = targets[entry.target.type]
  const targetText = `${target?.label ?? entry.target.type} ${entry.target.id}`
  return (
    <li className="desk-audit-entry">
      <p className="desk-audit-head">
        <DeskTime iso={entry.at} />
        <span aria-hidden="true"> · </span>
        {entry.actor ? (
          <a href={href(lang, 'deskUser', { id: entry.actor.id })}>
            <bdi>{entry.actor.name}</bdi>
          </a>
        ) : (
          <Trans>the system</Trans>
        )}{' '}
        {actions[entry.action] ?? <code dir="ltr">{entry.action}</code>}
        <span aria-hidden="true"> · </span>
        {target?.link ? <a href={target.link(lang, entry.target.id)}>{targetText}</a> : <bdi>{targetText}</bdi>}{' '}
        <a className="desk-muted" href={withQuery(href(lang, 'deskAudit'), { target_type: entry.target.type, target_id: entry.target.id })}>
          <Trans>its history</Trans>
        </a>
      </p>
      <Changes before={entry.before} after={entry.after} />
    </li>
  )
}

export function AuditLog({ entries, next, filter }: { entries: AuditRow[]; next: string | null; filter: AuditFilter }) {
  const { lang } = usePageRequest()
  const targets = useTargets()
  const audit = href(lang, 'deskAudit')
  return (
    <>
      <form className="desk-filters" method="get" action={audit}>
        <div className="form-field">
          <label htmlFor="audit-type">
            <Trans>About</Trans>
          </label>
          <select id="audit-type" name="target_type" defaultValue={filter.targetType ?? ''}>
            <option value="">
              <Trans>Anything</Trans>
            </option>
            {Object.entries(targets).map(([type, { label }]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="audit-id">
            <Trans>Its id</Trans>
          </label>
          <input id="audit-id" name="target_id" maxLength={40} dir="ltr" defaultValue={filter.targetId ?? ''} />
        </div>
        <button className="button" type="submit">
          <Trans>Show</Trans>
        </button>
      </form>
      {entries.length === 0 ? (
        <p className="desk-empty">
          <Trans>No change has been recorded here.</Trans>
        </p>
      ) : (
        <ol className="desk-audit">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {next ? (
        <p>
          <a rel="next" href={withQuery(audit, { target_type: filter.targetType, target_id: filter.targetId, before: next })}>
            <Trans>Older entries</Trans>
          </a>
        </p>
      ) : null}
    </>
  )
}
