import { describe, expect, it } from 'vitest'
import { ARGON2ID_PARAMS, hashPassword, verifyPassword } from '../../src/auth/password.ts'

// These run inside workerd, so they prove the WASM import works where the worker runs.

// workerd only advances its clocks across I/O (a Spectre mitigation), so a timer is awaited
// before each reading to let performance.now() catch up with the work done in between.
async function now(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0))
  return performance.now()
}

describe('hashPassword / verifyPassword', () => {
  it('round-trips, and rejects a wrong password', async () => {
    const phc = await hashPassword('correct horse battery staple')
    expect(await verifyPassword('correct horse battery staple', phc)).toBe(true)
    expect(await verifyPassword('correct horse battery stapler', phc)).toBe(false)
    expect(await verifyPassword('', phc)).toBe(false)
  })

  it('hashes the whole UTF-8 password, not its first UTF-16-length bytes', async () => {
    // "密码密码" is 4 UTF-16 units but 12 UTF-8 bytes; a wrapper that passed .length as the byte
    // count would also accept any password sharing the first 4 bytes, such as "密码\0\0".
    const phc = await hashPassword('密码密码')
    expect(await verifyPassword('密码密码', phc)).toBe(true)
    expect(await verifyPassword('密码\0\0', phc)).toBe(false)
    expect(await verifyPassword('密码', phc)).toBe(false)
  })

  it('writes the PHC format with exactly m=19456,t=2,p=1 and a 16-byte salt', async () => {
    const phc = await hashPassword('a password')
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc)
    expect(match, phc).not.toBeNull()
    expect(match!.slice(1, 4)).toEqual(['19456', '2', '1'])
    expect(ARGON2ID_PARAMS).toEqual({ memoryKiB: 19456, iterations: 2, parallelism: 1 })
    expect(match![4]).toHaveLength(22) // 16 bytes, unpadded base64
    expect(match![5]).toHaveLength(43) // 32 bytes
  })

  it('uses a different salt, and so a different hash, every time', async () => {
    const [a, b] = [await hashPassword('same password'), await hashPassword('same password')]
    expect(a).not.toBe(b)
    expect(a.split('$')[4]).not.toBe(b.split('$')[4])
    expect(await verifyPassword('same password', a)).toBe(true)
    expect(await verifyPassword('same password', b)).toBe(true)
  })

  it('matches known argon2id vectors', async () => {
    // The argon2 reference implementation's own test (phc-winner-argon2 src/test.c, argon2id v1.3,
    // t=2, m=2^16, p=1, "password" / "somesalt"), also reproduced by Node's OpenSSL argon2id.
    expect(
      await verifyPassword('password', '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc'),
    ).toBe(true)
    // Our parameters, salt = 16 bytes of 0x07; computed with Node's crypto.argon2Sync (OpenSSL),
    // an independent implementation. The second has Arabic text and an emoji (multi-byte UTF-8).
    const salt = 'BwcHBwcHBwcHBwcHBwcHBw'
    expect(await verifyPassword('password', `$argon2id$v=19$m=19456,t=2,p=1$${salt}$uVsQl64ujLFpwoMChntRkvA3JnLpuf7kCZ6je2dGqXw`)).toBe(true)
    expect(
      await verifyPassword('كلمة سر طويلة 🔐', `$argon2id$v=19$m=19456,t=2,p=1$${salt}$34X320w1kv6Mvjmln/d9938TvU2Yov8SJ7xLHfyaRVo`),
    ).toBe(true)
    // One bit off in the last hash character is a different (non-canonical or wrong) hash.
    expect(await verifyPassword('password', `$argon2id$v=19$m=19456,t=2,p=1$${salt}$uVsQl64ujLFpwoMChntRkvA3JnLpuf7kCZ6je2dGqXg`)).toBe(false)
  })

  it('returns false, without throwing, for malformed, foreign or abusive PHC strings', async () => {
    const good = await hashPassword('password1')
    const [, , , , salt, hash] = good.split('$')
    const cases = [
      '',
      'password1',
      '$argon2id$',
      good.slice(0, -1) + '!',
      good + '$',
      ' ' + good,
      good.replace('$argon2id$', '$argon2i$'), // another variant
      good.replace('$argon2id$', '$argon2d$'),
      good.replace('v=19', 'v=16'), // argon2 v1.0
      good.replace('$v=19', ''), // version omitted
      good.replace('m=19456,t=2,p=1', 't=2,m=19456,p=1'), // parameters out of order
      good.replace('m=19456', 'm=1048576'), // 1 GiB: a DoS if we obeyed it
      good.replace('m=19456', 'm=65537'),
      good.replace('t=2', 't=11'),
      good.replace('t=2', 't=0'),
      good.replace('p=1', 'p=0'),
      good.replace('p=1', 'p=64'),
      good.replace('m=19456', 'm=-1'),
      good.replace('m=19456', 'm=1e4'),
      `$argon2id$v=19$m=19456,t=2,p=1$$${hash}`, // no salt
      `$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$${hash}`, // 4-byte salt
      `$argon2id$v=19$m=19456,t=2,p=1$${salt}$AAAA`, // 3-byte hash
      `$argon2id$v=19$m=19456,t=2,p=1$${salt}==$${hash}`, // padded base64
      `$argon2id$v=19$m=19456,t=2,p=1$${salt!.replace(/\//g, '_').replace(/\+/g, '-')}x$${hash}`,
      '$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW', // bcrypt
      '$pbkdf2-sha256$600000$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', // pbkdf2
      'x'.repeat(10_000),
    ]
    for (const phc of cases) {
      await expect(verifyPassword('password1', phc), phc).resolves.toBe(false)
    }
    // Not a string at all (e.g. a NULL column reaching here untyped).
    await expect(verifyPassword('password1', null as unknown as string)).resolves.toBe(false)
    await expect(verifyPassword('password1', undefined as unknown as string)).resolves.toBe(false)
  })

  it('refuses to hash more than 1024 bytes, and never verifies such a password', async () => {
    await expect(hashPassword('a'.repeat(1025))).rejects.toThrow(/too long/)
    await expect(hashPassword('é'.repeat(513))).rejects.toThrow(/1026 bytes/) // 513 chars, 1026 bytes
    const phc = await hashPassword('a'.repeat(1024))
    expect(await verifyPassword('a'.repeat(1024), phc)).toBe(true)
    expect(await verifyPassword('a'.repeat(1025), phc)).toBe(false)
  })

  it('times one hash, and five, inside workerd', async () => {
    await hashPassword('warm-up') // instantiates the WASM and grows its heap once
    let start = await now()
    await hashPassword('time one hash')
    const one = (await now()) - start
    start = await now()
    for (let i = 0; i < 5; i++) await hashPassword(`time five hashes ${i}`)
    const five = ((await now()) - start) / 5
    start = await now()
    const phc = await hashPassword('verify me')
    const hashAndVerify = ((await now()) - start)
    start = await now()
    await verifyPassword('verify me', phc)
    const verify = (await now()) - start
    console.log(
      `argon2id m=19456,t=2,p=1 in workerd: one hash ${one.toFixed(1)} ms; mean of 5 ${five.toFixed(1)} ms;` +
        ` hash ${hashAndVerify.toFixed(1)} ms, verify ${verify.toFixed(1)} ms`,
    )
    expect(one).toBeGreaterThan(0) // the clock did advance
  })
})
