// What the stand-in push service (tests/support/push-service.ts) reports of a request it
// received: shared by the service, in Node, and the worker tests, in workerd.

/** The keys a test made for a device, as a browser keeps them: base64url. */
export interface DeviceSecrets {
  /** The endpoint's path on the stand-in. */
  path: string
  /** The P-256 private scalar (JWK `d`). */
  privateKey: string
  /** The 16-byte auth secret. */
  auth: string
}

export interface ReceivedPush {
  method: string
  path: string
  headers: Record<string, string>
  /** Bytes of body as sent. */
  bodyLength: number
  /** The body as http_ece decrypted it with the device's keys; null when it could not. */
  plaintext: string | null
  /** Why it could not. */
  decryptError?: string
}
