// Small pieces every desk screen uses: a time as the desk shows it, a post's status and
// translation state, the table every desk list is drawn as, and the table of posts.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { zoneLabel } from '../../../lib/format.ts'
import { href } from '../../../lib/links.ts'
import { LOCALE_CONFIG, LOCALES, type Locale } from '../../../lib/locales.ts'
import type { DeskPost, PostStatus } from '../../db/desk-posts.ts'
import { usePageRequest } from '../../request-context.tsx'

/** A moment, to the minute, with the zone's offset: desks work across zones. */
export function DeskTime({ iso }: { iso: string }) {
  const { lang, timeZone } = usePageRequest()
  const date = new Date(iso)
  const text = new Intl.DateTimeFormat(LOCALE_CONFIG[lang].intl, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
  return (
    <time dateTime={iso}>
      <bdi>{`${text} ${zoneLabel(date, timeZone)}`}</bdi>
    </time>
  )
}

export function usePostStatusLabel(): Record<PostStatus, string> {
  const { t } = useLingui()
  return { draft: t`Draft`, review: t`In review`, // A post's word, apart from a match's (client/live/live-words.ts), which the islands' catalog words otherwise.
    scheduled: t({ message: 'Scheduled', context: 'post status' }), published: t`Published` }
}

export function PostStatusBadge({ status }: { status: PostStatus }) {
  const labels = usePostStatusLabel()
  return <span className={`badge desk-status desk-status-${status}`}>{labels[status]}</span>
}

/** Which languages are complete (title, summary and body): "AR ✓ EN –", said in words to a screen reader. */
export function TranslationState({ translation }: { translation: Record<Locale, boolean> }) {
  const { t } = useLingui()
  const names: Record<Locale, string> = { ar: t`Arabic`, en: t`English` }
  return (
    <span className="desk-translation">
      {LOCALES.map((lang) => (
        <span key={lang} className={translation[lang] ? 'desk-lang desk-lang-done' : 'desk-lang'}>
          {translation[lang] ? t`${names[lang]} complete` : t`${names[lang]} incomplete`}
        </span>
      ))}
    </span>
  )
}

/** A post's title in the desk's language, or the other one when that is still empty. */
export function postTitle(post: Pick<DeskPost, 'title'>, lang: Locale): string {
  const other = LOCALES.find((l) => l !== lang)!
  return post.title[lang] || post.title[other]
}

/**
 * A desk list as a table: a caption, a header cell per column, and a row per item; or, when
 * there are none and `empty` says so, that sentence instead of a table with no rows. One
 * component, so every desk table keeps the same wrapper (it scrolls on narrow screens),
 * class names and header scope.
 */
export function DeskTable<T>({
  caption,
  hideCaption = false,
  columns,
  items,
  row,
  empty,
}: {
  caption: ReactNode
  /** For a table its section's heading already names: the caption is left to screen readers. */
  hideCaption?: boolean
  columns: ReactNode[]
  items: T[]
  /** The item's `<tr>`, with its key. */
  row: (item: T) => ReactNode
  empty?: ReactNode
}) {
  if (items.length === 0 && empty) return <p className="desk-empty">{empty}</p>
  return (
    <div className="desk-table-wrap">
      <table className="desk-table">
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{items.map(row)}</tbody>
      </table>
    </div>
  )
}

/** The posts as a table: title (to its editor), status, translation state, last change. */
export function PostTable({ posts, caption }: { posts: DeskPost[]; caption: ReactNode }) {
  const { lang } = usePageRequest()
  return (
    <DeskTable
      caption={caption}
      columns={[<Trans>Title</Trans>, <Trans>Status</Trans>, <Trans>Languages</Trans>, <Trans>Last change</Trans>]}
      items={posts}
      empty={<Trans>Nothing here yet.</Trans>}
      row={(post) => (
        <tr key={post.id}>
          <td>
            <a href={href(lang, 'deskPost', { id: post.id })}>
              <bdi>{postTitle(post, lang)}</bdi>
            </a>
          </td>
          <td>
            <PostStatusBadge status={post.status} />
          </td>
          <td>
            <TranslationState translation={post.translation} />
          </td>
          <td>
            <DeskTime iso={post.updatedAt} />
          </td>
        </tr>
      )}
    />
  )
}

export interface ControlAttributes {
  id: string
  name: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * A desk form's field: its label, the control `children` draws with the attributes given,
 * and its error below, tied to the control for screen readers. `name` is the API's field
 * (`title.ar`), so the API's 422 lands on the field that caused it.
 */
export function DeskField({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  children: (attributes: ControlAttributes) => ReactNode
}) {
  const id = ['desk', name.replace(/[^\w-]/g, '-')].join('-')
  const hintId = [id, 'hint'].join('-')
  const errorId = [id, 'error'].join('-')
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** Why a form was refused, said first, where a screen reader announces it. */
export function DeskFormError({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p className="desk-form-error" role="alert">
      {message}
    </p>
  )
}
