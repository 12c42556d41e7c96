// A third-party script added once from island code. CSP 'strict-dynamic' trusts a script
// that a trusted (nonced) script adds, and src/captcha/csp.ts lists the host for browsers
// that only know host lists.
const loading = new Map<string, Promise<void>>()

export function loadScript(src: string): Promise<void> {
  let promise = loading.get(src)
  if (!promise) {
    promise = new Promise((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.onload = () => resolve()
      script.onerror = () => reject(new Error(`Could not load ${src}`))
      document.head.appendChild(script)
    })
    loading.set(src, promise)
  }
  return promise
}
