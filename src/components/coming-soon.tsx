import { Trans } from '@lingui/react/macro'
import { Image } from './placeholder-image.tsx'

/** An honest placeholder for a section whose content a later release brings. */
export function ComingSoon() {
  return (
    <section className="coming-soon">
      <Image placeholder="generic" alt="" lazy={false} />
      <p>
        <Trans>This section is being prepared and will open soon.</Trans>
      </p>
    </section>
  )
}
