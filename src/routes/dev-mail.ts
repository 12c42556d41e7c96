// The dev outbox (architecture.md, Other services): in local development, the mail the
// worker would have sent to an address, newest first, for developers and browser tests.
// Anywhere else the path answers 404 exactly as an unknown one does, so production does
// not even reveal that it exists.
import { Hono } from 'hono'
import { isLocalDevelopment } from '../env.ts'
import { readDevOutbox } from '../db/dev-mail.ts'
import type { AppEnv } from '../types.ts'

export const devMail = new Hono<AppEnv>()

devMail.use('/__dev/*', async (c, next) => {
  if (!isLocalDevelopment(c.env)) return c.notFound()
  await next()
})

devMail.get('/__dev/mail', async (c) => {
  const to = c.req.query('to')?.trim()
  // A tool for developers, so the message is for them: English, and what to add.
  if (!to) return c.json({ error: 'Add ?to=ADDRESS: the address whose mail to list.' }, 400)
  return c.json(await readDevOutbox(c.var.db.sql, to))
})
