// The desk's club screens: the search, a club's corrections (names in both languages, short
// names, aliases, crest), and a merge of a club the importer failed to reconcile, reviewed
// with what it moves before it is made.
import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, type ReactNode } from 'react'
import { href, withQuery } from '../../../lib/links.ts'
import type { MergeSummary } from '../../db/club-merge.ts'
import type { DeskClub } from '../../db/desk-football.ts'
import { usePageRequest } from '../../request-context.tsx'
import { DeskFormError, DeskTable } from './desk-parts.tsx'
import { AliasesField, CorrectionForm, DeskSearch, EditorLinks, PictureFields, type Refused } from './football-parts.tsx'
import type { LocalizedText } from '../../../lib/localized.ts'

/** A name in the desk's language, or the other one when it has none. */
export function deskName(name: LocalizedText, lang: 'ar' | 'en'): string {
  return name[lang] || name[lang === 'ar' ? 'en' : 'ar'] || ''
}

function ClubTable({ clubs, caption, link }: { clubs: DeskClub[]; caption: string; link: (club: DeskClub) => string }) {
  const { lang } = usePageRequest()
  return (
    <DeskTable
      caption={caption}
      columns={[<Trans>Club</Trans>, lang === 'ar' ? <Trans>Name in English</Trans> : <Trans>Name in Arabic</Trans>, <Trans>Corrected fields</Trans>]}
      items={clubs}
      empty={<Trans>No club goes by that name.</Trans>}
      row={(club) => (
        <tr key={club.id}>
          <td>
            <a href={link(club)}>
              <bdi>{deskName(club.name, lang)}</bdi>
            </a>
          </td>
          <td lang={lang === 'ar' ? 'en' : 'ar'}>
            <bdi>{club.name[lang === 'ar' ? 'en' : 'ar'] ?? ''}</bdi>
          </td>
          <td>{club.corrected.length}</td>
        </tr>
      )}
    />
  )
}

/** The clubs `q` finds, and the form that makes a new one. */
export function ClubList({ clubs, q, newClub }: { clubs: DeskClub[]; q: string; newClub: ReactNode }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <>
      <DeskSearch action={href(lang, 'deskClubs')} q={q} label={<Trans>Find a club by any of its names, in Arabic or English</Trans>} />
      <ClubTable clubs={clubs} caption={q ? t`Clubs matching “${q}”` : t`Clubs`} link={(club) => href(lang, 'deskClub', { id: club.id })} />
      {newClub}
    </>
  )
}

export interface MergeSearch {
  q: string
  found: DeskClub[]
  /** Why the last merge asked for was refused. */
  error?: string | undefined
}

export function ClubEditor({ club, refused, merge }: { club: DeskClub; refused?: Refused; merge: MergeSearch }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const others = merge.found.filter((other) => other.id !== club.id)
  return (
    <div className="desk-football">
      <EditorLinks
        list={{ href: href(lang, 'deskClubs'), label: <Trans>Back to the clubs</Trans> }}
        page={{ href: href(lang, 'club', { id: club.id }), label: <Trans>The club’s page</Trans> }}
      />
      <CorrectionForm
        action={href(lang, 'deskClubPart', { id: club.id, part: 'save' })}
        refused={refused}
        corrected={club.corrected}
        name={club.name}
        shortName={club.shortName}
      >
        <AliasesField aliases={club.aliases} refused={refused} />
        <PictureFields prefix="crest" stored={club.crest} corrected={club.corrected} refused={refused} legend={<Trans>Crest</Trans>} />
      </CorrectionForm>
      <section aria-labelledby="desk-merge">
        <h2 id="desk-merge">
          <Trans>Merge into another club</Trans>
        </h2>
        <p>
          <Trans>When the importer made two rows of one club, merge this one into the other: its matches, players, tags and deductions move, and its names become aliases.</Trans>
        </p>
        <DeskFormError message={merge.error} />
        <form className="desk-search" method="get" action={href(lang, 'deskClub', { id: club.id })} role="search">
          <label htmlFor="desk-merge-q">
            <Trans>Find the club to keep</Trans>
          </label>
          <input id="desk-merge-q" type="search" name="merge" defaultValue={merge.q} maxLength={100} dir="auto" />
          <button className="button button-quiet" type="submit">
            <Trans>Search</Trans>
          </button>
        </form>
        {merge.q ? (
          <ClubTable
            clubs={others}
            caption={t`Clubs to merge into`}
            link={(other) => withQuery(href(lang, 'deskClubPart', { id: club.id, part: 'merge' }), { into: other.id })}
          />
        ) : null}
      </section>
    </div>
  )
}

/** The review before a merge: what moves to the club that stays, then the button that merges. */
export function MergeReview({ summary, refused }: { summary: MergeSummary; refused?: Refused }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const { counts } = summary
  const from = deskName(summary.from.name, lang)
  const into = deskName(summary.into.name, lang)
  const rows: [string, number][] = [
    [t`Matches`, counts.matches],
    [t`Players`, counts.players],
    [t`Squad entries`, counts.squadMembers],
    [t`Post tags`, counts.postTags],
    [t`Points deductions`, counts.deductions],
    [t`Aliases`, counts.aliases],
  ]
  return (
    <div className="desk-football">
      <p>
        <Trans>
          <bdi>{from}</bdi> will be merged into <bdi>{into}</bdi>. Its page will lead to <bdi>{into}</bdi>, and its names become aliases of
          it. This cannot be undone from the desk.
        </Trans>
      </p>
      <dl className="desk-facts">
        {rows.map(([label, count]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{count}</dd>
          </Fragment>
        ))}
      </dl>
      <form className="desk-form" method="post" action={href(lang, 'deskClubPart', { id: summary.from.id, part: 'merge' })}>
        <DeskFormError message={refused?.failure.message ?? refused?.failure.errors.into} />
        <input type="hidden" name="into" value={summary.into.id} />
        <p className="desk-actions">
          <button className="button button-danger" type="submit">
            <Trans>
              Merge into <bdi>{into}</bdi>
            </Trans>
          </button>{' '}
          <a href={href(lang, 'deskClub', { id: summary.from.id })}>
            <Trans>Cancel</Trans>
          </a>
        </p>
      </form>
    </div>
  )
}
