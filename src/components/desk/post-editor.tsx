// The post editor (issue 15): both languages side by side on a wide screen and one above the
// other on a narrow one, the Arabic pane right to left. One form saves everything; the
// workflow (submit, publish, schedule, unpublish) are small forms of their own below it.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { zoneLabel } from '../../../lib/format.ts'
import { href } from '../../../lib/links.ts'
import { LOCALES, type Locale } from '../../../lib/locales.ts'
import { isoToZonedLocal } from '../../../lib/zoned-time.ts'
import type { DeskPost } from '../../db/desk-posts.ts'
import type { MediaItem } from '../../db/media-library.ts'
import type { LabelledTag } from '../../db/post-tags.ts'
import { POST_KINDS_DESK, type PostFormValues } from '../../desk/post-form.ts'
import { usePageRequest } from '../../request-context.tsx'
import { Island } from '../island.tsx'
import { DeskField, DeskFormError, DeskTime, PostStatusBadge, TranslationState } from './desk-parts.tsx'
import { ClipPicker, CoverPicker } from './media-picker.tsx'
import { useKindLabels, useLanguageNames } from './post-words.tsx'

export const POST_FORM_ID = 'post-form'

export interface TagSearch {
  q: string
  results: LabelledTag[]
}

export interface PostEditorProps {
  /** The post as stored; absent for a new one. */
  post?: DeskPost
  values: PostFormValues
  errors?: Record<string, string>
  message?: string
  tagSearch?: TagSearch
  /** Whether the account may publish (an editor or an admin). */
  editor: boolean
  /** The library's newest images, to choose the cover among. */
  covers?: MediaItem[]
  /** The library's newest audio and video, to attach. */
  clips?: MediaItem[]
}

/** Arabic fields right to left, English left to right, each named in its own language. */
const scriptOf = (lang: Locale) => ({ lang, dir: lang === 'ar' ? 'rtl' : 'ltr' }) as const

function Pane({ lang, values, errors }: { lang: Locale; values: PostFormValues; errors: Record<string, string> }) {
  const { t } = useLingui()
  const names = useLanguageNames()
  const script = scriptOf(lang)
  const bodyId = `desk-body-${lang}`
  const bodyError = errors[`body.${lang}`]
  // eslint-disable-next-line lingui/no-unlocalized-strings -- element ids, not words
  const [labelId, errorId] = [`${bodyId}-label`, `${bodyId}-error`]
  return (
    // The labels stay in the page's language and direction; each field writes in its own.
    <fieldset className="desk-pane">
      <legend>{names[lang]}</legend>
      <DeskField name={`title.${lang}`} label={t`Title`} error={errors[`title.${lang}`]}>
        {(attributes) => <input {...attributes} {...script} type="text" maxLength={200} defaultValue={values.title[lang]} />}
      </DeskField>
      <DeskField name={`summary.${lang}`} label={t`Summary`} error={errors[`summary.${lang}`]}>
        {(attributes) => <textarea {...attributes} {...script} rows={3} maxLength={600} defaultValue={values.summary[lang]} />}
      </DeskField>
      <div className="form-field">
        <label id={labelId} htmlFor={bodyId}>
          {t`Body`}
        </label>
        <Island
          name="rich-text"
          hydrate="load"
          props={{
            name: `body.${lang}`,
            id: bodyId,
            value: values.body[lang],
            lang,
            labelId,
            describedBy: bodyError ? errorId : undefined,
            invalid: Boolean(bodyError),
          }}
        />
        {bodyError ? (
          <p className="field-error" id={errorId}>
            {bodyError}
          </p>
        ) : null}
      </div>
      <DeskField
        name={`slug.${lang}`}
        label={t`Address (slug)`}
        hint={t`Made from the title when left empty. Lower-case letters and digits joined by hyphens.`}
        error={errors[`slug.${lang}`]}
      >
        {(attributes) => <input {...attributes} {...script} type="text" maxLength={200} defaultValue={values.slug[lang]} />}
      </DeskField>
      <input type="hidden" name={`slugWas.${lang}`} value={values.slugWas[lang]} />
      <DeskField name={`author.${lang}`} label={t`Byline`} hint={t`Your name when left empty.`} error={errors[`author.${lang}`]}>
        {(attributes) => <input {...attributes} {...script} type="text" maxLength={120} defaultValue={values.author[lang]} />}
      </DeskField>
    </fieldset>
  )
}

/** The chosen tags and the search that adds more (client/islands/tag-picker.tsx). */
function TagPicker({ values, search, errors }: { values: PostFormValues; search?: TagSearch; errors: Record<string, string> }) {
  const { lang } = usePageRequest()
  const error = Object.entries(errors).find(([field]) => field.startsWith('tags'))?.[1]
  return (
    <Island
      name="tag-picker"
      hydrate="visible"
      props={{ chosen: values.tags, q: search?.q ?? '', results: search?.results ?? null, lookup: href(lang, 'deskTagSearch'), error }}
    />
  )
}

function ActionForm({ action, children }: { action: string; children: ReactNode }) {
  return (
    <form className="desk-action-form" method="post" action={action}>
      {children}
    </form>
  )
}

/** Submit, publish now or at a time, take down: each as the role and the status allow. */
function Workflow({ post, editor }: { post: DeskPost; editor: boolean }) {
  const { lang, timeZone, renderedAt } = usePageRequest()
  const { t } = useLingui()
  const part = (name: string) => href(lang, 'deskPostPart', { id: post.id, part: name })
  const out = post.status === 'published' || post.status === 'scheduled'
  const zone = zoneLabel(new Date(renderedAt), timeZone)
  return (
    <section className="desk-workflow" aria-labelledby="desk-workflow">
      <h2 id="desk-workflow">
        <Trans>Publishing</Trans>
      </h2>
      <p>
        <Trans>Status:</Trans> <PostStatusBadge status={post.status} /> <TranslationState translation={post.translation} />
        {post.publishedAt ? (
          <>
            {' · '}
            {post.status === 'scheduled' ? <Trans>Goes out at</Trans> : <Trans>Out since</Trans>} <DeskTime iso={post.publishedAt} />
          </>
        ) : null}
      </p>
      <div className="desk-actions">
        {post.status === 'draft' ? (
          <ActionForm action={part('submit')}>
            <button className="button" type="submit">
              <Trans>Submit for review</Trans>
            </button>
          </ActionForm>
        ) : null}
        {editor && post.status !== 'published' ? (
          <ActionForm action={part('publish')}>
            <button className="button" type="submit">
              <Trans>Publish now</Trans>
            </button>
          </ActionForm>
        ) : null}
        {editor && out ? (
          <ActionForm action={part('unpublish')}>
            <button className="button button-quiet" type="submit">
              <Trans>Unpublish</Trans>
            </button>
          </ActionForm>
        ) : null}
      </div>
      {editor && post.status !== 'published' ? (
        <ActionForm action={part('publish')}>
          <div className="desk-schedule">
            <div className="form-field">
              <label htmlFor="desk-publish-at">
                <Trans>
                  Publish at (your time, <bdi>{zone}</bdi>, <bdi>{timeZone}</bdi>)
                </Trans>
              </label>
              <input
                id="desk-publish-at"
                name="at"
                type="datetime-local"
                required
                defaultValue={post.status === 'scheduled' && post.publishedAt ? isoToZonedLocal(post.publishedAt, timeZone) : undefined}
              />
              <input type="hidden" name="zone" value={timeZone} />
            </div>
            <button className="button" type="submit">
              {t`Schedule`}
            </button>
          </div>
        </ActionForm>
      ) : null}
    </section>
  )
}

export function DeskPostEditor({ post, values, errors = {}, message, tagSearch, editor, covers = [], clips = [] }: PostEditorProps) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const kinds = useKindLabels()
  const action = post ? href(lang, 'deskPostPart', { id: post.id, part: 'save' }) : href(lang, 'deskPosts')
  // A new post's first autosave is its creation (the answer says where it lives then).
  const autosave = post ? href(lang, 'deskPostPart', { id: post.id, part: 'autosave' }) : href(lang, 'deskPosts')
  return (
    <div className="desk-post-editor">
      <DeskFormError message={message} />
      {post ? (
        <nav className="desk-actions" aria-label={t`This post`}>
          <a href={href(lang, 'deskPostPart', { id: post.id, part: 'preview/ar' })}>
            <Trans>Preview in Arabic</Trans>
          </a>
          <a href={href(lang, 'deskPostPart', { id: post.id, part: 'preview/en' })}>
            <Trans>Preview in English</Trans>
          </a>
          <a href={href(lang, 'deskPostPart', { id: post.id, part: 'revisions' })}>
            <Trans>Revisions</Trans>
          </a>
        </nav>
      ) : null}
      <form id={POST_FORM_ID} className="desk-post-form" method="post" action={action} noValidate>
        <div className="desk-post-meta">
          <DeskField name="kind" label={t`Kind`} error={errors.kind}>
            {(attributes) => (
              <select {...attributes} defaultValue={values.kind}>
                {POST_KINDS_DESK.map((kind) => (
                  <option key={kind} value={kind}>
                    {kinds[kind]}
                  </option>
                ))}
              </select>
            )}
          </DeskField>
          <CoverPicker images={covers} value={values.cover} error={errors.cover} />
        </div>
        <div className="desk-panes">
          {LOCALES.map((paneLang) => (
            <Pane key={paneLang} lang={paneLang} values={values} errors={errors} />
          ))}
        </div>
        <TagPicker values={values} search={tagSearch} errors={errors} />
        <ClipPicker clips={clips} value={values.media} error={errors.media} />
        <div className="desk-actions">
          <button className="button" type="submit">
            <Trans>Save</Trans>
          </button>
          <Island name="desk-autosave" hydrate="load" props={{ form: POST_FORM_ID, action: autosave }} />
        </div>
      </form>
      {post ? <Workflow post={post} editor={editor} /> : null}
    </div>
  )
}
