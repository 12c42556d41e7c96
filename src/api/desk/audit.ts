// The audit log, for admins: every desk change, newest first, a page at a time.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { listAudit } from '../../db/audit.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { RowId, urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { roleRequired } from '../guards.ts'

export const deskAudit = new Hono<AppEnv>()

const PAGE = 100

const AuditQuery = v.object({
  target_type: v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,20}$/))),
  target_id: v.optional(v.pipe(v.string(), v.maxLength(40))),
  before: v.optional(RowId),
})

const auditQuery = urlInput('query', AuditQuery, () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

const auditRead = deskAudit.get('/', roleRequired('admin'), auditQuery, async (c) => {
  const query = c.req.valid('query')
  const entries = await listAudit(c.var.db.sql, { targetType: query.target_type, targetId: query.target_id, before: query.before, limit: PAGE })
  return ok(c, msg`OK`, { entries, next: entries.length === PAGE ? entries.at(-1)!.id : null })
})

/** A page of the audit log, newest first, as GET /desk/audit answers it. */
export const readDeskAudit = deskReader(auditRead, (query: QueryOf<typeof AuditQuery>) => withQuery('audit', query))
