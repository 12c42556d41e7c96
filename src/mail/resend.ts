// Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email): one POST per
// message, authenticated by the API key. It delivers to any address once the sending
// domain is verified, which is what sign-up codes need (docs/decisions/).
import type { MailSettings } from '../settings.ts'
import { MailDeliveryError, type MailMessage, type Transport } from './transport.ts'

const RESEND_API_URL = 'https://api.resend.com/emails'

/** A provider that hangs must not hold the visitor's request (and its transaction) open. */
const SEND_TIMEOUT_MS = 10_000

/** Enough of a refusal's body to say why in the log. */
const MAX_REASON = 300

export function resendTransport({ apiKey, from, apiUrl = RESEND_API_URL }: MailSettings): Transport {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }
  return async (message: MailMessage) => {
    const body = { from, to: message.to, subject: message.subject, text: message.text, html: message.html, reply_to: message.replyTo }
    let res: Response
    try {
      res = await fetch(apiUrl, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(SEND_TIMEOUT_MS) })
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
