import { type ComponentType, createElement } from 'react'
import { islands, type IslandName, type IslandProps } from '../../client/islands/index.ts'
import { CLIENT_ENTRY_SRC } from '../assets.ts'
import { usePageRequest } from '../request-context.tsx'

/** 'toast': at the first toast an island raises (the toaster, client/show-toast.ts). */
export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction' | 'toast'

/**
 * Renders an island on the server inside a marker that names it and carries its props
 * as JSON in a data attribute (React escapes attribute values, so props can never close
 * the tag). The first island on a page brings the client entry; React 19 hoists the
 * async script and keeps one copy however many islands a page has. Pages without
 * islands therefore ship no script at all.
 */
export function Island<N extends IslandName>(props: {
  name: N
  props: IslandProps<N>
  hydrate?: HydrateStrategy
  /** Keyboard shortcuts that, like a click on it, wake the island at once (client/entry.ts). */
  wake?: string
}) {
  const { nonce } = usePageRequest()
  return (
    <>
      <script type="module" async src={CLIENT_ENTRY_SRC} nonce={nonce} />
      <div
        className="island"
        data-island={props.name}
        data-props={JSON.stringify(props.props)}
        data-hydrate={props.hydrate ?? 'idle'}
        data-wake={props.wake}
      >
        {createElement(islands[props.name] as ComponentType<object>, props.props as object)}
      </div>
    </>
  )
}
