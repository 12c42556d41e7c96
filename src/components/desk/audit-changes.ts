// An audit entry's values before and after, as the fields that changed ("title.ar: old →
// new") rather than two JSON dumps side by side. Objects are opened two levels deep, which
// reaches a post's bilingual fields; anything deeper or a list stays one value, shown as
// formatted JSON.

/** `time`: an ISO timestamp (`publishedAt`), which the screen shows as the desk shows times. */
export type ShownValue = { kind: 'none' } | { kind: 'text' | 'time' | 'json'; text: string }

export interface FieldChange {
  /** Dotted path ('title.ar'); '' when the entry's value is not an object. */
  field: string
  before: ShownValue
  after: ShownValue
}

const DEPTH = 2

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function leaves(value: unknown, prefix: string, depth: number, into: Map<string, unknown>): Map<string, unknown> {
  if (isRecord(value) && depth < DEPTH) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, depth + 1, into)
  } else if (value !== undefined && !(prefix === '' && value === null)) {
    into.set(prefix, value)
  }
  return into
}

function shown(value: unknown): ShownValue {
  if (value === undefined || value === null || value === '') return { kind: 'none' }
  if (typeof value === 'string') return { kind: ISO_TIME.test(value) ? 'time' : 'text', text: value }
  if (typeof value === 'number' || typeof value === 'boolean') return { kind: 'text', text: String(value) }
  return { kind: 'json', text: JSON.stringify(value, null, 2) }
}

/** The fields whose value differs between `before` and `after`, in the order `after` lists them. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = leaves(before, '', 0, new Map())
  const now = leaves(after, '', 0, new Map())
  const fields = [...new Set([...now.keys(), ...old.keys()])]
  return fields
    .map((field) => ({ field, before: shown(old.get(field)), after: shown(now.get(field)) }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after))
}
