import { eq, sql } from 'drizzle-orm'
import type { LoginInput, Me, RegisterInput } from '../../shared/schemas/auth'
import { users, vendors } from '../db/schema'
import { isAuthError } from '../auth/auth-errors'
import { AppError, isUniqueViolation } from '../lib/errors'
import { actorOf } from '../auth/actor'
import type { Actor } from '../lib/scope'
import type { Deps } from '../deps'
import { announceSessionsEnded } from '../realtime/events'
import { hitRateLimit, releaseRateLimit, resetRateLimit } from '../auth/rate-limit'
import { consumeToken, issueToken } from '../auth/one-time-tokens'
import { confirmationMail } from '../mail/mail.service'

const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000
const FIFTEEN_MINUTES = 15 * 60 * 1000
/**
 * Per-address limits are generous: Rwandan mobile networks put many subscribers behind one shared address
 * (carrier-grade NAT). The per-account limits are the tight ones that stop password guessing.
 */
/** Per client address and 15 minutes; registrations and sign-ins are settings (config.ts, perAddress). */
export const PER_ADDRESS = { resend: 30 } as const
/** Failed password sign-ins one account may have in 15 minutes, whatever the addresses they come from. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10

type Registration = Required<Pick<RegisterInput, 'fullName' | 'email' | 'password'>>
type Credentials = Required<LoginInput>

/** The library's error codes, turned into Isoko's codes and message keys. */
function mapAuthError(error: unknown): never {
  if (isAuthError(error)) {
    const code = (error.body as { code?: string } | undefined)?.code ?? ''
    if (code.startsWith('USER_ALREADY_EXISTS')) throw new AppError('CONFLICT', 'auth.register.emailTaken')
    if (
      code === 'INVALID_EMAIL_OR_PASSWORD' ||
      code === 'INVALID_PASSWORD' ||
      code === 'CREDENTIAL_ACCOUNT_NOT_FOUND'
    )
      throw new AppError('UNAUTHENTICATED', 'auth.login.invalidCredentials')
    if (code === 'EMAIL_NOT_VERIFIED') throw new AppError('FORBIDDEN', 'auth.login.emailNotConfirmed')
    if (code === 'PASSWORD_TOO_SHORT') throw new AppError('VALIDATION', 'auth.register.passwordTooShort')
    if (code === 'PASSWORD_TOO_LONG') throw new AppError('VALIDATION', 'errors.tooLong')
    if (code === 'INVALID_EMAIL') throw new AppError('VALIDATION', 'errors.emailInvalid')
    if (error.statusCode === 429) throw new AppError('RATE_LIMITED', 'errors.rateLimited', { seconds: 60 })
  }
  if (isUniqueViolation(error, 'users_email_lower_unique'))
    throw new AppError('CONFLICT', 'auth.register.emailTaken')
  throw error
}

async function findUserByEmail(deps: Deps, email: string) {
  const [user] = await deps.database.db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  return user
}

/** Issues a single-use link and mails it; the link carries the token in its hash so it stays out of server logs. */
export async function sendConfirmation(deps: Deps, user: { id: string; email: string; fullName: string }) {
  const token = await issueToken(deps.database.db, 'confirm_email', CONFIRM_TTL_MS, user.id)
  const link = `${deps.config.publicUrl}/confirm-email#access_token=${token}&type=signup`
  await deps.mailer.send(confirmationMail(user.email, user.fullName, link))
}

export async function registerVendor(deps: Deps, input: Registration, headers: Headers, ip: string) {
  await hitRateLimit(deps.database.db, `register:ip:${ip}`, deps.config.perAddress.register, FIFTEEN_MINUTES)
  if (await findUserByEmail(deps, input.email)) throw new AppError('CONFLICT', 'auth.register.emailTaken')
  let created: { user: { id: string } }
  try {
    // The role is not passed: the library's create hook makes every self-registered account a vendor.
    created = await deps.auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: input.fullName },
      headers,
    })
  } catch (error) {
    // Two sign-ups for one address at once (a double-clicked submit): the library reports the loser's unique
    // violation only as FAILED_TO_CREATE_USER, so look again before calling it an internal error.
    if (
      isAuthError(error) &&
      (error.body as { code?: string } | undefined)?.code === 'FAILED_TO_CREATE_USER' &&
      (await findUserByEmail(deps, input.email))
    ) {
      throw new AppError('CONFLICT', 'auth.register.emailTaken')
    }
    mapAuthError(error)
  }
  // When the address was taken between our look and the library's, the library answers as if it had created an
  // account (so that sign-up cannot reveal who is registered) with a made-up id: the loser is told it is taken.
  if ((await findUserByEmail(deps, input.email))?.id !== created.user.id)
    throw new AppError('CONFLICT', 'auth.register.emailTaken')
  return { email: input.email }
}

export async function resendConfirmation(deps: Deps, email: string, ip: string) {
  await hitRateLimit(deps.database.db, `resend:ip:${ip}`, PER_ADDRESS.resend, FIFTEEN_MINUTES)
  await hitRateLimit(deps.database.db, `resend:email:${email}`, 3, FIFTEEN_MINUTES)
  const user = await findUserByEmail(deps, email)
  // The same answer whether or not the address exists, so this cannot be used to discover accounts.
  if (!user || user.emailVerified) return
  await sendConfirmation(deps, user)
}

export async function confirmEmail(deps: Deps, token: string) {
  await deps.database.db.transaction(async (tx) => {
    const result = await consumeToken(tx, 'confirm_email', token)
    if (!result.ok) {
      if (result.reason === 'used') throw new AppError('CONFLICT', 'auth.confirm.used')
      if (result.reason === 'expired') throw new AppError('VALIDATION', 'auth.confirm.expired')
      throw new AppError('NOT_FOUND', 'auth.confirm.invalid')
    }
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, result.userId!))
  })
}

/**
 * A step of the Google sign-in (its start or Google's callback), counted per client address in PostgreSQL like
 * the password sign-ins, so the limit holds across every process. (The library's own limiter is off: it keeps
 * its counts in process memory, and without a trusted address header it put every visitor in one bucket.)
 */
export async function countGoogleSignInStep(deps: Deps, ip: string) {
  await hitRateLimit(deps.database.db, `google:ip:${ip}`, deps.config.perAddress.login, FIFTEEN_MINUTES)
}

/**
 * A password sign-in. Only failed attempts count towards the limits (per address and per account, 15 minutes):
 * each attempt takes a hit up front, so simultaneous guesses meet the limit while they run, and a sign-in with
 * the right password gives its address hit back and clears the account's failures. An admin signing in on a
 * phone and a laptop all day is never held up; a guesser still meets the limit after ten wrong passwords.
 */
export async function signIn(deps: Deps, input: Credentials, headers: Headers, ip: string) {
  const { db } = deps.database
  const keys = { address: `login:ip:${ip}`, account: `login:email:${input.email}` }
  await hitRateLimit(db, keys.address, deps.config.perAddress.login, FIFTEEN_MINUTES)
  try {
    await hitRateLimit(db, keys.account, LOGIN_FAILURES_PER_ACCOUNT, FIFTEEN_MINUTES)
  } catch (error) {
    // Refused for the account: this address's hit is not one more failure of its own.
    await releaseRateLimit(db, keys.address)
    throw error
  }
  let result
  try {
    result = await deps.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    })
  } catch (error) {
    mapAuthError(error)
  }
  await releaseRateLimit(db, keys.address)
  await resetRateLimit(db, keys.account)
  return { headers: result.headers, actor: await actorOf(deps, result.response.user, headers) }
}

export async function signOut(deps: Deps, headers: Headers, userId?: string) {
  let ended = new Headers()
  try {
    ended = (await deps.auth.api.signOut({ headers, returnHeaders: true })).headers
  } catch {
    // Signed out already: nothing to end.
  }
  // This session's open event streams close too (realtime/events.ts).
  if (userId) await announceSessionsEnded(deps.database.db, userId)
  return ended
}

export async function describeActor(deps: Deps, actor: Actor): Promise<Me> {
  const [vendor] = await deps.database.db
    .select({ id: vendors.id, shopName: vendors.shopName, status: vendors.status })
    .from(vendors)
    .where(eq(vendors.userId, actor.userId))
  return {
    user: {
      id: actor.userId,
      email: actor.email,
      fullName: actor.fullName,
      role: actor.role,
      emailVerified: actor.emailVerified,
    },
    vendor: vendor ?? null,
  }
}
