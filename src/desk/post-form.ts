// The post editor's form (src/components/desk/post-editor.tsx) and the desk API's post body
// (docs/desk-api.md): field names are the API's ("title.ar"), so its 422s land on the field
// that caused them. A tag travels as "type:id": kept tags as checked boxes, an added one as
// the button pressed.
import type { Context } from 'hono'
import type { PostKind } from '../../lib/links.ts'
import { LOCALES } from '../../lib/locales.ts'
import type { Bilingual, DeskPost } from '../db/desk-posts.ts'
import { labelTags, type LabelledTag, type Tag, TAG_TYPES } from '../db/post-tags.ts'
import { readForm } from '../http/forms.ts'
import type { AppEnv } from '../types.ts'

export const POST_KINDS_DESK = ['news', 'article', 'analytics', 'caricature'] as const satisfies readonly PostKind[]

/** The words of the form, per language. */
export const BILINGUAL_FIELDS = ['title', 'summary', 'body', 'slug', 'author'] as const
type BilingualField = (typeof BILINGUAL_FIELDS)[number]

/** What the editor shows: the post's stored content, or what was just posted. */
export interface PostFormValues extends Record<BilingualField, Bilingual> {
  kind: string
  /** The slugs as the post had them when the form was drawn: a slug left alone is not sent. */
  slugWas: Bilingual
  tags: LabelledTag[]
  /** The cover's library id; '' for none (src/components/desk/media-picker.tsx). */
  cover: string
  /** The library ids of the audio and video attached, each a checked box named `media`. */
  media: string[]
  /**
   * What the tag search box held when its button saved the form (the search without
   * JavaScript saves first, so nothing typed is lost); '' otherwise.
   */
  tagq: string
}

export function emptyPostForm(): PostFormValues {
  const none = () => ({ ar: '', en: '' })
  return { kind: 'news', title: none(), summary: none(), body: none(), slug: none(), slugWas: none(), author: none(), tags: [], cover: '', media: [], tagq: '' }
}

export async function postFormOf(c: Context<AppEnv>, post: DeskPost): Promise<PostFormValues> {
  const { kind, title, summary, body, slug, author, media } = post
  const tags = await labelTags(c.var.db.sql, post.tags)
  return { kind, title, summary, body, slug, slugWas: slug, author, tags, cover: post.cover ?? '', media, tagq: '' }
}

/** "club:12" → the tag; anything else → null. */
export function parseTag(value: unknown): Tag | null {
  if (typeof value !== 'string') return null
  const [type, id, ...rest] = value.split(':')
  const known = TAG_TYPES.find((t) => t === type)
  if (!known || !id || rest.length > 0 || !/^[\w.-]{1,40}$/.test(id)) return null
  return { type: known, id }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value])

/** The posted editor form, or null when the body does not parse. Unknown tags are dropped. */
export async function readPostForm(c: Context<AppEnv>): Promise<PostFormValues | null> {
  const form = await readForm(c, { all: true })
  if (!form) return null
  // A field sent more than once counts as its last value.
  const fieldText = (name: string) => text(list(form[name]).at(-1))
  const bilingualField = (field: string): Bilingual => ({ ar: fieldText(`${field}.ar`), en: fieldText(`${field}.en`) })
  const tags: Tag[] = []
  for (const value of [...list(form.tags), ...list(form['tags.add'])]) {
    const tag = parseTag(value)
    if (tag && !tags.some((t) => t.type === tag.type && t.id === tag.id)) tags.push(tag)
  }
  return {
    kind: fieldText('kind'),
    title: bilingualField('title'),
    summary: bilingualField('summary'),
    body: bilingualField('body'),
    slug: bilingualField('slug'),
    slugWas: bilingualField('slugWas'),
    author: bilingualField('author'),
    tags: await labelTags(c.var.db.sql, tags),
    cover: fieldText('cover'),
    media: list(form.media).map(text),
    tagq: fieldText('tagsearch') === '' ? '' : fieldText('tagq').trim().slice(0, 100),
  }
}

/**
 * The API body for the form. A slug is sent only when the writer changed it (else the API
 * keeps making it from the title until the post is first out); an empty one is never sent.
 */
export function postBodyOf(values: PostFormValues): Record<string, unknown> {
  const slug: Partial<Bilingual> = {}
  for (const lang of LOCALES) {
    const asked = values.slug[lang].trim()
    if (asked !== '' && asked !== values.slugWas[lang]) slug[lang] = asked
  }
  return {
    kind: values.kind,
    title: values.title,
    summary: values.summary,
    body: values.body,
    author: values.author,
    slug,
    tags: values.tags.map(({ type, id }) => ({ type, id })),
    cover: values.cover === '' ? null : values.cover,
    media: values.media,
  }
}
