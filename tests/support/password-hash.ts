// A password's argon2id hash made in Node, with the parameters the worker gives new hashes,
// for fixtures that write an account straight into the database. The worker's own
// verifyPassword then checks it at sign-in, which proves the two agree.
import { Argon2Type, Argon2Version } from '@phi-ag/argon2'
import initialize from '@phi-ag/argon2/node'
import { ARGON2ID_PARAMS } from '../../src/auth/argon2-params.ts'

const hashes = new Map<string, Promise<string>>()

/** The PHC string of `password` (ASCII: the package's class measures characters, not bytes); one hash per password and process. */
export function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password)
  if (!hash) {
    hash = initialize().then((argon2) =>
      argon2.hash(password, {
        memoryCost: ARGON2ID_PARAMS.memoryKiB,
        timeCost: ARGON2ID_PARAMS.iterations,
        parallelism: ARGON2ID_PARAMS.parallelism,
        hashLength: 32,
        type: Argon2Type.Argon2id,
        version: Argon2Version.Version13,
      }).encoded,
    )
    hashes.set(password, hash)
  }
  return hash
}
