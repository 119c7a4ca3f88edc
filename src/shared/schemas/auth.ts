import { z } from 'zod'
import { invalidCharacters, noNul } from './text'
import { limits, roles } from '../constants'

/**
 * Each rule carries the i18n key of its message, so the form and the server say the same words.
 * Keys live in src/web/i18n/{en,rw}.json.
 */
const email = z
  .string({ error: 'errors.required' })
  .regex(noNul, invalidCharacters)
  .trim()
  .min(1, 'errors.required')
  .max(limits.emailMax, 'errors.tooLong')
  .pipe(z.email({ error: 'errors.emailInvalid' }))
  .transform((value) => value.toLowerCase())

const password = z
  .string({ error: 'errors.required' })
  .min(1, 'errors.required')
  .max(limits.passwordMax, 'errors.tooLong')

const fullName = z
  .string({ error: 'errors.required' })
  .regex(noNul, invalidCharacters)
  .trim()
  .min(1, 'errors.required')
  .max(limits.nameMax, 'errors.tooLong')

export const registerInput = z
  .object({
    fullName,
    email,
    // Self-registration offers only the vendor account type.
    role: z.literal('vendor', { error: 'auth.register.roleInvalid' }).default('vendor'),
    password: password.min(limits.passwordMin, 'auth.register.passwordTooShort'),
    confirmPassword: z.string({ error: 'errors.required' }).min(1, 'errors.required'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'auth.register.passwordMismatch',
  })
export type RegisterInput = z.input<typeof registerInput>

export const loginInput = z.object({ email, password })
export type LoginInput = z.input<typeof loginInput>

export const resendInput = z.object({
  email: z
    .string({ error: 'auth.checkEmail.emailMissing' })
    .regex(noNul, invalidCharacters)
    .trim()
    .min(1, 'auth.checkEmail.emailMissing')
    .max(limits.emailMax, 'errors.tooLong')
    .pipe(z.email({ error: 'errors.emailInvalid' }))
    .transform((value) => value.toLowerCase()),
})

export const tokenInput = z.object({
  token: z.string({ error: 'errors.required' }).min(16, 'auth.token.invalid').max(200, 'auth.token.invalid'),
})

export const adminSetupInput = z
  .object({
    token: tokenInput.shape.token,
    fullName,
    email,
    password: password.min(limits.passwordMin, 'auth.register.passwordTooShort'),
    confirmPassword: z.string({ error: 'errors.required' }).min(1, 'errors.required'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'auth.register.passwordMismatch',
  })
export type AdminSetupInput = z.input<typeof adminSetupInput>

export const meResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    role: z.enum(roles),
    emailVerified: z.boolean(),
  }),
  vendor: z.object({ id: z.string(), shopName: z.string(), status: z.string() }).nullable(),
})
export type Me = z.infer<typeof meResponse>

export const providersResponse = z.object({
  google: z.object({
    enabled: z.boolean(),
    /** Why Google sign-in is off: an i18n key the screen shows instead of a button that would fail. */
    reasonKey: z.string().optional(),
    redirectUri: z.string(),
  }),
})
export type Providers = z.infer<typeof providersResponse>

export const okResponse = z.object({ ok: z.literal(true) })

/** An account created (sign-up or first-admin setup): the address the confirmation went to. */
export const createdAccountResponse = z.object({ email: z.string() })
export const setupStatusResponse = z.object({ adminExists: z.boolean() })

/** better-auth's own endpoint that starts the Google redirect flow (the one auth route not wrapped by Isoko). */
export const GOOGLE_SIGN_IN_URL = '/api/auth/sign-in/social'
