// The one way the worker sends mail (architecture.md, Other services). Local development
// keeps every message in the dev outbox; anywhere else MAIL_PROVIDER names the provider.
// A second provider is one more entry in PROVIDERS: callers never change.
import type { Context } from 'hono'
import type postgres from 'postgres'
import { isLocalDevelopment } from '../env.ts'
import type { AppEnv } from '../types.ts'
import { storeInDevOutbox } from './dev-outbox.ts'
import { resendTransport } from './resend.ts'
import { MailConfigurationError, type MailMessage, type Transport } from './transport.ts'

const PROVIDERS = new Map<string, (env: Env) => Transport>([['resend', resendTransport]])

/**
 * Sends `message`, or throws: MailConfigurationError when the deployment lacks a setting
 * (a 500 naming it), MailDeliveryError when the provider refuses or is away (a 503 unless
 * the caller catches it). `sql` is the transaction the mail belongs with, if any: the dev
 * outbox writes through it, so a rollback takes the mail back as well.
 */
export async function sendMail(c: Context<AppEnv>, message: MailMessage, { sql = c.var.db.sql }: { sql?: postgres.ISql } = {}): Promise<void> {
  const send: Transport = isLocalDevelopment(c.env) ? (mail) => storeInDevOutbox(sql, mail) : providerTransport(c.env)
  await send(message)
}

function providerTransport(env: Env): Transport {
  const provider = PROVIDERS.get(env.MAIL_PROVIDER)
  if (!provider) {
    const known = [...PROVIDERS.keys()].join(', ')
    throw new MailConfigurationError(`MAIL_PROVIDER is "${env.MAIL_PROVIDER ?? ''}"; set it to one of: ${known}.`)
  }
  return provider(env)
}

/** The site's own address, where contact messages go. */
export function siteAddress(env: Env): string {
  if (!env.SITE_EMAIL) throw new MailConfigurationError('SITE_EMAIL is not set: give the address contact messages go to in wrangler.toml.')
  return env.SITE_EMAIL
}
