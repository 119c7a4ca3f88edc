import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Language } from '../../shared/constants'
import {
  replyWording,
  vendorReplySubject,
  type MessageDto,
  type MessageList,
  type messageListQuery,
  type MessageThread,
  type sendMessageInput,
} from '../../shared/schemas/message'
import type { Db, Tx } from '../db/client'
import { messages, users, vendors } from '../db/schema'
import { ownerOfShop } from '../db/joins'
import { recordAudit } from '../audit/record-audit'
import { isLanguage } from '../auth/language'
import { AppError, notFound } from '../lib/errors'
import { countCapFor } from '../lib/paginate'
import { pick } from '../lib/pick'
import { addressedTo, type AdminScope, type Viewer } from '../lib/scope'
import { notify } from '../realtime/events'
import {
  conversationStart,
  findMessage,
  markConversationAnswered,
  messageFilter,
  messageRows,
  readConversation,
  type MessageRow,
} from './messages.queries'

export type { Viewer }

type Message = typeof messages.$inferSelect
type Party = NonNullable<MessageDto['sender']>

const isAddressedTo = (row: Message, viewer: Viewer) =>
  row.receiverId === viewer.userId || (viewer.role === 'admin' && row.receiverId === null)

type Joined = Pick<MessageRow, 'message' | 'sender' | 'recipient' | 'answerer'>

/**
 * A vendor writes to, and hears from, the admin team: an admin's name and sign-in e-mail stay with the
 * admins (null reads as the team on the screens). Admins see who replied.
 */
const asSeenBy = (party: Party | null, viewer: Viewer): Party | null =>
  viewer.role === 'vendor' && party?.role === 'admin' ? null : party

function toDto(row: Joined, viewer: Viewer): MessageDto {
  const { message } = row
  return {
    ...pick(message, ['id', 'subject', 'content', 'type']),
    createdAt: message.createdAt.toISOString(),
    readAt: message.readAt?.toISOString() ?? null,
    isUnread: message.readAt === null && isAddressedTo(message, viewer),
    isOwn: message.senderId === viewer.userId,
    sender: asSeenBy(row.sender, viewer),
    recipient: asSeenBy(row.recipient, viewer),
    replyToId: message.replyToId,
    // Which admin answered stays with the admins, like which admin wrote.
    answeredAt: viewer.role === 'admin' ? (message.answeredAt?.toISOString() ?? null) : null,
    answeredBy: viewer.role === 'admin' ? row.answerer : null,
  }
}

/**
 * The language a reply's subject is written in: the vendor's in the conversation, the one they last used on
 * screen (as their mail is; English before they ever signed in).
 */
async function languageOf(tx: Tx, userId: string): Promise<Language> {
  const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId))
  return isLanguage(user?.language) ? user.language : 'en'
}

/** The admin team exists: with no admin at all, a message to the team has no one to reach (specification §8). */
async function requireAnyAdmin(tx: Tx) {
  const [anyAdmin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1)
  if (!anyAdmin) throw new AppError('CONFLICT', 'messages.noRecipient')
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
    await requireAnyAdmin(tx)
    let subject = input.subject.trim()
    if (!subject) {
      const [me] = await tx
        .select({ fullName: users.fullName, shopName: vendors.shopName })
        .from(users)
        .leftJoin(vendors, ownerOfShop)
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

/**
 * The conversation a message the viewer may see belongs to: its first message and the replies, oldest first,
 * each as the viewer sees it. A message outside the viewer's scope is not found, whatever its id.
 */
export async function getConversation(db: Db, viewer: Viewer, id: string): Promise<MessageThread> {
  const row = await findMessage(db, viewer, id)
  if (!row) throw notFound()
  const { rows, hasEarlier } = await readConversation(db, viewer, row)
  return { items: rows.map((found) => toDto(found, viewer)), hasEarlier }
}

/**
 * A vendor's reply in a conversation: to the admin team (as every vendor message is), answering `id` (a message
 * of theirs, or the team's to them; any other is not found and nothing is written), with the conversation's
 * type and its subject after 'Re: ' in the vendor's language.
 */
export async function replyAsVendor(
  db: Db,
  viewer: Viewer,
  id: string,
  content: string,
): Promise<MessageDto> {
  return db.transaction(async (tx) => {
    const original = await findMessage(tx, viewer, id)
    if (!original) throw notFound()
    await requireAnyAdmin(tx)
    const start = await conversationStart(tx, original)
    const [created] = await tx
      .insert(messages)
      .values({
        senderId: viewer.userId,
        receiverId: null,
        subject: vendorReplySubject(await languageOf(tx, viewer.userId), start.message.subject),
        content,
        type: start.message.type,
        replyToId: original.message.id,
      })
      .returning({ id: messages.id })
    await notify(tx, { topic: 'messages', userId: viewer.userId, id: created!.id })
    return toDto((await findMessage(tx, viewer, created!.id))!, viewer)
  })
}

/**
 * An admin's support reply goes to the original message's sender (second specification, §7), with the team's
 * subject in that vendor's language. It answers, for the whole team, the conversation's messages to the team
 * that were waiting (markConversationAnswered: the first admin to reply is the one named).
 */
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
        subject: replyWording[await languageOf(tx, receiverId)].teamReply,
        content,
        type: 'support',
        replyToId: original.message.id,
      })
      .returning({ id: messages.id })
    const answered = await markConversationAnswered(tx, original, admin.userId)
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
        // The vendor's messages this reply answered for the team (none when a colleague had already).
        answered_message_ids: answered,
      },
    })
    return reply
  })
}
