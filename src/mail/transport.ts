// What every way of sending mail agrees on: the message, the function that sends it, and how
// a send fails when the provider refuses (a deployment without its mail settings throws
// SettingsError instead: src/settings.ts). The transports (dev-outbox.ts, resend.ts) and the one entry point
// the rest of the worker calls (send.ts) all build on this.
import { HTTPException } from 'hono/http-exception'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Where a reply should go when it is not the sender (the contact form: the visitor). */
  replyTo?: string
}

export type Transport = (message: MailMessage) => Promise<void>

/**
 * The provider refused the message or could not be reached. To the visitor this is
 * temporary: unless the caller catches it, the error handler answers 503 with Retry-After
 * (an envelope under /api), so they can send again.
 */
export class MailDeliveryError extends HTTPException {
  override name = 'MailDeliveryError'

  constructor(message: string, options?: { cause?: unknown }) {
    super(503, { message, cause: options?.cause })
  }
}
