// Text Postgres can store. No text or json column takes U+0000, and a lone UTF-16 surrogate
// (half of a pair, such as half an emoji) has no UTF-8 form: JavaScript strings hold one
// happily (JSON.parse makes one of the escape `\ud800`), Postgres refuses it. Pure, so the
// request checks (src/middleware/request-sanity.ts) and their tests share it.

// With the u flag a surrogate pair is one code point, so `\p{Cs}` matches only a lone half.
const UNSTORABLE = /[\0\p{Cs}]/u

/** Whether Postgres can store `text`, as text or inside json. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text)
}

/** A field's name as a message may show it: what cannot be stored becomes U+FFFD. */
const shown = (key: string) => key.replace(new RegExp(UNSTORABLE.source, 'gu'), '\ufffd')

interface Node {
  value: unknown
  key: string | undefined
  parent: Node | undefined
}

function pathOf(node: Node): string {
  const keys: string[] = []
  for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) keys.push(shown(at.key))
  // A body that is one bare string has no field: it is the body, as in fieldErrors.
  return keys.reverse().join('.') || 'body'
}

const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * The first field of `input` (a parsed JSON body, form or query) whose value or key holds
 * text Postgres cannot store, as a dotted path like a validation issue's (`summary.en`,
 * `tags.0`), or undefined when all of it can be stored. Nested objects and arrays are walked
 * without recursion, as a 64 KB body can nest 32,000 deep; a File and any other object is
 * not text, and numbers and the rest pass.
 */
export function unstorableField(input: unknown): string | undefined {
  const pending: Node[] = [{ value: input, key: undefined, parent: undefined }]
  for (let node = pending.pop(); node; node = pending.pop()) {
    const { value, key } = node
    if (key !== undefined && !isStorableText(key)) return pathOf(node)
    if (typeof value === 'string') {
      if (!isStorableText(value)) return pathOf(node)
      continue
    }
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : isRecord(value) ? Object.entries(value) : []
    // Reversed onto the stack, so the fields are judged in the order they came.
    for (const [childKey, item] of entries.reverse()) pending.push({ value: item, key: childKey, parent: node })
  }
  return undefined
}
