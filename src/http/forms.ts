import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'

// What a browser's form post can be. Anything else (JSON, text) is refused before parsing.
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/**
 * A posted form's fields (strings, or Files from multipart), or null when the body does not
 * parse (a broken multipart boundary), so the caller can answer 400 with the form again.
 * Repeated fields keep their last value, or with `all` become an array when repeated (a
 * group of checkboxes). Throws 415 for a body that is not a form.
 */
export async function readForm(c: Context, options: { all?: boolean } = {}): Promise<Record<string, unknown> | null> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!FORM_TYPES.has(type)) throw new HTTPException(415, { message: 'Unsupported Media Type' })
  return c.req.parseBody({ all: options.all ?? false }).catch(() => null)
}

/** The site's forms are a few short fields; a larger body is refused (413) before it is read. */
export const formLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new HTTPException(413)
  },
})
