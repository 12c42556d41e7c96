// A kick-off in the zones Arab readers compare (lib/arab-time-zones.ts): each a <time> whose
// datetime is the city's wall clock with its offset, as the tz database has it that day.
import { ARAB_TIME_ZONES } from '../../lib/arab-time-zones.ts'
import { formatTime, localDateTime } from '../../lib/format.ts'
import { usePageRequest } from '../request-context.tsx'

export function CapitalTimes({ iso }: { iso: string }) {
  const { lang } = usePageRequest()
  const instant = new Date(iso)
  return (
    <ul className="capital-times">
      {ARAB_TIME_ZONES.map(({ timeZone, city }) => (
        <li key={timeZone}>
          <bdi>{city[lang]}</bdi> <time dateTime={localDateTime(instant, timeZone)}>{formatTime(instant, timeZone)}</time>
        </li>
      ))}
    </ul>
  )
}
