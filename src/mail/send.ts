// The one way the worker sends mail (architecture.md, Other services). Local development
// keeps every message in the dev outbox; anywhere else MAIL_PROVIDER names the provider.
// A second provider is one more entry in MAIL_PROVIDERS (src/settings.ts) and in TRANSPORTS:
// callers never change.
import type { Context } from 'hono'
import type postgres from 'postgres'
import { type MailProvider, type MailSettings, settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'
import { storeInDevOutbox } from './dev-outbox.ts'
import { resendTransport } from './resend.ts'
import type { MailMessage, Transport } from './transport.ts'

const TRANSPORTS: Record<MailProvider, (mail: MailSettings) => Transport> = { resend: resendTransport }

/**
 * Sends `message`, or throws: SettingsError when the deployment lacks a mail setting (a 500
 * naming it), MailDeliveryError when the provider refuses or is away (a 503 unless the caller
 * catches it). `sql` is the transaction the mail belongs with, if any: the dev outbox writes
 * through it, so a rollback takes the mail back as well.
 */
export async function sendMail(c: Context<AppEnv>, message: MailMessage, { sql = c.var.db.sql }: { sql?: postgres.ISql } = {}): Promise<void> {
  const mail = settings(c.env).mail
  // No mail settings means local development, where the dev outbox keeps the message.
  if (!mail) return storeInDevOutbox(sql, message)
  await TRANSPORTS[mail.provider](mail)(message)
}

/** The site's own address (SITE_EMAIL), where contact messages go. */
export function siteAddress(env: Env): string {
  return settings(env).siteEmail
}
