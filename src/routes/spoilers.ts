// "Show the score" (issue 27, section 4; decision 139): the form a spoiler-free reader's pages
// put beside a hidden match. It works without JavaScript: a POST here stores the reveal for
// this reader and match, then a 303 brings them back to the page, which now shows the score.
// Posts pass the Origin check of every form (src/app.tsx), so another site cannot reveal a
// score for anyone. A guest is sent to sign in; a match that does not exist, or an id that is
// not one, is the site's 404 page in the reader's language.
import { Hono } from 'hono'
import { href, safeNextPath } from '../../lib/links.ts'
import { currentUser } from '../auth/current-user.ts'
import { revealMatch } from '../db/spoiler-reveals.ts'
import { redirectWithToast } from '../flash.ts'
import { readTextFields, unreadableForm } from '../http/form-answers.ts'
import { formLimit } from '../http/forms.ts'
import { privateNoStore } from '../middleware/private.ts'
import type { AppEnv } from '../types.ts'

export const spoilerForms = new Hono<AppEnv>()

/** A match id as the pages write it: digits, within what a bigint and a JS number hold. */
const MATCH_ID = /^[1-9]\d{0,14}$/

spoilerForms.post('/spoilers/reveal', privateNoStore, formLimit, async (c) => {
  const posted = await readTextFields(c, ['match', 'back'])
  if (!posted) {
    const failure = unreadableForm(c)
    return c.text(failure.message, 400)
  }
  const { match, back } = posted.values
  const page = safeNextPath(back, href(c.var.lang, 'home')).split('#')[0]!
  const user = await currentUser(c)
  // Reveals live in this database: with an external sign-in API there is no reader here to keep them for.
  if (!user || user.sessionId === undefined) {
    const login = `${href(c.var.lang, 'login')}?next=${encodeURIComponent(page)}`
    return redirectWithToast(c, login, { type: 'warning', key: 'signInRequired' }, 303)
  }
  if (!MATCH_ID.test(match)) return c.notFound()
  if (!(await revealMatch(c.var.db.sql, user.id, Number(match)))) return c.notFound()
  return redirectWithToast(c, `${page}#match-${match}`, { type: 'success', key: 'scoreRevealed' }, 303)
})
