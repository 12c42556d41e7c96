// The team's content lives in content/ as JSON files, one per post or page. A file that
// does not match its schema stops the load with the file's name and the offending field,
// before anything is written, so a typo never reaches the site half-loaded.
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import * as v from 'valibot'
import { sanitizePostHtml } from '../../src/posts/sanitize.ts'

export const CONTENT_DIR = new URL('../../content/', import.meta.url).pathname

export const Text = v.pipe(v.string(), v.trim(), v.nonEmpty())

/** Both languages are required: the site is bilingual and shows no half-translated item. */
export const LocalizedText = v.strictObject({ en: Text, ar: Text })

/** Rich text, sanitised as it is read, so only allow-listed HTML is ever written. */
const Html = v.pipe(Text, v.transform(sanitizePostHtml))
export const LocalizedHtml = v.strictObject({ en: Html, ar: Html })

export interface ContentFile<T> {
  /** The path under content/, e.g. 'posts/news/01-….json': the natural key rows upsert on. */
  sourceKey: string
  data: T
}

/** Every .json file under `dir` (recursively, in path order), parsed and validated. */
export async function readContentFiles<S extends v.GenericSchema>(dir: string, schema: S): Promise<ContentFile<v.InferOutput<S>>[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
  // Keys start with the folder read ('posts/…'), as they would from content/ itself.
  const root = dirname(dir.replace(/[\\/]+$/, ''))
  return Promise.all(
    files.map(async (file) => {
      const sourceKey = relative(root, file).split(sep).join('/')
      return { sourceKey, data: parseContent(await readFile(file, 'utf8'), schema, sourceKey) }
    }),
  )
}

function parseContent<S extends v.GenericSchema>(text: string, schema: S, sourceKey: string): v.InferOutput<S> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(`${sourceKey}: not valid JSON (${(error as Error).message})`, { cause: error })
  }
  const result = v.safeParse(schema, json)
  if (result.success) return result.output
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(file)'}: ${issue.message}`)
  throw new Error(`${sourceKey}: ${problems.join('; ')}`)
}
