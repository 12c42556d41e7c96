// The audit log's change list: the fields that differ, bilingual fields opened, lists and
// deeper values kept whole as JSON, and an entry with nothing before (a creation).
import { describe, expect, it } from 'vitest'
import { fieldChanges } from '../../src/components/desk/audit-changes.ts'

describe('fieldChanges', () => {
  it('lists only the fields that changed, bilingual ones per language', () => {
    const before = { status: 'draft', title: { ar: 'قديم', en: 'Old' }, revision: 2 }
    const after = { status: 'published', title: { ar: 'قديم', en: 'New' }, revision: 2 }
    expect(fieldChanges(before, after)).toEqual([
      { field: 'status', before: { kind: 'text', text: 'draft' }, after: { kind: 'text', text: 'published' } },
      { field: 'title.en', before: { kind: 'text', text: 'Old' }, after: { kind: 'text', text: 'New' } },
    ])
  })

  it('shows a list or a deeper value as formatted JSON', () => {
    const changes = fieldChanges({ tags: [] }, { tags: [{ type: 'club', id: '7' }], a: { b: { c: 1 } } })
    expect(changes).toEqual([
      { field: 'tags', before: { kind: 'json', text: '[]' }, after: { kind: 'json', text: JSON.stringify([{ type: 'club', id: '7' }], null, 2) } },
      { field: 'a.b', before: { kind: 'none' }, after: { kind: 'json', text: '{\n  "c": 1\n}' } },
    ])
  })

  it('shows a creation as every field new, and treats empty as nothing', () => {
    expect(fieldChanges(null, { role: 'editor', note: '' })).toEqual([{ field: 'role', before: { kind: 'none' }, after: { kind: 'text', text: 'editor' } }])
    expect(fieldChanges({ n: 1 }, { n: 1 })).toEqual([])
    expect(fieldChanges({ at: null }, { at: '2026-11-25T22:02:39.423Z' })).toEqual([{ field: 'at', before: { kind: 'none' }, after: { kind: 'time', text: '2026-11-25T22:02:39.423Z' } }])
    expect(fieldChanges('a', 'b')).toEqual([{ field: '', before: { kind: 'text', text: 'a' }, after: { kind: 'text', text: 'b' } }])
  })
})
