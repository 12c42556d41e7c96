// The ALTCHA widget, loaded by the captcha island. The "external" build leaves the
// proof-of-work workers to us: Vite emits them as same-origin scripts, which the CSP's
// worker-src 'self' allows; the default build makes them from blob: URLs, which it refuses.
import 'altcha/external'
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker'
import { ALTCHA_ALGORITHM } from '../../lib/captcha.ts'

$altcha.algorithms.set(ALTCHA_ALGORITHM, () => new Pbkdf2Worker())

/**
 * If solving fails (a challenge that would not load, a worker that died), the widget keeps
 * the submission and shows nothing, as it is invisible. Submit without a solution instead:
 * the server answers with the form and a message in the page's language.
 */
export function submitOnError(widget: HTMLElement) {
  widget.addEventListener('statechange', (event) => {
    if ((event as CustomEvent<{ state: string }>).detail.state === 'error') widget.closest('form')?.requestSubmit()
  })
}
