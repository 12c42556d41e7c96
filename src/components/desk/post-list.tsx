// The desk's list of posts with its filters: a GET form, so it works without JavaScript and
// a filtered list has an address an editor can share.
import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { DeskPost } from '../../db/desk-posts.ts'
import { usePageRequest } from '../../request-context.tsx'
import { PostTable, usePostStatusLabel } from './desk-parts.tsx'
import { useKindLabels } from './post-words.tsx'

export interface PostListFilter {
  status?: string
  kind?: string
  author?: string
  translation?: string
}

function Choice({ name, label, value, options }: { name: string; label: string; value?: string; options: [string, string][] }) {
  const { t } = useLingui()
  return (
    <div className="form-field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ''}>
        <option value="">{t`Any`}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

export function DeskPostList({ posts, filter }: { posts: DeskPost[]; filter: PostListFilter }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const statuses = usePostStatusLabel()
  const kinds = useKindLabels()
  return (
    <>
      <p>
        <a className="button" href={href(lang, 'deskPostNew')}>
          <Trans>Write a new post</Trans>
        </a>
      </p>
      <form className="desk-filters" method="get" action={href(lang, 'deskPosts')} role="search" aria-label={t`Filter the posts`}>
        <Choice name="status" label={t`Status`} value={filter.status} options={Object.entries(statuses)} />
        <Choice name="kind" label={t`Kind`} value={filter.kind} options={Object.entries(kinds)} />
        <Choice name="author" label={t`Author`} value={filter.author} options={[['mine', t`Mine`]]} />
        <Choice
          name="translation"
          label={t`Languages`}
          value={filter.translation}
          options={[
            ['complete', t`Both complete`],
            ['ar-missing', t`Arabic missing`],
            ['en-missing', t`English missing`],
          ]}
        />
        <button className="button" type="submit">
          <Trans>Filter</Trans>
        </button>
      </form>
      <PostTable posts={posts} caption={<Trans>Posts, the latest change first</Trans>} />
    </>
  )
}
