// A post's revisions (issue 15): newest first, who and when; one chosen revision compared
// with the post as it is now, field by field and language by language, and the form that
// brings it back (as a new revision: nothing is lost).
import { Trans, useLingui } from '@lingui/react/macro'
import { href, withQuery } from '../../../lib/links.ts'
import { LOCALES } from '../../../lib/locales.ts'
import { type Bilingual, type DeskPost, type Revision, tagKey } from '../../db/desk-posts.ts'
import { type DiffPart, wordDiff } from '../../desk/post-diff.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskFormError, DeskTable, DeskTime, postTitle } from './desk-parts.tsx'
import { useLanguageNames } from './post-words.tsx'

const FIELDS = ['title', 'summary', 'body', 'slug', 'author'] as const

/** Words taken out and put in, marked in words as well as colour. */
function Diff({ parts, lang }: { parts: DiffPart[]; lang: 'ar' | 'en' }) {
  const { t } = useLingui()
  return (
    <p className="desk-diff" lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'}>
      {parts.map((part, index) =>
        part.change === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.change === 'added' ? (
          <ins key={index}>
            <span className="visually-hidden">{`[${t`added:`} `}</span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : (
          <del key={index}>
            <span className="visually-hidden">{`[${t`removed:`} `}</span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ),
      )}
    </p>
  )
}

function useFieldNames(): Record<(typeof FIELDS)[number], string> {
  const { t } = useLingui()
  return { title: t`Title`, summary: t`Summary`, body: t`Body`, slug: t`Address (slug)`, author: t`Byline` }
}

/** What changed besides words: the kind, the cover, the tags, the clips, each said once. */
function useOtherChanges(revision: Revision, post: DeskPost): string[] {
  const { t } = useLingui()
  const then = revision.content
  const changes: [boolean, string][] = [
    [then.kind !== post.kind, t`The kind changed.`],
    // As restoring judges: a revision from before covers were kept leaves the cover alone,
    // one from before clips were kept had none.
    [then.cover !== undefined && then.cover !== post.cover, t`The cover changed.`],
    [tagKey(then.tags) !== tagKey(post.tags), t`The tags changed.`],
    [(then.media ?? []).join(' ') !== post.media.join(' '), t`The audio and video changed.`],
  ]
  return changes.flatMap(([changed, note]) => (changed ? [note] : []))
}

function Comparison({ revision, post }: { revision: Revision; post: DeskPost }) {
  const fields = useFieldNames()
  const languages = useLanguageNames()
  const rows = FIELDS.flatMap((field) =>
    LOCALES.map((lang) => {
      const then = (revision.content[field] as Bilingual | undefined)?.[lang] ?? ''
      return { field, lang, parts: wordDiff(then, post[field][lang]) }
    }),
  ).filter((row) => row.parts.length > 0)
  const notes = useOtherChanges(revision, post)
  if (rows.length === 0 && notes.length === 0) {
    return (
      <p className="desk-muted">
        <Trans>This revision is the same as the post now.</Trans>
      </p>
    )
  }
  return (
    <>
      <p className="desk-muted">
        <Trans>
          What changed from this revision to the post now: <ins>inserted words</ins> and <del>deleted words</del>.
        </Trans>
      </p>
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      <dl className="desk-diffs">
        {rows.map((row) => (
          <div key={`${row.field}.${row.lang}`}>
            <dt>{`${fields[row.field]} (${languages[row.lang]})`}</dt>
            <dd>
              <Diff parts={row.parts} lang={row.lang} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  )
}

export function DeskPostRevisions({
  post,
  revisions,
  chosen,
  mayRestore,
  message,
}: {
  post: DeskPost
  revisions: Revision[]
  chosen?: Revision
  mayRestore: boolean
  message?: string
}) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const page = href(lang, 'deskPostPart', { id: post.id, part: 'revisions' })
  return (
    <div className="desk-revisions">
      <DeskFormError message={message} />
      <p>
        <a href={href(lang, 'deskPost', { id: post.id })}>
          <Trans>
            Back to the editor of <bdi>{postTitle(post, lang)}</bdi>
          </Trans>
        </a>
      </p>
      <DeskTable
        caption={t`Revisions, the newest first`}
        columns={[t`Revision`, t`By`, t`When`, t`Compare`]}
        items={revisions}
        row={(revision) => (
          <tr key={revision.number} aria-current={chosen?.number === revision.number ? 'true' : undefined}>
            <td>{revision.number}</td>
            <td>
              <bdi>{revision.author?.name ?? t`Unknown`}</bdi>
            </td>
            <td>
              <DeskTime iso={revision.createdAt} />
            </td>
            <td>
              <a href={withQuery(page, { rev: revision.number })}>
                <Trans>
                  Compare revision {revision.number} with now
                </Trans>
              </a>
            </td>
          </tr>
        )}
      />
      {chosen ? (
        <section aria-labelledby="desk-diff-title">
          <h2 id="desk-diff-title">
            <Trans>Revision {chosen.number} compared with now</Trans>
          </h2>
          <Comparison revision={chosen} post={post} />
          {mayRestore ? (
            <form method="post" action={href(lang, 'deskPostPart', { id: post.id, part: 'restore' })}>
              <input type="hidden" name="rev" value={chosen.number} />
              <button className="button" type="submit">
                <Trans>Restore this revision</Trans>
              </button>
            </form>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
