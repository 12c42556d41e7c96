import { useLingui } from '@lingui/react/macro'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import type { PostTag } from '../db/posts.ts'
import { usePageRequest } from '../request-context.tsx'

/** The page of what a post is tagged with: its league, club, player or match page. */
export function tagHref(lang: Locale, tag: PostTag): string {
  switch (tag.type) {
    case 'competition':
      return href(lang, 'league', { id: tag.id })
    case 'club':
      return href(lang, 'club', { id: tag.id })
    case 'player':
      return href(lang, 'player', { id: tag.id })
    case 'match':
      return href(lang, 'match', { id: tag.id })
  }
}

/** A tag's name; a match reads "Home – Away". Each name is isolated: they mix scripts. */
export function TagName({ tag }: { tag: PostTag }) {
  const { lang } = usePageRequest()
  if (tag.type !== 'match') return <bdi>{localized(tag.name, lang)}</bdi>
  return (
    <>
      <bdi>{localized(tag.home, lang)}</bdi> – <bdi>{localized(tag.away, lang)}</bdi>
    </>
  )
}

export function PostTags({ tags }: { tags: PostTag[] }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  if (tags.length === 0) return null
  return (
    <ul className="tag-list" aria-label={t`Topics`}>
      {tags.map((tag) => (
        <li key={`${tag.type}-${tag.id}`}>
          <a href={tagHref(lang, tag)}>
            <TagName tag={tag} />
          </a>
        </li>
      ))}
    </ul>
  )
}
