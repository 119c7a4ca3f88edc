import { eq } from 'drizzle-orm'
import { timings } from '../../shared/constants'
import type { Db } from '../db/client'
import { rateLimits, users, verifications } from '../db/schema'
import { queueMail } from '../mail/mail.service'
import { passwordResetMail } from '../mail/password-reset-mail'
import { announceSessionsEnded } from '../realtime/events'
import { isLanguage } from './language'

/** What the auth library calls during a password reset (auth.ts); the routes' side is account/password-reset.service.ts. */

export const RESET_LINK_TTL_SECONDS = timings.passwordResetLinkMinutes * 60

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
 * - the account's open event streams close, as its sessions did;
 * - the sign-in limit of the account starts afresh (account.service.ts, `login:email:`), since the person
 *   who was locked out by their own wrong guesses has just proved who they are.
 */
export async function afterPasswordReset(db: Db, user: { id: string; email: string }) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
    await tx.delete(verifications).where(eq(verifications.value, user.id))
    await tx.delete(rateLimits).where(eq(rateLimits.key, `login:email:${user.email.toLowerCase()}`))
    // The sessions the library just ended: their open event streams close too.
    await announceSessionsEnded(tx, user.id)
  })
}
