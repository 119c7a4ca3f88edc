import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { adminSetupInput } from '../../shared/schemas/auth'
import type { Db } from '../db/client'
import { accounts, users } from '../db/schema'
import { AppError, isUniqueViolation } from '../lib/errors'
import { consumeToken, issueToken } from '../auth/one-time-tokens'
import { type PasswordHashing } from '../auth/passwords'

const SETUP_TTL_MS = 24 * 60 * 60 * 1000
/** Serialises first-admin creation: two setup links used at once must not make two admins. */
const SETUP_LOCK = 7_316_403

export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1)
  return Boolean(row)
}

/** While no admin exists, a fresh single-use setup link; null once there is one. */
export async function createSetupLink(db: Db, publicUrl: string): Promise<string | null> {
  if (await hasAdmin(db)) return null
  const token = await issueToken(db, 'admin_setup', SETUP_TTL_MS)
  return `${publicUrl}/setup/admin#token=${token}`
}

export async function createFirstAdmin(
  db: Db,
  input: z.output<typeof adminSetupInput>,
  hashing: PasswordHashing,
) {
  // The hashing the auth library signs in with (auth/passwords.ts), so the admin signs in like any account.
  const passwordHash = await hashing.hash(input.password)
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`)
      if (await hasAdmin(tx as unknown as Db)) throw new AppError('CONFLICT', 'setup.adminExists')
      const token = await consumeToken(tx, 'admin_setup', input.token)
      if (!token.ok) {
        throw new AppError(token.reason === 'used' ? 'CONFLICT' : 'VALIDATION', `setup.token.${token.reason}`)
      }
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, fullName: input.fullName, role: 'admin', emailVerified: true })
        .returning({ id: users.id })
      // The same credential record the auth library writes at sign-up, so the admin signs in like anyone else.
      await tx.insert(accounts).values({
        userId: user!.id,
        accountId: user!.id,
        providerId: 'credential',
        password: passwordHash,
      })
      return { email: input.email }
    })
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_unique'))
      throw new AppError('CONFLICT', 'auth.register.emailTaken')
    throw error
  }
}
