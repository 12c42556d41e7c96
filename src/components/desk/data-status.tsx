// The data status screen: what each sync did on its last run and when it runs next, the
// runs before, and the teams no alias reaches, each with its ways out (map it, create it); and
// the alerts that could not be sent.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href, withQuery } from '../../../lib/links.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import type { DataStatus, ListPage, SyncRun, UnmatchedTeam } from '../../db/data-sync.ts'
import { usePageRequest } from '../../request-context.tsx'
import { Pagination } from '../pagination.tsx'
import { DeskField, DeskFormError, DeskTable, DeskTime } from './desk-parts.tsx'
import { deskName } from './football-clubs.tsx'

/** The providers' own names, the same in both languages (decision 050's rule for brands). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- brand names, not words
const SOURCE_NAMES = { 'football-data': 'football-data.org', openfootball: 'openfootball' } as const

/** A value a conflict names, as text: scores are pairs, kick-offs instants. */
const valueText = (value: unknown): string => (Array.isArray(value) ? value.join('–') : value === null || value === undefined ? '—' : String(value))

function RunCounts({ run }: { run: SyncRun }) {
  const n = (key: keyof SyncRun['counts']) => run.counts[key] ?? 0
  return (
    <p>
      <Trans>
        {n('created')} created, {n('updated')} updated, {n('unchanged')} unchanged, {n('queued')} waiting for a team, {n('held')} kept as an editor left
        them; {run.requests} requests.
      </Trans>
    </p>
  )
}

function LastRun({ run }: { run: SyncRun }) {
  const { lang } = usePageRequest()
  return (
    <>
      <RunCounts run={run} />
      {run.errors.length > 0 ? (
        <>
          <h3>
            <Trans>Errors</Trans>
          </h3>
          <ul>
            {run.errors.map((error, index) => (
              <li key={index} dir="ltr">
                <code>{error}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {run.changes.length > 0 ? (
        <>
          <h3>
            <Trans>Changes</Trans>
          </h3>
          <ul>
            {run.changes.map((change) => (
              <li key={change.match}>
                <a href={href(lang, 'match', { id: change.match })}>
                  <Trans>Match {change.match}</Trans>
                </a>{' '}
                <bdi dir="ltr">{change.fields.join(', ')}</bdi>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {run.conflicts.length > 0 ? (
        <>
          <h3>
            <Trans>Conflicts: matches an editor changed, left as the editor left them</Trans>
          </h3>
          <ul>
            {run.conflicts.map((conflict) => (
              <li key={conflict.match}>
                <a href={href(lang, 'match', { id: conflict.match })}>
                  <Trans>Match {conflict.match}</Trans>
                </a>
                <ul>
                  {Object.entries(conflict.fields).map(([field, { ours, theirs }]) => {
                    const [kept, offered] = [valueText(ours), valueText(theirs)]
                    return (
                      <li key={field}>
                        <code>{field}</code>{' '}
                        <Trans>
                          kept <bdi>{kept}</bdi>, the provider says <bdi>{offered}</bdi>
                        </Trans>
                      </li>
                    )
                  })}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  )
}

function QueueRow({ team }: { team: UnmatchedTeam }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const mapTo = href(lang, 'deskDataTeam', { id: team.id, part: 'map' })
  return (
    <tr>
      <td>
        <bdi>{team.name}</bdi>
        <br />
        <small className="desk-muted">{SOURCE_NAMES[team.source]}</small>
      </td>
      <td>{team.fixtures}</td>
      <td>
        <DeskTime iso={team.lastSeen} />
      </td>
      <td>
        {team.suggestions.map((club) => (
          <form key={club.id} className="desk-inline-form" method="post" action={mapTo}>
            <button className="button button-quiet" type="submit" name="club_id" value={club.id}>
              <Trans>
                Map to <bdi>{deskName(club.name, lang)}</bdi>
              </Trans>
            </button>
          </form>
        ))}
        <form className="desk-inline-form" method="post" action={mapTo}>
          <DeskField name="club_id" label={t`Club number`} hint={<Trans>As the club’s address at the desk shows it.</Trans>}>
            {(attributes) => <input {...attributes} inputMode="numeric" required dir="ltr" />}
          </DeskField>
          <button className="button button-quiet" type="submit">
            <Trans>Map</Trans>
          </button>
        </form>
      </td>
      <td>
        <form method="post" action={href(lang, 'deskDataTeam', { id: team.id, part: 'create' })}>
          <DeskField name="name.en" label={t`English name`}>
            {(attributes) => <input {...attributes} defaultValue={team.name} required maxLength={100} dir="ltr" />}
          </DeskField>
          <DeskField name="name.ar" label={t`Arabic name`}>
            {(attributes) => <input {...attributes} maxLength={100} dir="rtl" lang="ar" />}
          </DeskField>
          <button className="button button-quiet" type="submit">
            <Trans>Create the club</Trans>
          </button>
        </form>
      </td>
    </tr>
  )
}

/**
 * Plain links to the list's other pages, keeping the other list's page and landing on the
 * list's own heading; `nav` tells the page's two navigations apart.
 */
function ListPages({ list, nav, pathFor }: { list: ListPage<unknown>; nav: string; pathFor: (page: number) => string }) {
  const { page, pages } = list
  const words: { nav: string; previous: ReactNode; next: ReactNode; status: ReactNode } = {
    nav,
    previous: <Trans>Previous page</Trans>,
    next: <Trans>Next page</Trans>,
    status: (
      <Trans>
        Page {page} of {pages}
      </Trans>
    ),
  }
  return <Pagination page={page} pages={pages} pathFor={pathFor} words={words} />
}

/** The alerts the dead-letter queue took: how many in all, and the latest (decision 136). */
function AlertFailures({ failures }: { failures: DataStatus['alertFailures'] }) {
  const { t } = useLingui()
  const { count, latest } = failures
  return (
    <section aria-labelledby="alert-failures">
      <h2 id="alert-failures">
        <Trans>Alerts that could not be sent</Trans>
      </h2>
      <p>
        <Trans>Alerts given up on after every retry: {count}</Trans>
      </p>
      <DeskTable
        caption={t`The latest alerts that could not be sent`}
        hideCaption
        columns={[<Trans>Event</Trans>, <Trans>Tries</Trans>, <Trans>Given up</Trans>]}
        items={latest}
        empty={<Trans>Every alert reached its push service.</Trans>}
        row={(failure) => (
          <tr key={`${failure.eventKey}-${failure.failedAt}`}>
            <td dir="ltr">
              <code>{failure.eventKey}</code>
            </td>
            <td>{failure.attempts}</td>
            <td>
              <DeskTime iso={failure.failedAt} />
            </td>
          </tr>
        )}
      />
    </section>
  )
}

export function DataStatusPage({ status, failure }: { status: DataStatus; failure?: FormFailure | undefined }) {
  const { t } = useLingui()
  const { lang } = usePageRequest()
  const { queue, runs } = status
  // The first page of each list has no number in the address.
  const pathFor = (queuePage: number, runsPage: number, section: string) =>
    `${withQuery(href(lang, 'deskData'), { queue_page: queuePage > 1 ? queuePage : undefined, runs_page: runsPage > 1 ? runsPage : undefined })}#${section}`
  return (
    <>
      <DeskFormError message={failure ? [failure.message, ...Object.values(failure.errors)].join(' ') : undefined} />
      {status.settingsProblems.map((problem) => (
        <p key={problem} className="desk-form-error" dir="ltr">
          <code>{problem}</code>
        </p>
      ))}
      {status.sources.map(({ source, configured, lastRun, nextRun }) => (
        <section key={source} aria-labelledby={`sync-${source}`}>
          <h2 id={`sync-${source}`}>{SOURCE_NAMES[source]}</h2>
          {!configured ? (
            <p>
              <Trans>Not configured: this source does not run.</Trans>
            </p>
          ) : null}
          {nextRun ? (
            <p>
              <Trans>
                Next run: <DeskTime iso={nextRun} />
              </Trans>
            </p>
          ) : null}
          {lastRun ? (
            <>
              <p>
                <Trans>
                  Last run: <DeskTime iso={lastRun.startedAt} />
                </Trans>
              </p>
              <LastRun run={lastRun} />
            </>
          ) : (
            <p>
              <Trans>No run yet.</Trans>
            </p>
          )}
        </section>
      ))}
      <section aria-labelledby="sync-queue">
        <h2 id="sync-queue">
          <Trans>Teams waiting for a club</Trans>
        </h2>
        <DeskTable
          caption={t`Teams waiting for a club`}
          hideCaption
          columns={[<Trans>Team</Trans>, <Trans>Fixtures waiting</Trans>, <Trans>Last seen</Trans>, <Trans>Map to a club</Trans>, <Trans>Or create it</Trans>]}
          items={queue.items}
          empty={<Trans>Every team the syncs met is known.</Trans>}
          row={(team) => <QueueRow key={team.id} team={team} />}
        />
        <ListPages list={queue} nav={t`Pages of the teams waiting`} pathFor={(n) => pathFor(n, runs.page, 'sync-queue')} />
      </section>
      <section aria-labelledby="sync-runs">
        <h2 id="sync-runs">
          <Trans>Recent runs</Trans>
        </h2>
        <DeskTable
          caption={t`Recent runs`}
          hideCaption
          columns={[<Trans>Source</Trans>, <Trans>Started</Trans>, <Trans>What it did</Trans>, <Trans>Errors</Trans>]}
          items={runs.items}
          row={(run) => (
            <tr key={run.id}>
              <td>{SOURCE_NAMES[run.source]}</td>
              <td>
                <DeskTime iso={run.startedAt} />
              </td>
              <td>
                <RunCounts run={run} />
              </td>
              <td>{run.errors.length}</td>
            </tr>
          )}
        />
        <ListPages list={runs} nav={t`Pages of the runs`} pathFor={(n) => pathFor(queue.page, n, 'sync-runs')} />
      </section>
      <AlertFailures failures={status.alertFailures} />
    </>
  )
}
