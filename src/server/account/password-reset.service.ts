import type { ResetPasswordInput } from '../../shared/schemas/auth'
import { AppError } from '../lib/errors'
import { isAuthError } from '../auth/auth-errors'
import type { Deps } from '../deps'
import { hitRateLimit } from '../auth/rate-limit'

const FIFTEEN_MINUTES = 15 * 60 * 1000
/**
 * Like sign-in: generous per address (many Rwandan mobile users share one behind carrier-grade NAT), tight
 * per account, so nobody can flood one mailbox with reset mail.
 */
export const RESET_LIMITS = { perAddress: 30, perAccount: 3, windowMs: FIFTEEN_MINUTES } as const

/** Reset work still running, per app (its auth instance): tests and a shutdown can wait for it. */
const running = new WeakMap<object, Set<Promise<void>>>()

/**
 * "Forgot password?": the library issues a single-use token (stored only as a hash, auth/auth.ts) and calls
 * `mailResetLink` (auth/password-reset-hooks.ts). The caller learns nothing either way: the same answer
 * whether or not the address has an account, given as soon as the limits are counted, before the token and
 * the mail are made (a known address cost twice an unknown one's time while they were awaited).
 */
export async function requestPasswordReset(deps: Deps, email: string, ip: string) {
  await hitRateLimit(deps.database.db, `reset:ip:${ip}`, RESET_LIMITS.perAddress, RESET_LIMITS.windowMs)
  await hitRateLimit(deps.database.db, `reset:email:${email}`, RESET_LIMITS.perAccount, RESET_LIMITS.windowMs)
  const work = deps.auth.api.requestPasswordReset({ body: { email } }).then(
    () => {},
    (error: unknown) => deps.logger.error({ err: error }, 'a password reset link could not be made'),
  )
  const set = running.get(deps.auth) ?? new Set()
  running.set(deps.auth, set)
  set.add(work)
  void work.finally(() => set.delete(work))
}

/** Resolves when the reset links asked for so far are made (or failed and were logged). */
export async function passwordResetsSettled(deps: Pick<Deps, 'auth'>) {
  await Promise.all(running.get(deps.auth) ?? [])
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
