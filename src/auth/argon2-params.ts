// The argon2id parameters new password hashes get (security.md, Secrets and sessions; OWASP's
// first argon2id configuration), in a module of their own: the browser tests' account fixture
// hashes with them outside workerd, where the worker's WASM import does not load.
export const ARGON2ID_PARAMS = { memoryKiB: 19456, iterations: 2, parallelism: 1 } as const
