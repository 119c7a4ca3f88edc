import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import { rateLimits } from '../../src/server/db/schema'
import { AppError } from '../../src/server/lib/errors'
import { hitRateLimit } from '../../src/server/auth/rate-limit'
import { openTestDatabase, type TestDatabase } from '../fixtures/database'

let testDatabase: TestDatabase
let db: Db

beforeAll(async () => {
  testDatabase = await openTestDatabase()
  db = testDatabase.database.db
})
afterAll(async () => {
  await testDatabase?.close()
})

const FIFTEEN_MINUTES = 15 * 60 * 1000
let keyCounter = 0
const freshKey = () => `test:${(keyCounter += 1)}`

async function hitError(key: string, max: number, windowMs = FIFTEEN_MINUTES) {
  try {
    await hitRateLimit(db, key, max, windowMs)
  } catch (error) {
    return error
  }
  return undefined
}

describe('hitRateLimit', () => {
  it('allows `max` hits in the window and refuses the next with RATE_LIMITED and the seconds to wait', async () => {
    const key = freshKey()
    for (let hit = 1; hit <= 3; hit += 1) expect(await hitError(key, 3), `hit ${hit}`).toBeUndefined()

    const error = await hitError(key, 3)

    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
    const seconds = (error as AppError).params!.seconds as number
    expect(seconds).toBeGreaterThan(15 * 60 - 10)
    expect(seconds).toBeLessThanOrEqual(15 * 60)
  })

  it('counts each key on its own', async () => {
    const [first, second] = [freshKey(), freshKey()]
    await hitError(first, 1)
    expect(await hitError(first, 1)).toBeInstanceOf(AppError)

    expect(await hitError(second, 1)).toBeUndefined()
  })

  // A limit is a pause, not a lock-out: once the window has passed, counting starts again.
  it('starts counting again once the window has passed', async () => {
    const key = freshKey()
    await hitError(key, 1)
    expect(await hitError(key, 1)).toBeInstanceOf(AppError)
    await db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - FIFTEEN_MINUTES - 1000) })
      .where(eq(rateLimits.key, key))

    expect(await hitError(key, 1)).toBeUndefined()
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key))
    expect(row!.count).toBe(1)
  })

  // One statement counts and reads, so a burst of parallel attempts cannot slip past the limit.
  it('lets exactly `max` of many simultaneous hits through', async () => {
    const key = freshKey()

    const outcomes = await Promise.all(Array.from({ length: 12 }, () => hitError(key, 5)))

    expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(5)
    expect(outcomes.filter((outcome) => outcome instanceof AppError)).toHaveLength(7)
  })
})
