import { z } from 'zod'
import { emailText, requiredText } from './text'
import { limits, roles } from '../constants'

/**
 * Each rule carries the i18n key of its message, so the form and the server say the same words.
 * Keys live in src/web/i18n/{en,rw}.json.
 */

/** An e-mail address, stored and compared in lowercase; `requiredKey` is what a missing one reads. */
const emailAddress = (requiredKey?: string) =>
  emailText(requiredKey).transform((value) => value.toLowerCase())

const email = emailAddress()

const password = z
  .string({ error: 'errors.required' })
  .min(1, 'errors.required')
  .max(limits.passwordMax, 'errors.tooLong')

const fullName = requiredText(limits.nameMax)

/** A new account's password, typed twice; `passwordsMatch` checks the two agree. */
const newPassword = {
  password: password.min(limits.passwordMin, 'auth.register.passwordTooShort'),
  confirmPassword: z
    .string({ error: 'errors.required' })
    .min(1, 'errors.required')
    .meta({ description: 'The password again: another one is refused (auth.register.passwordMismatch)' }),
}
const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword
const passwordMismatch = { path: ['confirmPassword'], message: 'auth.register.passwordMismatch' }

export const registerInput = z
  .object({
    fullName,
    email,
    // Self-registration offers only the vendor account type.
    role: z.literal('vendor', { error: 'auth.register.roleInvalid' }).default('vendor'),
    ...newPassword,
  })
  .refine(passwordsMatch, passwordMismatch)
export type RegisterInput = z.input<typeof registerInput>

export const loginInput = z.object({ email, password })
export type LoginInput = z.input<typeof loginInput>

export const resendInput = z.object({ email: emailAddress('auth.checkEmail.emailMissing') })

export const tokenInput = z.object({
  token: z.string({ error: 'errors.required' }).min(16, 'auth.token.invalid').max(200, 'auth.token.invalid'),
})

/** "Forgot password?": the address to mail a reset link to (the answer is the same for any address). */
export const forgotPasswordInput = z.object({ email })
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>

/** The reset link's token and the new password, typed twice, under the same rules as at registration. */
export const resetPasswordInput = z
  .object({ token: tokenInput.shape.token, ...newPassword })
  .refine(passwordsMatch, passwordMismatch)
export type ResetPasswordInput = z.input<typeof resetPasswordInput>

export const adminSetupInput = z
  .object({ token: tokenInput.shape.token, fullName, email, ...newPassword })
  .refine(passwordsMatch, passwordMismatch)
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
