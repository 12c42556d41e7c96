// Loaded on demand by the entry the first time an island is due, so pages whose islands
// wait for the idle, visible or interaction moment do not pay for React up front.
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { pageLocale } from './page-locale.ts'

type IslandModule = { default: ComponentType<Record<string, unknown>> }
const islandLoaders = import.meta.glob<IslandModule>('./islands/*.tsx')
// The islands' own catalog only: the server's words never reach the browser (decision 076).
const catalogLoaders = import.meta.glob<{ messages: Messages }>('../locales/*/islands.po')

let i18nPromise: Promise<I18n> | undefined
function loadI18n(): Promise<I18n> {
  const lang = pageLocale()
  i18nPromise ??= catalogLoaders[`../locales/${lang}/islands.po`]!().then(({ messages }) =>
    setupI18n({ locale: lang, messages: { [lang]: messages } }),
  )
  return i18nPromise
}

export async function hydrate(marker: HTMLElement): Promise<void> {
  const load = islandLoaders[`./islands/${marker.dataset.island}.tsx`]
  if (!load) return console.error(`Unknown island "${marker.dataset.island}"`)
  const [{ default: Island }, i18n] = await Promise.all([load(), loadI18n()])
  const props = JSON.parse(marker.dataset.props ?? '{}') as Record<string, unknown>
  hydrateRoot(
    marker,
    <I18nProvider i18n={i18n}>
      <Island {...props} />
    </I18nProvider>,
  )
}
