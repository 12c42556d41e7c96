// Password hashing: argon2id, memory 19 MiB (19456 KiB), 2 iterations, parallelism 1, run from
// WASM inside the worker (security.md, Secrets and sessions; OWASP Password Storage Cheat Sheet;
// ASVS 11.4.2). Stored as a PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>.
//
// The WASM is the argon2 reference implementation (SIMD build) shipped by @phi-ag/argon2. It is
// imported as a module because workerd refuses to compile WebAssembly from bytes at run time.
// We call its C API (argon2_hash, from the reference argon2.h) directly rather than through the
// package's Argon2 class: that class passes `password.length` (UTF-16 code units) as the byte
// length of the UTF-8 password, so any non-ASCII password would be hashed truncated (e.g.
// "密码密码" hashes only its first 4 of 12 bytes). We encode, measure and compare ourselves.
import argon2Wasm from '@phi-ag/argon2/argon2.wasm'
import { ARGON2ID_PARAMS } from './argon2-params.ts'

export { ARGON2ID_PARAMS }

const SALT_BYTES = 16 // OWASP / RFC 9106 §3.1: 128-bit random salt
const HASH_BYTES = 32 // RFC 9106 §4: a 256-bit tag
const ARGON2ID = 2 // argon2_type in argon2.h
const VERSION_13 = 0x13 // v=19

// Hashing cost grows with the input only through one BLAKE2b pass, but nothing legitimate needs
// more than this, and a bound keeps a megabyte "password" from reaching the WASM heap. The 8..128
// character rule is the validation layer's (ASVS 6.2); this is only a last guard.
const MAX_PASSWORD_BYTES = 1024

// A stored hash chooses the work verifyPassword does. These bounds keep a corrupted or planted
// row from costing more than ~3x the memory and ~5x the passes we use (a DoS guard), while still
// admitting older or stronger hashes within reason, so parameters can change without a lockout.
const LIMITS = {
  memoryKiB: { min: 8, max: 65536 },
  iterations: { min: 1, max: 10 },
  parallelism: { min: 1, max: 4 },
  saltBytes: { min: 8, max: 64 },
  hashBytes: { min: 16, max: 64 },
} as const

interface Argon2Exports {
  memory: WebAssembly.Memory
  _initialize(): void
  malloc(size: number): number
  free(ptr: number): void
  argon2_hash(
    t: number, m: number, p: number,
    pwd: number, pwdLen: number, salt: number, saltLen: number,
    hash: number, hashLen: number, encoded: number, encodedLen: number,
    type: number, version: number,
  ): number
}

// One instance per isolate, created on first use (not at import, so routes that never touch a
// password pay nothing). Its heap grows to ~20 MiB on the first hash and is reused after that.
let wasm: Argon2Exports | undefined

function argon2(): Argon2Exports {
  if (!wasm) {
    const exports = new WebAssembly.Instance(argon2Wasm, {}).exports as unknown as Argon2Exports
    exports._initialize()
    wasm = exports
  }
  return wasm
}

interface Params {
  memoryKiB: number
  iterations: number
  parallelism: number
}

/** Raw argon2id (v1.3) tag; throws when the WASM reports an error. */
function argon2id(password: Uint8Array, salt: Uint8Array, params: Params, hashBytes: number): Uint8Array {
  const api = argon2()
  const pwd = api.malloc(Math.max(password.length, 1))
  const saltPtr = api.malloc(salt.length)
  const out = api.malloc(hashBytes)
  try {
    if (!pwd || !saltPtr || !out) throw new Error('argon2: out of WASM memory')
    new Uint8Array(api.memory.buffer).set(password, pwd)
    new Uint8Array(api.memory.buffer).set(salt, saltPtr)
    // encoded = NULL: we format the PHC string ourselves.
    const code = api.argon2_hash(
      params.iterations, params.memoryKiB, params.parallelism,
      pwd, password.length, saltPtr, salt.length, out, hashBytes, 0, 0,
      ARGON2ID, VERSION_13,
    )
    if (code !== 0) throw new Error(`argon2: error code ${code}`)
    return new Uint8Array(api.memory.buffer).slice(out, out + hashBytes)
  } finally {
    // The buffer may have grown (and been replaced) during the hash: take it again.
    const heap = new Uint8Array(api.memory.buffer)
    if (pwd) heap.fill(0, pwd, pwd + password.length) // don't leave the password on the heap
    if (out) heap.fill(0, out, out + hashBytes)
    api.free(pwd)
    api.free(saltPtr)
    api.free(out)
  }
}

function encodePassword(password: string): Uint8Array {
  const bytes = new TextEncoder().encode(password)
  if (bytes.length > MAX_PASSWORD_BYTES) {
    throw new RangeError(`Password too long to hash: ${bytes.length} bytes, the limit is ${MAX_PASSWORD_BYTES}`)
  }
  return bytes
}

/** A new PHC string for the password, with a fresh 16-byte salt from the CSPRNG. */
export async function hashPassword(password: string): Promise<string> {
  const bytes = encodePassword(password)
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = argon2id(bytes, salt, ARGON2ID_PARAMS, HASH_BYTES)
  const { memoryKiB: m, iterations: t, parallelism: p } = ARGON2ID_PARAMS
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${toBase64(salt)}$${toBase64(hash)}`
}

/**
 * Whether the password matches the stored PHC string. Never throws: a malformed or foreign
 * string (another algorithm, version or parameter order), parameters outside LIMITS, or an
 * over-long password all give false.
 */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  try {
    const stored = parsePhc(phc)
    if (!stored) return false
    const bytes = new TextEncoder().encode(password)
    if (bytes.length > MAX_PASSWORD_BYTES) return false
    const actual = argon2id(bytes, stored.salt, stored, stored.hash.length)
    return constantTimeEqual(actual, stored.hash)
  } catch {
    return false
  }
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,6}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/

function parsePhc(phc: unknown): (Params & { salt: Uint8Array; hash: Uint8Array }) | undefined {
  if (typeof phc !== 'string' || phc.length > 256) return undefined
  const match = PHC.exec(phc)
  if (!match) return undefined
  const [, m, t, p, saltText, hashText] = match
  const params = { memoryKiB: Number(m), iterations: Number(t), parallelism: Number(p) }
  if (!within(params.memoryKiB, LIMITS.memoryKiB)) return undefined
  if (!within(params.iterations, LIMITS.iterations)) return undefined
  if (!within(params.parallelism, LIMITS.parallelism)) return undefined
  if (params.memoryKiB < 8 * params.parallelism) return undefined // argon2's own minimum
  const salt = fromBase64(saltText!)
  const hash = fromBase64(hashText!)
  if (!salt || !within(salt.length, LIMITS.saltBytes)) return undefined
  if (!hash || !within(hash.length, LIMITS.hashBytes)) return undefined
  return { ...params, salt, hash }
}

function within(value: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max
}

/**
 * Compares every byte whatever the first difference (OWASP: compare hashes in constant time).
 * The length is not secret: it is written in the stored string, and `a` is computed to match.
 */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

// PHC strings use standard base64 without padding.
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/=+$/, '')
}

/** Decodes unpadded base64, refusing non-canonical text (stray bits in the last character). */
function fromBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined
  let binary: string
  try {
    binary = atob(text + '='.repeat((4 - (text.length % 4)) % 4))
  } catch {
    return undefined
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  return toBase64(bytes) === text ? bytes : undefined
}
