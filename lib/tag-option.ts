// A post's tag as the editor shows it: what it is, and its name in each language. The server
// builds these (src/db/post-tags.ts labelTags, src/api/desk/tags.ts) and the tag picker island
// (client/islands/tag-picker.tsx) shows them.
export const TAG_TYPES = ['competition', 'club', 'player', 'match'] as const
export type TagType = (typeof TAG_TYPES)[number]

export interface TagOption {
  type: TagType
  id: string
  label: { ar: string; en: string }
}

/** The form's value for a tag: "club:12". */
export const tagValue = (tag: { type: TagType; id: string }) => `${tag.type}:${tag.id}`
