import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Image } from './placeholder-image.tsx'

/** An honest placeholder for a section whose content a later release brings. */
export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <section className="coming-soon">
      <Image placeholder="generic" alt="" lazy={false} />
      <p>{children ?? <Trans>This section is being prepared and will open soon.</Trans>}</p>
    </section>
  )
}
