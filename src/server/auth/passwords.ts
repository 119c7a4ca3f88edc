import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

export type PasswordHashing = {
  hash: (password: string) => Promise<string>
  verify: (data: { hash: string; password: string }) => Promise<boolean>
}

/** The mark of the test suites' cheap hashes (below). */
const TEST_PREFIX = 'test-scrypt$'

/**
 * How passwords are kept: the auth library's own scrypt (N 16384, r 16: 16 MB and about a tenth of a second of a
 * core each), stored as `salt:key`, so an account signs in whoever wrote it (sign-up, the first admin's setup).
 */
const standard: PasswordHashing = {
  hash: async (password) => (await import('better-auth/crypto')).hashPassword(password),
  verify: async ({ hash, password }) =>
    !hash.startsWith(TEST_PREFIX) && (await import('better-auth/crypto')).verifyPassword({ hash, password }),
}

/**
 * The test suites' (NODE_ENV=test) cheap scrypt (N 1024, r 8: a millisecond): they create thousands of accounts,
 * and at full cost each is a tenth of a second the two cores spend on nothing under test. Its hashes carry their
 * own mark, which the standard hashing never accepts, and the server refuses to start with NODE_ENV=test (main.ts).
 */
const TEST_COST = { N: 1024, r: 8, p: 1 } as const
const KEY_LENGTH = 64

function testKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, TEST_COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

const cheap: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex')
    return `${TEST_PREFIX}${salt}:${(await testKey(password, salt)).toString('hex')}`
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(TEST_PREFIX)) return standard.verify({ hash, password })
    const [salt, key] = hash.slice(TEST_PREFIX.length).split(':')
    if (!salt || !key) return false
    const expected = Buffer.from(key, 'hex')
    const actual = await testKey(password, salt)
    return expected.length === actual.length && timingSafeEqual(expected, actual)
  },
}

/** The hashing for a run: the test suites' cheap one under NODE_ENV=test, the standard one everywhere else. */
export const passwordHashing = (env: string): PasswordHashing => (env === 'test' ? cheap : standard)
