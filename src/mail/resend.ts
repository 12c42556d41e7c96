// Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email): one POST per
// message, authenticated by the API key. It delivers to any address once the sending
// domain is verified, which is what sign-up codes need (docs/decisions/).
import { MailConfigurationError, MailDeliveryError, type MailMessage, type Transport } from './transport.ts'

const RESEND_API_URL = 'https://api.resend.com/emails'

/** A provider that hangs must not hold the visitor's request (and its transaction) open. */
const SEND_TIMEOUT_MS = 10_000

/** Enough of a refusal's body to say why in the log. */
const MAX_REASON = 300

export function resendTransport(env: Env): Transport {
  if (!env.MAIL_API_KEY) throw new MailConfigurationError('MAIL_API_KEY is not set: run `wrangler secret put MAIL_API_KEY` with a Resend API key.')
  if (!env.MAIL_FROM) throw new MailConfigurationError('MAIL_FROM is not set: give the sender, e.g. "Hadaf <no-reply@your-domain>", in wrangler.toml.')
  const url = env.MAIL_API_URL || RESEND_API_URL
  const headers = { authorization: `Bearer ${env.MAIL_API_KEY}`, 'content-type': 'application/json' }
  const from = env.MAIL_FROM
  return async (message: MailMessage) => {
    const body = { from, to: message.to, subject: message.subject, text: message.text, html: message.html, reply_to: message.replyTo }
    let res: Response
    try {
      res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(SEND_TIMEOUT_MS) })
    } catch (error) {
      throw new MailDeliveryError(`Resend could not be reached: ${String(error)}`, { cause: error })
    }
    if (!res.ok) {
      const reason = (await res.text().catch(() => '')).slice(0, MAX_REASON)
      throw new MailDeliveryError(`Resend refused the message with ${res.status}: ${reason}`)
    }
    // The answer carries only the message id, which nothing here keeps.
    await res.body?.cancel()
  }
}
