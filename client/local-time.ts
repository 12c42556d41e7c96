// Kick-off times arrive rendered in the zone the server guessed (Cloudflare's idea of the
// reader's zone, or Mecca time). This tiny script re-renders them in the browser's own
// zone, with the same formatting, and updates the zone label beside them.
import { formatTime, zoneLabel } from '../lib/format.ts'

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

for (const element of document.querySelectorAll<HTMLTimeElement>('time[data-kickoff]')) {
  const instant = new Date(element.dateTime)
  if (Number.isNaN(instant.getTime())) continue
  element.textContent = formatTime(instant, zone)
  const label = element.nextElementSibling
  if (label instanceof HTMLElement && label.dataset.zoneLabel !== undefined) label.textContent = zoneLabel(instant, zone)
}
