// Words the post screens share.
import { useLingui } from '@lingui/react/macro'
import type { PostKind } from '../../../lib/links.ts'
import type { Locale } from '../../../lib/locales.ts'

export function useKindLabels(): Record<PostKind, string> {
  const { t } = useLingui()
  return { news: t`News`, article: t`Article`, analytics: t`Analytics`, caricature: t`Caricature` }
}

export function useLanguageNames(): Record<Locale, string> {
  const { t } = useLingui()
  return { ar: t`Arabic`, en: t`English` }
}
