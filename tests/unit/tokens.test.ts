import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import { oneTimeTokens, users } from '../../src/server/db/schema'
import { consumeToken, hashToken, issueToken } from '../../src/server/auth/one-time-tokens'
import { openTestDatabase, type TestDatabase } from '../fixtures/database'

let testDatabase: TestDatabase
let db: Db
let userId: string

beforeAll(async () => {
  testDatabase = await openTestDatabase()
  db = testDatabase.database.db
  const [user] = await db
    .insert(users)
    .values({ email: 'token-owner@example.rw', fullName: 'Token Owner' })
    .returning()
  userId = user!.id
})
afterAll(async () => {
  await testDatabase?.close()
})

const DAY = 24 * 60 * 60 * 1000
const rowOf = async (token: string) =>
  (
    await db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)))
  )[0]

describe('hashToken', () => {
  // Only the SHA-256 is stored: a leaked database holds no usable link.
  it('is the hex SHA-256 of the token', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('gives different tokens different hashes', () => {
    expect(hashToken('token-a')).not.toBe(hashToken('token-b'))
  })
})

describe('issueToken', () => {
  it('returns an unguessable URL-safe token and stores only its hash', async () => {
    const token = await issueToken(db, 'confirm_email', DAY, userId)

    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const row = await rowOf(token)
    expect(row).toMatchObject({ purpose: 'confirm_email', userId, usedAt: null })
    const stored = await db
      .select({ tokenHash: oneTimeTokens.tokenHash })
      .from(oneTimeTokens)
      .where(sql`${oneTimeTokens.tokenHash} = ${token} or ${oneTimeTokens.tokenHash} = ${hashToken(token)}`)
    expect(stored).toEqual([{ tokenHash: hashToken(token) }])
  })

  it('issues a different token each time', async () => {
    expect(await issueToken(db, 'admin_setup', DAY)).not.toBe(await issueToken(db, 'admin_setup', DAY))
  })
})

describe('consumeToken', () => {
  it('accepts a fresh token once and returns its user', async () => {
    const token = await issueToken(db, 'confirm_email', DAY, userId)

    expect(await consumeToken(db, 'confirm_email', token)).toEqual({ ok: true, userId })
    expect((await rowOf(token))!.usedAt).toBeInstanceOf(Date)
  })

  // Links work once: a second use is told apart from an unknown token so the screen can say "already used".
  it('refuses a second use as used', async () => {
    const token = await issueToken(db, 'confirm_email', DAY, userId)
    await consumeToken(db, 'confirm_email', token)

    expect(await consumeToken(db, 'confirm_email', token)).toEqual({ ok: false, reason: 'used' })
  })

  it('refuses a token never issued as invalid', async () => {
    expect(await consumeToken(db, 'confirm_email', 'never-issued-token-value')).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })

  it('refuses a token past its expiry as expired, without spending it', async () => {
    const token = await issueToken(db, 'confirm_email', -1000, userId)

    expect(await consumeToken(db, 'confirm_email', token)).toEqual({ ok: false, reason: 'expired' })
    expect((await rowOf(token))!.usedAt).toBeNull()
  })

  // A token is bound to its purpose: a setup token does not confirm an e-mail, and the reverse.
  it('refuses a token issued for another purpose as invalid, leaving it usable for its own', async () => {
    const token = await issueToken(db, 'admin_setup', DAY)

    expect(await consumeToken(db, 'confirm_email', token)).toEqual({ ok: false, reason: 'invalid' })
    expect(await consumeToken(db, 'admin_setup', token)).toEqual({ ok: true, userId: null })
  })

  // Services consume inside their transaction: if the rest fails, the link must still work afterwards.
  it('leaves the token usable when the surrounding transaction rolls back', async () => {
    const token = await issueToken(db, 'admin_setup', DAY)

    await expect(
      db.transaction(async (tx) => {
        expect(await consumeToken(tx, 'admin_setup', token)).toMatchObject({ ok: true })
        throw new Error('later step failed')
      }),
    ).rejects.toThrow('later step failed')

    expect((await rowOf(token))!.usedAt).toBeNull()
    expect(await consumeToken(db, 'admin_setup', token)).toMatchObject({ ok: true })
  })

  // Two requests with one link at the same moment: exactly one wins.
  it('lets only one of several simultaneous uses succeed', async () => {
    const token = await issueToken(db, 'confirm_email', DAY, userId)

    const results = await Promise.all(
      Array.from({ length: 4 }, () => db.transaction((tx) => consumeToken(tx, 'confirm_email', token))),
    )

    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok)).toEqual(Array(3).fill({ ok: false, reason: 'used' }))
  })
})
