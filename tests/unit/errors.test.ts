import { describe, expect, it } from 'vitest'
import { AppError, isUniqueViolation, pgError } from '../../src/server/lib/errors'
import { errorJson } from '../../src/server/lib/http'
import { errorBody, errorCodes, errorStatus } from '../../src/shared/errors'

describe('errorStatus', () => {
  // STYLE.md "One error model": one table maps codes to statuses; the browser and the API docs rely on it.
  it('maps each code to its HTTP status', () => {
    expect(errorStatus).toEqual({
      VALIDATION: 422,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      CONFLICT: 409,
      RATE_LIMITED: 429,
      INTERNAL: 500,
      UNAVAILABLE: 503,
    })
  })

  it('has a status for every code', () => {
    for (const code of errorCodes) expect(errorStatus[code], code).toBeGreaterThanOrEqual(400)
    expect(Object.keys(errorStatus).sort()).toEqual([...errorCodes].sort())
  })
})

describe('errorBody and errorJson', () => {
  it('serialises an AppError to the one wire shape, leaving out params and fields it does not have', () => {
    expect(errorJson(new AppError('CONFLICT', 'auth.register.emailTaken'))).toEqual({
      error: { code: 'CONFLICT', messageKey: 'auth.register.emailTaken' },
    })
    const limited = errorJson(
      new AppError('RATE_LIMITED', 'errors.rateLimited', { seconds: 30 }, { email: 'errors.required' }),
    )
    expect(limited).toEqual({
      error: {
        code: 'RATE_LIMITED',
        messageKey: 'errors.rateLimited',
        params: { seconds: 30 },
        fields: { email: 'errors.required' },
      },
    })
    expect(errorBody.parse(limited)).toEqual(limited)
  })

  it('refuses a code outside the list', () => {
    expect(errorBody.safeParse({ error: { code: 'TEAPOT', messageKey: 'errors.teapot' } }).success).toBe(
      false,
    )
  })
})

describe('pgError and isUniqueViolation', () => {
  // Drivers and the ORM wrap the database error; the unique-violation check must see through the wrapping.
  it('finds the PostgreSQL error under wrappers', () => {
    const database = { code: '23505', constraint: 'users_email_lower_unique' }
    const wrapped = new Error('Failed query', { cause: new Error('driver', { cause: database }) })

    expect(pgError(wrapped)).toBe(database)
    expect(isUniqueViolation(wrapped)).toBe(true)
    expect(isUniqueViolation(wrapped, 'users_email_lower_unique')).toBe(true)
    expect(isUniqueViolation(wrapped, 'vendors_user_unique')).toBe(false)
  })

  it('ignores other errors and non-SQLSTATE codes', () => {
    expect(isUniqueViolation(new Error('boom'))).toBe(false)
    expect(isUniqueViolation({ code: '23503', constraint: 'x' })).toBe(false)
    expect(pgError({ code: 'ECONNREFUSED' })).toBeUndefined()
  })
})
