// News, articles, analytics and caricatures: a paginated list per section, narrowed by a
// tag, and the post page.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Context, Hono } from 'hono'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { href, POST_KINDS, type PostKind, postHref, type PostSection, SECTION_OF_KIND } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { LOCALE_CONFIG, type Locale } from '../../lib/locales.ts'
import { Pagination } from '../components/pagination.tsx'
import { PostCard, PublishedDate } from '../components/post-card.tsx'
import { PostMediaList } from '../components/post-media.tsx'
import { PostHero } from '../components/post-hero.tsx'
import { PostTags, tagHref, TagName } from '../components/post-tags.tsx'
import { RatingWidget } from '../components/rating.tsx'
import { RelatedPosts } from '../components/related-posts.tsx'
import { ShareLinks } from '../components/share.tsx'
import { loadPost, loadPostList, type NamedTag, type PostFilter, type PostPage, type PostSummary, POSTS_PER_PAGE } from '../db/posts.ts'
import { allowMediaEmbeds } from '../media/embeds-csp.ts'
import type { Crumb } from '../layouts/layouts.tsx'
import { contentRenderer } from '../layouts/renderers.tsx'
import { scope } from '../http/page-scopes.ts'
import { edgeCache, showsScopes } from '../middleware/edge-cache.ts'
import { usePageRequest } from '../request-context.tsx'
import { pathsIn } from '../seo/alternates.ts'
import { aggregateRating, newsArticle, seoContext } from '../seo/json-ld.ts'
import type { AppEnv } from '../types.ts'
import { PageNumber, RowId, urlInput } from '../http/params.ts'

export const posts = new Hono<AppEnv>()

export const SECTION_TITLES: Record<PostSection, MessageDescriptor> = {
  news: msg`News`,
  articles: msg`Articles`,
  analytics: msg`Analytics`,
  caricatures: msg`Caricatures`,
}

const SECTION_DESCRIPTIONS: Record<PostSection, MessageDescriptor> = {
  news: msg`The latest football news from the Hadaf team, in Arabic and English.`,
  articles: msg`Features and long reads about clubs, players and tournaments.`,
  analytics: msg`Football explained with numbers: tables, trends and tactics.`,
  caricatures: msg`The Hadaf team's football caricatures.`,
}

const KIND_OF_SECTION = Object.fromEntries(Object.entries(SECTION_OF_KIND).map(([kind, section]) => [section, kind])) as Record<
  PostSection,
  PostKind
>

// The first row of cards is on the first screen; the rest load lazily.
const EAGER_CARDS = 3

/**
 * `?page=` (1 to 999999, absent for the first page) and at most one value per tag type.
 * Anything else in the query (utm_…) is ignored; a value that cannot be right is a 404.
 */
const ListQuery = v.object({
  page: PageNumber,
  competition: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9.]{2,32}$/))),
  club: v.optional(RowId),
  player: v.optional(RowId),
})

/** The list's own address for a page and filter, with the query in one fixed order. */
function listPath(lang: Locale, section: PostSection, filter: PostFilter, page: number): string {
  const query = new URLSearchParams()
  for (const key of ['competition', 'club', 'player'] as const) {
    const value = filter[key]
    if (value !== undefined) query.set(key, String(value))
  }
  if (page > 1) query.set('page', String(page))
  const search = query.toString()
  return href(lang, 'posts', { section }) + (search ? `?${search}` : '')
}

function FilterNote({ section, filters }: { section: PostSection; filters: NamedTag[] }) {
  const { lang } = usePageRequest()
  if (filters.length === 0) return null
  return (
    <p className="post-filter">
      <Trans>About:</Trans>{' '}
      {filters.map((tag) => (
        <a key={tag.type} className="post-filter-tag" href={tagHref(lang, tag)}>
          <TagName tag={tag} />
        </a>
      ))}{' '}
      <a href={listPath(lang, section, {}, 1)}>
        <Trans>Show everything</Trans>
      </a>
    </p>
  )
}

interface PostListProps {
  posts: PostSummary[]
  section: PostSection
  filter: PostFilter
  filters: NamedTag[]
  page: number
  pages: number
}

function PostList({ posts, section, filter, filters, page, pages }: PostListProps) {
  const { lang } = usePageRequest()
  return (
    <>
      <FilterNote section={section} filters={filters} />
      {posts.length === 0 ? (
        <p className="empty-state">
          <Trans>Nothing has been published here yet.</Trans>
        </p>
      ) : (
        <ol className="post-grid">
          {posts.map((post, i) => (
            <li key={post.id}>
              <PostCard post={post} lazy={i >= EAGER_CARDS} />
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pages={pages} pathFor={(n) => listPath(lang, section, filter, n)} />
    </>
  )
}

function PostView({ page }: { page: PostPage }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const { post } = page
  const author = localized(post.author, lang)
  return (
    <>
      <article className="post">
        <p className="post-meta">
          <Trans>
            By <bdi>{author}</bdi>
          </Trans>
          {' · '}
          <PublishedDate iso={post.publishedAt} />
        </p>
        <PostHero post={post} />
        <p className="post-summary">{localized(post.summary, lang)}</p>
        <PostMediaList media={post.media} />
        {/* Sanitised with an allow-list when it was written (src/posts/sanitize.ts). */}
        <div className="post-body" dangerouslySetInnerHTML={{ __html: localized(post.body, lang) }} />
        <PostTags tags={page.tags} />
        <RatingWidget type="post" id={post.id} totals={post.rating} path={postHref(lang, post)} />
        <ShareLinks path={postHref(lang, post)} title={localized(post.title, lang)} />
      </article>
      <RelatedPosts posts={page.related} title={t`Related posts`} />
    </>
  )
}

/**
 * A post's page as readers see it, with its head and structured data: the post route's,
 * and the desk's preview (src/routes/desk/posts.tsx), which puts its bar above `before`.
 */
export function renderPostPage(c: Context<AppEnv>, page: PostPage, extra: { before?: ReactNode; noindex?: boolean } = {}): Promise<Response> {
  const { lang, i18n } = c.var
  const { post } = page
  const section = SECTION_OF_KIND[post.kind]
  allowMediaEmbeds(c, post.media)
  const title = localized(post.title, lang)
  const summary = localized(post.summary, lang)
  const sectionTitle = i18n._(SECTION_TITLES[section])
  const crumbs: Crumb[] = [{ label: sectionTitle, href: href(lang, 'posts', { section }) }, { label: title }]
  const ctx = seoContext(c)
  // A cover from the library is the one shown, so it is also the one link previews show.
  const cover = post.libraryCover ?? post.cover
  return c.render(
    <>
      {extra.before}
      <PostView page={page} />
    </>,
    {
      noindex: extra.noindex,
      title,
      crumbs,
      description: summary,
      alternates: pathsIn((l) => postHref(l, post)),
      image: cover ? { src: cover.src, width: cover.width, height: cover.height, alt: localized(cover.alt, lang) } : undefined,
      article: { publishedTime: post.publishedAt, section: sectionTitle },
      toaster: true,
      jsonLd: [
        {
          ...newsArticle(ctx, {
            path: postHref(lang, post),
            headline: title,
            description: summary,
            image: cover,
            datePublished: post.publishedAt,
            author: localized(post.author, lang),
            section: sectionTitle,
            keywords: page.tags.flatMap((tag) => (tag.type === 'match' ? [] : [localized(tag.name, lang)])),
          }),
          aggregateRating: aggregateRating(post.rating),
        },
      ],
    },
  )
}

/** The longest slug either language allows (posts.slug_ar is at most 200 characters). */
const MAX_SLUG = 200

for (const section of POST_KINDS) {
  const kind = KIND_OF_SECTION[section]
  posts.use(`/${section}`, edgeCache(), contentRenderer)
  posts.use(`/${section}/*`, edgeCache(), contentRenderer)

  posts.get(`/${section}`, urlInput('query', ListQuery), async (c) => {
    const { page, ...filter } = c.req.valid('query')
    const list = await loadPostList(c.var.db.sql, kind, page, filter)
    const pages = Math.max(1, Math.ceil(list.total / POSTS_PER_PAGE))
    // A filter naming nothing, or a page past the last, is a list that does not exist.
    if (list.filters.length !== Object.values(filter).filter((value) => value !== undefined).length || page > pages) {
      return c.notFound()
    }
    // A list narrowed to a tag holds only posts tagged with it, and a change to one of those renews the tag.
    const tagged = list.filters.map((tag) => scope.tag(tag.type, tag.id))
    showsScopes(c, ...(tagged.length > 0 ? tagged : [scope.posts]))
    const { i18n, lang } = c.var
    const sectionTitle = i18n._(SECTION_TITLES[section])
    const names = new Intl.ListFormat(LOCALE_CONFIG[lang].intl, { type: 'conjunction' }).format(
      list.filters.map((tag) => localized(tag.name, lang)),
    )
    const about = names ? i18n._(msg`${sectionTitle} about ${names}`) : sectionTitle
    const title = page > 1 ? i18n._(msg`${about}, page ${page}`) : about
    return c.render(<PostList posts={list.posts} section={section} filter={filter} filters={list.filters} page={page} pages={pages} />, {
      title,
      heading: sectionTitle,
      crumbs: [{ label: sectionTitle }],
      description: i18n._(SECTION_DESCRIPTIONS[section]),
      alternates: pathsIn((l) => listPath(l, section, filter, page)),
    })
  })

  posts.get(`/${section}/:slug`, async (c) => {
    // Hono has percent-decoded the slug, and the request-sanity middleware has already
    // answered 400 to encodings that do not decode. NFC: the same Arabic letters can
    // arrive composed differently; the stored slugs are NFC.
    const requested = c.req.param('slug')
    const slug = requested.normalize('NFC')
    if ([...slug].length > MAX_SLUG) return c.notFound()
    const { lang } = c.var
    const page = await loadPost(c.var.db.sql, lang, slug)
    if (!page) return c.notFound()
    const { post } = page
    const postSection = SECTION_OF_KIND[post.kind]
    // One address per post and language. The other language's slug, or the right slug under
    // another section, answers 301 to it: old and shared links keep working, and search
    // engines see one page (docs: chosen over a 404 for the wrong section).
    if (postSection !== section || requested !== localized(post.slug, lang)) return c.redirect(postHref(lang, post), 301)

    // The related posts share a tag with this one; a match's tag shows its kick-off.
    showsScopes(c, scope.post(post.id), ...page.tags.map((tag) => scope.tag(tag.type, tag.id)))
    showsScopes(c, ...page.tags.flatMap((tag) => (tag.type === 'match' ? [scope.match(Number(tag.id))] : [])))
    return renderPostPage(c, page)
  })
}
