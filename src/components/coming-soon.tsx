import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Image, type PlaceholderKind } from './placeholder-image.tsx'

/** An honest placeholder for a section whose content a later release brings. */
export function ComingSoon({ children, placeholder = 'generic' }: { children?: ReactNode; placeholder?: PlaceholderKind }) {
  return (
    <section className="coming-soon">
      <Image placeholder={placeholder} alt="" lazy={false} />
      <p>{children ?? <Trans>This section is being prepared and will open soon.</Trans>}</p>
    </section>
  )
}
