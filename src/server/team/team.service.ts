import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
  INVITATION_DAYS,
  type acceptInvitationInput,
  type inviteAdminInput,
  type TeamList,
  type TeamMemberDto,
} from '../../shared/schemas/team'
import { deleteAudited, recordAudit } from '../audit/record-audit'
import { consumeToken, issueToken, type ConsumeResult } from '../auth/one-time-tokens'
import type { PasswordHashing } from '../auth/passwords'
import type { Db, Tx } from '../db/client'
import { accounts, oneTimeTokens, users } from '../db/schema'
import { AppError, isUniqueViolation, isUuid, notFound } from '../lib/errors'
import type { AdminScope, RequestContext } from '../lib/scope'
import { queueMail } from '../mail/mail.service'
import { invitationMail } from './invitation-mail'

const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000

/** The address belongs to an account already (a vendor's, or an admin who has joined): one account per address. */
const emailTaken = () => new AppError('CONFLICT', 'errors.teamEmailTaken')

/** An invitation's link refused as the setup link is (setup.service.ts): a used one is a conflict, else bad input. */
const linkKeys = {
  invalid: 'errors.teamLinkInvalid',
  expired: 'errors.teamLinkExpired',
  used: 'errors.teamLinkUsed',
} as const
const linkRefused = (reason: Extract<ConsumeResult, { ok: false }>['reason']) =>
  new AppError(reason === 'used' ? 'CONFLICT' : 'VALIDATION', linkKeys[reason])

/**
 * An admin has joined once their account has a way to sign in: the password chosen through the invitation (or a
 * Google sign-in with the invited address, which the auth library links to the account). Until then it cannot
 * sign in at all. (Written with the tables' own names: drizzle leaves a selected column unqualified, and inside
 * the subquery `id` would be the subquery's own.)
 */
const hasJoined = sql<boolean>`exists (select 1 from accounts a where a.user_id = users.id)`

/** When the invitee's working link expires: the newest unused, unexpired one (a renewed invitation leaves one). */
const linkExpiresAt = sql<Date | null>`(
  select max(t.expires_at) from one_time_tokens t
  where t.user_id = users.id and t.purpose = 'admin_invite' and t.used_at is null and t.expires_at > now()
)`.mapWith(oneTimeTokens.expiresAt)

async function members(db: Db | Tx, viewer: AdminScope, where?: SQL): Promise<TeamMemberDto[]> {
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      createdAt: users.createdAt,
      hasJoined,
      linkExpiresAt,
    })
    .from(users)
    .where(and(eq(users.role, 'admin'), where))
    .orderBy(asc(users.createdAt), asc(users.id))
  return rows.map((row) => ({
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    status: row.hasJoined ? 'active' : 'invited',
    joinedAt: row.createdAt.toISOString(),
    linkExpiresAt: !row.hasJoined && row.linkExpiresAt ? row.linkExpiresAt.toISOString() : null,
    isYou: row.id === viewer.userId,
  }))
}

/** The admin team, oldest first: who has joined, and who is invited and has not yet chosen a password. */
export async function listTeam(db: Db, admin: AdminScope): Promise<TeamList> {
  return { items: await members(db, admin) }
}

/** The account's row, locked: an invitation renewed, withdrawn and accepted at once run one after another. */
async function lockAdmin(tx: Tx, where: SQL) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, fullName: users.fullName, role: users.role, hasJoined })
    .from(users)
    .where(where)
    .for('update')
  return row
}

/**
 * An admin invites a colleague: an admin account that cannot sign in yet (no password, e-mail unconfirmed) and a
 * one-time link, valid a week, mailed in the inviting admin's language; the colleague chooses a password through
 * it. Inviting a pending invitee again renews the invitation: the name as now given, a new link, and the old
 * link stops working. An address already used by any account is refused. Audited.
 */
export async function inviteAdmin(
  db: Db,
  admin: AdminScope,
  input: z.output<typeof inviteAdminInput>,
  publicUrl: string,
): Promise<TeamMemberDto> {
  try {
    return await db.transaction(async (tx) => {
      const existing = await lockAdmin(tx, eq(sql`lower(${users.email})`, input.email))
      let inviteeId: string
      if (existing) {
        if (existing.role !== 'admin' || existing.hasJoined) throw emailTaken()
        inviteeId = existing.id
        // One working link per invitation: the one mailed before stops working.
        await tx
          .delete(oneTimeTokens)
          .where(
            and(
              eq(oneTimeTokens.userId, inviteeId),
              eq(oneTimeTokens.purpose, 'admin_invite'),
              isNull(oneTimeTokens.usedAt),
            ),
          )
        await tx.update(users).set({ fullName: input.fullName }).where(eq(users.id, inviteeId))
        await recordAudit(tx, {
          by: admin,
          action: 'update',
          targetTable: 'users',
          targetId: inviteeId,
          oldValues: { full_name: existing.fullName },
          newValues: { full_name: input.fullName },
          details: { invitation: 'renewed' },
        })
      } else {
        const [created] = await tx
          .insert(users)
          .values({ email: input.email, fullName: input.fullName, role: 'admin', emailVerified: false })
          .returning({ id: users.id })
        inviteeId = created!.id
        await recordAudit(tx, {
          by: admin,
          action: 'create',
          targetTable: 'users',
          targetId: inviteeId,
          newValues: { email: input.email, full_name: input.fullName, role: 'admin' },
          details: { invitation: 'sent' },
        })
      }
      const token = await issueToken(tx, 'admin_invite', INVITATION_MS, inviteeId)
      const [inviter] = await tx
        .select({ fullName: users.fullName, language: users.language })
        .from(users)
        .where(eq(users.id, admin.userId))
      await queueMail(
        tx,
        invitationMail({
          to: input.email,
          name: input.fullName,
          inviter: inviter?.fullName ?? 'Isoko',
          language: inviter?.language ?? 'en',
          link: `${publicUrl}/setup/invitation#token=${token}`,
          days: INVITATION_DAYS,
        }),
      )
      const [member] = await members(tx, admin, eq(users.id, inviteeId))
      return member!
    })
  } catch (error) {
    // Two invitations of one new address at once: the second meets the first's account.
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken()
    throw error
  }
}

/**
 * Withdraws an invitation not yet accepted: the invited account goes (and its links with it, by cascade).
 * An admin who has joined is not removed here. Audited.
 */
export async function withdrawInvitation(db: Db, admin: AdminScope, userId: string): Promise<void> {
  if (!isUuid(userId)) throw notFound()
  await db.transaction(async (tx) => {
    const invitee = await lockAdmin(tx, and(eq(users.id, userId), eq(users.role, 'admin'))!)
    if (!invitee) throw notFound()
    if (invitee.hasJoined) throw new AppError('CONFLICT', 'errors.teamNotPending')
    await deleteAudited(tx, users, {
      by: admin,
      targetId: invitee.id,
      oldValues: { email: invitee.email, full_name: invitee.fullName, role: invitee.role },
      details: { invitation: 'withdrawn' },
    })
  })
}

/**
 * The invitee opens the link and chooses a password: the link is used up, and the account gets the same credential
 * record the first admin's setup writes (setup.service.ts), so it signs in like any other. Audited, by the invitee.
 */
export async function acceptInvitation(
  db: Db,
  input: z.output<typeof acceptInvitationInput>,
  hashing: PasswordHashing,
  request: RequestContext,
): Promise<{ email: string }> {
  // The hashing the auth library signs in with (auth/passwords.ts).
  const passwordHash = await hashing.hash(input.password)
  return db.transaction(async (tx) => {
    const token = await consumeToken(tx, 'admin_invite', input.token)
    if (!token.ok) throw linkRefused(token.reason)
    if (!token.userId) throw linkRefused('invalid')
    const invitee = await lockAdmin(tx, eq(users.id, token.userId))
    if (!invitee || invitee.role !== 'admin') throw linkRefused('invalid')
    if (invitee.hasJoined) throw linkRefused('used')
    await tx.insert(accounts).values({
      userId: invitee.id,
      accountId: invitee.id,
      providerId: 'credential',
      password: passwordHash,
    })
    // The link reached them at this address: it is confirmed.
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, invitee.id))
    await recordAudit(tx, {
      by: { role: 'admin', userId: invitee.id, request },
      action: 'update',
      targetTable: 'users',
      targetId: invitee.id,
      oldValues: { email_verified: false },
      newValues: { email_verified: true },
      details: { invitation: 'accepted' },
    })
    return { email: invitee.email }
  })
}
