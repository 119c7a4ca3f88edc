import { and, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias, QueryBuilder } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Role } from '../../shared/constants'
import {
  adminReplySubject,
  type MessageDto,
  type MessageList,
  type messageListQuery,
  type sendMessageInput,
} from '../../shared/schemas/message'
import type { Db, Tx } from '../db/client'
import { messages, users, vendors } from '../db/schema'
import { recordAudit } from '../audit/record-audit'
import { AppError, isUuid, notFound } from '../lib/errors'
import type { AdminScope } from '../lib/scope'
import { listPage, positionOf, type Slice, countCapFor } from '../lib/paginate'
import { isAnyOf, likePattern } from '../lib/search'
import { notify } from '../realtime/events'

/** Who is asking: vendors see what they sent or received; admins see every message. */
export type Viewer = { userId: string; role: Role }

type MessageRow = typeof messages.$inferSelect
type Party = NonNullable<MessageDto['sender']>

/** The subject of every admin reply (second specification, §7 Support reply). */
export const REPLY_SUBJECT = adminReplySubject

const sender = alias(users, 'sender')
const recipient = alias(users, 'recipient')

/** Scope lives in the query: a vendor's message list, lookups and updates all go through this. */
function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.role === 'admin') return undefined
  return or(eq(messages.senderId, viewer.userId), eq(messages.receiverId, viewer.userId))
}

/** Addressed to the viewer: to them by id, or (for an admin) to the admin team (receiver null; README: deliberate divergences). */
function addressedTo(viewer: Viewer): SQL {
  return viewer.role === 'admin'
    ? or(isNull(messages.receiverId), eq(messages.receiverId, viewer.userId))!
    : eq(messages.receiverId, viewer.userId)
}

const isAddressedTo = (row: MessageRow, viewer: Viewer) =>
  row.receiverId === viewer.userId || (viewer.role === 'admin' && row.receiverId === null)

/**
 * What a search looks in: the subject and the content, and for an admin also the sender's name and e-mail.
 * A vendor's search leaves senders out: their messages come from themselves or from the team, and matching
 * an admin's name would tell them which admin wrote a reply the screen shows as the team's.
 */
function matching(viewer: Viewer, q: string): SQL | undefined {
  if (!q) return undefined
  const pattern = likePattern(q)
  const inText = [ilike(messages.subject, pattern), ilike(messages.content, pattern)]
  if (viewer.role === 'vendor') return or(...inText)
  // The senders through their ids, so every condition is on the message row and has its index.
  const senders = new QueryBuilder()
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.fullName, pattern), ilike(users.email, pattern)))
  return or(...inText, isAnyOf(messages.senderId, senders))
}

const partyColumns = {
  message: messages,
  sender: { id: sender.id, fullName: sender.fullName, email: sender.email, role: sender.role },
  recipient: {
    id: recipient.id,
    fullName: recipient.fullName,
    email: recipient.email,
    role: recipient.role,
  },
}

function withParties(tx: Tx) {
  return tx
    .select(partyColumns)
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(recipient, eq(recipient.id, messages.receiverId))
}

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

async function findVisible(tx: Tx, viewer: Viewer, id: string, { lock = false } = {}) {
  if (!isUuid(id)) return undefined
  const query = withParties(tx).where(and(eq(messages.id, id), visibleTo(viewer)))
  const [row] = lock ? await query.for('update', { of: messages }) : await query
  return row
}

/** One page of the viewer's messages, newest first, plus how many addressed to them are unread. */
export async function listMessages(
  db: Db,
  viewer: Viewer,
  query: z.output<typeof messageListQuery>,
): Promise<MessageList> {
  const where = and(
    visibleTo(viewer),
    query.type === 'all' ? undefined : eq(messages.type, query.type),
    matching(viewer, query.q),
  )
  const [page, [unread]] = await Promise.all([
    listPage(db, query, {
      countCap: countCapFor(query.q),
      time: messages.createdAt,
      id: messages.id,
      where,
      rows: (slice: Slice) =>
        db
          .select({ ...partyColumns, position: positionOf(messages.createdAt) })
          .from(messages)
          .innerJoin(sender, eq(sender.id, messages.senderId))
          .leftJoin(recipient, eq(recipient.id, messages.receiverId))
          .where(slice.where)
          .orderBy(...slice.orderBy)
          .limit(slice.limit)
          .offset(slice.offset),
      counted: (filter) =>
        db
          .select({ one: sql`1` })
          .from(messages)
          .where(filter)
          .$dynamic(),
      idOf: (row) => row.message.id,
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
    return toDto((await findVisible(tx, viewer, created!.id))!, viewer)
  })
}

/**
 * Opening a message: read_at is set when the viewer is its recipient (an admin: the admin team's or their
 * own) and it is unread; otherwise it comes back unchanged. A message the viewer may not see is not found.
 */
export async function markMessageRead(db: Db, viewer: Viewer, id: string): Promise<MessageDto> {
  return db.transaction(async (tx) => {
    const row = await findVisible(tx, viewer, id, { lock: true })
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
    const original = await findVisible(tx, admin, id)
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
    const reply = toDto((await findVisible(tx, admin, created!.id))!, admin)
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
