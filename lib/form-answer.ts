// What the auth routes answer an island that posts a form asking for JSON
// (src/http/form-answers.ts builds it; client/auth/post-form.ts reads it).
export interface FormAnswerBody {
  status: number
  message: string
  errors?: Record<string, string>
  /** Where the browser goes next; the toast waits there in the flash cookie. */
  redirect?: string
  /** After a new code: seconds until another may be asked for. */
  resendAfter?: number
  retryAfter?: number
}
