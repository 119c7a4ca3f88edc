import { eq } from 'drizzle-orm'
import { languages, timings, type Language } from '../../shared/constants'
import type { ResetPasswordInput } from '../../shared/schemas/auth'
import type { Db } from '../db/client'
import { rateLimits, users, verifications } from '../db/schema'
import { AppError } from '../lib/errors'
import { isAuthError } from './auth-errors'
import type { Deps } from '../lib/http'
import { hitRateLimit } from '../lib/rate-limit'
import { queueMail } from '../mail/mail.service'
import { passwordResetMail } from '../mail/password-reset-mail'

export const RESET_LINK_TTL_SECONDS = timings.passwordResetLinkMinutes * 60
const FIFTEEN_MINUTES = 15 * 60 * 1000
/**
 * Like sign-in: generous per address (many Rwandan mobile users share one behind carrier-grade NAT), tight
 * per account, so nobody can flood one mailbox with reset mail.
 */
export const RESET_LIMITS = { perAddress: 30, perAccount: 3, windowMs: FIFTEEN_MINUTES } as const

/**
 * "Forgot password?": the library issues a single-use token (stored only as a hash, auth.ts) and calls
 * `mailResetLink`. The caller learns nothing either way: the same answer whether or not the address has an
 * account, and the mail is queued rather than sent while the caller waits, so the answer's timing does not
 * tell either.
 */
export async function requestPasswordReset(deps: Deps, email: string, ip: string) {
  await hitRateLimit(deps.database.db, `reset:ip:${ip}`, RESET_LIMITS.perAddress, RESET_LIMITS.windowMs)
  await hitRateLimit(deps.database.db, `reset:email:${email}`, RESET_LIMITS.perAccount, RESET_LIMITS.windowMs)
  await deps.auth.api.requestPasswordReset({ body: { email } })
}

/** Sets the new password with the mailed token; the library spends the token and ends every session. */
export async function resetPassword(deps: Deps, input: Pick<ResetPasswordInput, 'token' | 'password'>) {
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } })
  } catch (error) {
    // An unknown, used and expired token are one answer: the library deletes a token when it is spent.
    if (isAuthError(error) && (error.body as { code?: string } | undefined)?.code === 'INVALID_TOKEN')
      throw new AppError('NOT_FOUND', 'auth.reset.linkInvalid')
    if (isAuthError(error) && (error.body as { code?: string } | undefined)?.code === 'PASSWORD_TOO_SHORT')
      throw new AppError('VALIDATION', 'auth.register.passwordTooShort')
    throw error
  }
}

const isLanguage = (value: unknown): value is Language => languages.includes(value as Language)

/** The library's `sendResetPassword`: queues the link, in the account's language when it is known. */
export async function mailResetLink(
  options: { db: Db; publicUrl: string },
  user: { email: string; name: string; language?: unknown },
  token: string,
) {
  const link = `${options.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
  const mail = passwordResetMail({
    to: user.email,
    name: user.name,
    language: isLanguage(user.language) ? user.language : null,
    link,
    minutes: timings.passwordResetLinkMinutes,
  })
  await options.db.transaction((tx) => queueMail(tx, mail))
}

/**
 * The library's `onPasswordReset`, after the new password is stored and the sessions are ended:
 * - the link reached the mailbox, so the address is confirmed (someone who never confirmed can now sign in);
 * - the other reset links still waiting in that mailbox stop working (the library stores the user id as a
 *   reset token's value, and no other verification of ours does);
 * - the sign-in limit of the account starts afresh (account.service.ts, `login:email:`), since the person
 *   who was locked out by their own wrong guesses has just proved who they are.
 */
export async function afterPasswordReset(db: Db, user: { id: string; email: string }) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
    await tx.delete(verifications).where(eq(verifications.value, user.id))
    await tx.delete(rateLimits).where(eq(rateLimits.key, `login:email:${user.email.toLowerCase()}`))
  })
}
