// "Add to calendar" on a club's and a competition's page: a subscription (webcal://), which a
// calendar app asks again every few hours, and the same feed as a file to import once.
import { Trans } from '@lingui/react/macro'
import { usePageRequest } from '../request-context.tsx'

/** `path`: the feed's path (href 'clubCalendar' or 'leagueCalendar'). */
export function CalendarLinks({ path }: { path: string }) {
  const { lang, origin } = usePageRequest()
  const feed = new URL(path, origin)
  // Saved as club-42-calendar.ics: the path without its language, which the file keeps inside.
  const fileName = path.slice(lang.length + 2).replaceAll('/', '-')
  return (
    <section className="calendar-links" aria-labelledby="calendar-title">
      <h2 id="calendar-title">
        <Trans>Add to calendar</Trans>
      </h2>
      <p>
        <Trans>Subscribe, and your calendar keeps these fixtures current: a moved kick-off moves there too.</Trans>
      </p>
      <div className="calendar-actions">
        <a className="button" href={`webcal://${feed.host}${feed.pathname}`}>
          <Trans>Subscribe in your calendar app</Trans>
        </a>
        <a className="button button-quiet" href={feed.href} download={fileName} type="text/calendar">
          <Trans>Download the calendar file</Trans>
        </a>
      </div>
    </section>
  )
}
