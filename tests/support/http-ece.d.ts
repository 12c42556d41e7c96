// Mozilla's http_ece (RFC 8188), which the stand-in push service decrypts alerts with (tests/support/push-service.ts); it ships no types.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  interface DecryptParams {
    version: 'aes128gcm'
    /** The receiver's key pair. */
    privateKey: ECDH
    authSecret: Uint8Array | string
  }

  const ece: { decrypt(body: Uint8Array, params: DecryptParams): Buffer }
  export default ece
}
