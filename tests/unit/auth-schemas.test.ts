import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  adminSetupInput,
  loginInput,
  registerInput,
  resendInput,
  tokenInput,
} from '../../src/shared/schemas/auth'

/** The first message per field, as the form and the server's validation hook show them. */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message
  return fields
}

const registration = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Amina Uwase',
  email: 'amina@example.rw',
  password: 'secret-123',
  confirmPassword: 'secret-123',
  ...overrides,
})

describe('registerInput', () => {
  it('trims the name, trims and lower-cases the e-mail, and makes a vendor', () => {
    const parsed = registerInput.parse(
      registration({ fullName: '  Amina Uwase ', email: '  Amina@Example.RW ' }),
    )
    expect(parsed).toMatchObject({ fullName: 'Amina Uwase', email: 'amina@example.rw', role: 'vendor' })
  })

  // Specification §5: fullName, email and password are required.
  it.each(['fullName', 'email', 'password', 'confirmPassword'])('requires %s', (field) => {
    expect(fieldErrors(registerInput, registration({ [field]: undefined }))[field]).toBe('errors.required')
  })

  it('does not accept a name made of spaces', () => {
    expect(fieldErrors(registerInput, registration({ fullName: '   ' }))).toEqual({
      fullName: 'errors.required',
    })
  })

  // Specification §5 and §9: minimum password length 6 ('Password must be at least 6 characters long').
  it('refuses a 5-character password and accepts a 6-character one', () => {
    expect(fieldErrors(registerInput, registration({ password: '12345', confirmPassword: '12345' }))).toEqual(
      {
        password: 'auth.register.passwordTooShort',
      },
    )
    expect(
      fieldErrors(registerInput, registration({ password: '123456', confirmPassword: '123456' })),
    ).toEqual({})
  })

  // Specification §5: 'Passwords do not match', shown on the confirmation field.
  it('refuses differing passwords on confirmPassword', () => {
    expect(fieldErrors(registerInput, registration({ confirmPassword: 'secret-124' }))).toEqual({
      confirmPassword: 'auth.register.passwordMismatch',
    })
  })

  // Specification §6: self-registration offers only the vendor account type.
  it.each(['admin', 'superuser', ''])('refuses the account type %j', (role) => {
    expect(fieldErrors(registerInput, registration({ role }))).toEqual({ role: 'auth.register.roleInvalid' })
  })

  it('accepts the vendor account type when it is sent', () => {
    expect(registerInput.parse(registration({ role: 'vendor' })).role).toBe('vendor')
  })

  it('limits the name to 100 characters, the password to 128 and the e-mail to 254', () => {
    expect(fieldErrors(registerInput, registration({ fullName: 'N'.repeat(100) }))).toEqual({})
    expect(fieldErrors(registerInput, registration({ fullName: 'N'.repeat(101) }))).toEqual({
      fullName: 'errors.tooLong',
    })
    const longPassword = 'p'.repeat(129)
    expect(
      fieldErrors(registerInput, registration({ password: longPassword, confirmPassword: longPassword })),
    ).toEqual({
      password: 'errors.tooLong',
    })
    expect(fieldErrors(registerInput, registration({ email: `${'a'.repeat(250)}@example.rw` }))).toEqual({
      email: 'errors.tooLong',
    })
  })

  it.each(['amina', 'amina@', '@example.rw', 'amina example.rw'])(
    'refuses the malformed e-mail %j',
    (email) => {
      expect(fieldErrors(registerInput, registration({ email }))).toEqual({ email: 'errors.emailInvalid' })
    },
  )
})

describe('loginInput', () => {
  // Specification §5: login needs e-mail and password.
  it('requires the e-mail and the password', () => {
    expect(fieldErrors(loginInput, {})).toEqual({ email: 'errors.required', password: 'errors.required' })
  })

  it('lower-cases the e-mail so sign-in ignores capitals', () => {
    expect(loginInput.parse({ email: ' Amina@Example.RW', password: 'x' }).email).toBe('amina@example.rw')
  })
})

describe('resendInput', () => {
  // Specification §5: without the address from navigation state: 'Email address not found. Please sign up again.'
  it.each([undefined, '', '   '])(
    'answers a missing e-mail (%j) with auth.checkEmail.emailMissing',
    (email) => {
      expect(fieldErrors(resendInput, { email })).toEqual({ email: 'auth.checkEmail.emailMissing' })
    },
  )

  it('refuses a malformed e-mail and lower-cases a good one', () => {
    expect(fieldErrors(resendInput, { email: 'amina' })).toEqual({ email: 'errors.emailInvalid' })
    expect(resendInput.parse({ email: 'Amina@Example.RW' }).email).toBe('amina@example.rw')
  })
})

describe('tokenInput', () => {
  // A token shorter than 16 or longer than 200 characters cannot be one the server issued: no lookup needed.
  it('accepts 16 to 200 characters', () => {
    expect(fieldErrors(tokenInput, { token: 't'.repeat(15) })).toEqual({ token: 'auth.token.invalid' })
    expect(fieldErrors(tokenInput, { token: 't'.repeat(16) })).toEqual({})
    expect(fieldErrors(tokenInput, { token: 't'.repeat(200) })).toEqual({})
    expect(fieldErrors(tokenInput, { token: 't'.repeat(201) })).toEqual({ token: 'auth.token.invalid' })
    expect(fieldErrors(tokenInput, {})).toEqual({ token: 'errors.required' })
  })
})

describe('adminSetupInput', () => {
  const setup = (overrides: Record<string, unknown> = {}) => ({
    token: 't'.repeat(43),
    ...registration(),
    ...overrides,
  })

  // The first admin follows the same password rules as everyone else.
  it('applies the registration password rules', () => {
    expect(fieldErrors(adminSetupInput, setup({ confirmPassword: 'other-pass' }))).toEqual({
      confirmPassword: 'auth.register.passwordMismatch',
    })
    expect(fieldErrors(adminSetupInput, setup({ password: '12345', confirmPassword: '12345' }))).toEqual({
      password: 'auth.register.passwordTooShort',
    })
  })

  it('requires the token', () => {
    expect(fieldErrors(adminSetupInput, setup({ token: undefined }))).toEqual({ token: 'errors.required' })
  })

  it('lower-cases the e-mail', () => {
    expect(adminSetupInput.parse(setup({ email: 'Boss@Isoko.RW' })).email).toBe('boss@isoko.rw')
  })
})
