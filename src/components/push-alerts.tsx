// The alerts control of a signed-in reader's pages, My Hadaf and the profile (decision 140):
// the island (client/islands/push-alerts.tsx) wakes at the first touch, as a form does, so the
// page's script before a touch stays the entry's alone. Without script a sentence says why
// there is nothing to press, and the control itself is hidden (client/styles/follow.css).
import { Trans } from '@lingui/react/macro'
import { Island } from './island.tsx'

export function PushAlertsControl() {
  return (
    <>
      <p>
        <Trans>Get an alert on this device when something you follow kicks off, scores or makes the news, in this page’s language.</Trans>
      </p>
      <noscript>
        <p className="push-needs-script">
          <Trans>Alerts on this device need JavaScript: turn it on in your browser to get them.</Trans>
        </p>
      </noscript>
      <Island name="push-alerts" props={{}} hydrate="interaction" />
    </>
  )
}
