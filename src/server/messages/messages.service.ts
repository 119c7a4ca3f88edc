import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  adminReplySubject,
  type MessageDto,
  type MessageList,
  type messageListQuery,
  type sendMessageInput,
} from '../../shared/schemas/message'
import type { Db } from '../db/client'
import { messages, users, vendors } from '../db/schema'
import { recordAudit } from '../audit/record-audit'
import { AppError, notFound } from '../lib/errors'
import { countCapFor } from '../lib/paginate'
import type { AdminScope, Viewer } from '../lib/scope'
import { notify } from '../realtime/events'
import { addressedTo, findMessage, messageFilter, messageRows } from './messages.queries'

export type { Viewer }

type MessageRow = typeof messages.$inferSelect
type Party = NonNullable<MessageDto['sender']>

/** The subject of every admin reply (second specification, §7 Support reply). */
export const REPLY_SUBJECT = adminReplySubject

const isAddressedTo = (row: MessageRow, viewer: Viewer) =>
  row.receiverId === viewer.userId || (viewer.role === 'admin' && row.receiverId === null)

type Joined = { message: MessageRow; sender: Party | null; recipient: Party | null }

/**
 * A vendor writes to, and hears from, the admin team: an admin's name and sign-in e-mail stay with the
 * admins (null reads as the team on the screens). Admins see who replied.
 */
const asSeenBy = (party: Party | null, viewer: Viewer): Party | null =>
  viewer.role === 'vendor' && party?.role === 'admin' ? null : party

function toDto(row: Joined, viewer: Viewer): MessageDto {
  const { message } = row
  return {
    id: message.id,
    subject: message.subject,
    content: message.content,
    type: message.type,
    createdAt: message.createdAt.toISOString(),
    readAt: message.readAt?.toISOString() ?? null,
    isUnread: message.readAt === null && isAddressedTo(message, viewer),
    isOwn: message.senderId === viewer.userId,
    sender: asSeenBy(row.sender, viewer),
    recipient: asSeenBy(row.recipient, viewer),
    replyToId: message.replyToId,
  }
}

/** One page of the viewer's messages, newest first, plus how many addressed to them are unread. */
export async function listMessages(
  db: Db,
  viewer: Viewer,
  query: z.output<typeof messageListQuery>,
): Promise<MessageList> {
  const [page, [unread]] = await Promise.all([
    messageRows.page(db, query, messageFilter(viewer, query), {
      countCap: countCapFor(query.q),
      toItem: (row) => toDto(row, viewer),
    }),
    db
      .select({ value: count() })
      .from(messages)
      .where(and(addressedTo(viewer), isNull(messages.readAt))),
  ])
  return { ...page, unread: Number(unread?.value ?? 0) }
}

/**
 * A vendor writes to the admin team: receiver null, so every admin sees it and no other vendor can
 * (README: deliberate divergences; the specification fell back to "any user"). With no admin at all, the specified system
 * error stands. An empty subject becomes 'Message from {shop name}' ({full name} before registration).
 */
export async function sendMessage(
  db: Db,
  viewer: Viewer,
  input: z.output<typeof sendMessageInput>,
): Promise<MessageDto> {
  return db.transaction(async (tx) => {
    const [anyAdmin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1)
    if (!anyAdmin) throw new AppError('CONFLICT', 'messages.noRecipient')
    let subject = input.subject.trim()
    if (!subject) {
      const [me] = await tx
        .select({ fullName: users.fullName, shopName: vendors.shopName })
        .from(users)
        .leftJoin(vendors, eq(vendors.userId, users.id))
        .where(eq(users.id, viewer.userId))
      subject = `Message from ${me?.shopName ?? me?.fullName ?? ''}`.trim()
    }
    const [created] = await tx
      .insert(messages)
      .values({
        senderId: viewer.userId,
        receiverId: null,
        subject,
        content: input.content,
        type: input.type,
      })
      .returning({ id: messages.id })
    // No vendorId: every admin is told; userId: the sender's other tabs refresh too.
    await notify(tx, { topic: 'messages', userId: viewer.userId, id: created!.id })
    return toDto((await findMessage(tx, viewer, created!.id))!, viewer)
  })
}

/**
 * Opening a message: read_at is set when the viewer is its recipient (an admin: the admin team's or their
 * own) and it is unread; otherwise it comes back unchanged. A message the viewer may not see is not found.
 */
export async function markMessageRead(db: Db, viewer: Viewer, id: string): Promise<MessageDto> {
  return db.transaction(async (tx) => {
    const row = await findMessage(tx, viewer, id, { lock: true })
    if (!row) throw notFound()
    if (!isAddressedTo(row.message, viewer) || row.message.readAt) return toDto(row, viewer)
    const [updated] = await tx
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(eq(messages.id, row.message.id))
      .returning()
    // The unread counts of the reader's other tabs (and, for the admin team's messages, every admin) change.
    await notify(tx, { topic: 'messages', userId: viewer.userId, id: row.message.id })
    return toDto({ ...row, message: updated! }, viewer)
  })
}

/** An admin's support reply goes to the original message's sender (second specification, §7). */
export async function replyToMessage(
  db: Db,
  admin: AdminScope,
  id: string,
  content: string,
): Promise<MessageDto> {
  return db.transaction(async (tx) => {
    const original = await findMessage(tx, admin, id)
    if (!original) throw notFound()
    // Replying to the team's own reply (this admin's or a colleague's) continues the conversation with its
    // recipient: a support reply never goes from one admin to another.
    const receiverId =
      original.sender?.role === 'admin' ? original.message.receiverId : original.message.senderId
    if (!receiverId) throw new AppError('CONFLICT', 'messages.noRecipient')
    const [created] = await tx
      .insert(messages)
      .values({
        senderId: admin.userId,
        receiverId,
        subject: REPLY_SUBJECT,
        content,
        type: 'support',
        replyToId: original.message.id,
      })
      .returning({ id: messages.id })
    await notify(tx, { topic: 'messages', userId: receiverId, id: created!.id })
    const reply = toDto((await findMessage(tx, admin, created!.id))!, admin)
    // A support reply speaks for the marketplace: it is on the audit trail with whom it went to (not its text,
    // which stays in the conversation).
    await recordAudit(tx, {
      by: admin,
      action: 'create',
      targetTable: 'messages',
      targetId: reply.id,
      newValues: {
        subject: reply.subject,
        type: reply.type,
        receiver_id: receiverId,
        reply_to_id: original.message.id,
      },
      details: {
        recipient_email: reply.recipient?.email ?? null,
        recipient_name: reply.recipient?.fullName ?? null,
      },
    })
    return reply
  })
}
