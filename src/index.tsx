import { Hono } from 'hono'
import postgres from 'postgres'
import { renderToReadableStream } from 'react-dom/server'
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { messages as ar } from '../locales/ar/messages.po'

const app = new Hono<{ Bindings: Env }>()
app.get('/db', async (c) => {
  const sql = postgres(c.env.DB.connectionString, { max: 1, fetch_types: false })
  const [row] = await sql`select 1 + 1 as two, version() as v`
  c.executionCtx.waitUntil(sql.end())
  return c.json(row)
})
app.get('/page', async (c) => {
  const i18n = setupI18n({ locale: 'ar', messages: { ar } })
  const stream = await renderToReadableStream(
    <I18nProvider i18n={i18n}><html lang="ar"><body><h1><Trans>Hello world</Trans></h1></body></html></I18nProvider>,
  )
  return c.body(stream, { headers: { 'content-type': 'text/html; charset=utf-8' } })
})
export default app satisfies ExportedHandler<Env>
