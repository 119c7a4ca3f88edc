import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { limits } from '../../shared/constants'
import type { messageListQuery } from '../../shared/schemas/message'
import type { Tx } from '../db/client'
import { messages, users } from '../db/schema'
import { keysetRows, positionOf } from '../lib/paginate'
import { messagesIn, type Viewer } from '../lib/scope'
import { accountsNamed, isAnyOf, likePattern } from '../lib/search'

/**
 * The messages resource (docs/decisions/018): a message with its sender and recipient, the viewer's scope,
 * search, filters and keyset order, read by the vendor's and the admin's list and every lookup before a change.
 */

const sender = alias(users, 'sender')
const recipient = alias(users, 'recipient')
const answerer = alias(users, 'answerer')

/**
 * Each message with its sender, its recipient (none: the admin team) and, for a message to the team, the admin
 * who answered it first, newest first.
 */
export const messageRows = keysetRows(messages, messages.createdAt, 'message', (db) =>
  db
    .select({
      message: messages,
      sender: { id: sender.id, fullName: sender.fullName, email: sender.email, role: sender.role },
      recipient: {
        id: recipient.id,
        fullName: recipient.fullName,
        email: recipient.email,
        role: recipient.role,
      },
      answerer: { id: answerer.id, fullName: answerer.fullName },
      position: positionOf(messages.createdAt),
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(recipient, eq(recipient.id, messages.receiverId))
    .leftJoin(answerer, eq(answerer.id, messages.answeredBy))
    .$dynamic(),
)

export type MessageRow = NonNullable<Awaited<ReturnType<typeof messageRows.first>>>

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
  return or(...inText, isAnyOf(messages.senderId, accountsNamed(pattern)))
}

/** The viewer's messages the filters keep: a type, and a search. */
export const messageFilter = (
  viewer: Viewer,
  filters: Pick<z.output<typeof messageListQuery>, 'type' | 'q'>,
): SQL | undefined =>
  and(
    messagesIn(viewer),
    filters.type === 'all' ? undefined : eq(messages.type, filters.type),
    matching(viewer, filters.q),
  )

/**
 * The vendor's user a message is between the admin team and: its sender, or for the team's own reply its
 * recipient. Every message of a conversation has the same one (a reply goes to, or comes from, that user).
 */
export const conversationPartyOf = (row: MessageRow): string | null =>
  row.sender?.role === 'admin' ? row.message.receiverId : row.message.senderId

/** How far up a chain of replies the first message of a conversation is looked for. */
const deepestReply = 10_000

/** `up`: the message `id` and the messages it answers, up the chain (depth 0: itself). */
const upFrom = (id: string) => sql`up (id, reply_to_id, depth) as (
    select id, reply_to_id, 0 from messages where id = ${id}
    union all
    select m.id, m.reply_to_id, up.depth + 1 from messages m join up on m.id = up.reply_to_id
    where up.depth < ${deepestReply}
  )`

/**
 * The conversation of the message `id` as a `down (id)` set a statement can follow with its own SELECT or
 * UPDATE: up the replies to the first message, then down every reply to it and to its replies. The walk down
 * looks only among the party's messages (`sender_id` or `receiver_id`, both indexed): every message of a
 * conversation is theirs, so no message of another shop can join it, and no scan of the whole table is needed.
 */
const conversation = (id: string, party: string) => sql`
  with recursive ${upFrom(id)},
  root as (select id from up order by depth desc limit 1),
  theirs as materialized (
    select id, reply_to_id from messages where sender_id = ${party} or receiver_id = ${party}
  ),
  down (id) as (
    select id from root
    union
    select theirs.id from theirs join down on theirs.reply_to_id = down.id
  )`

/**
 * The conversation `row` (a message the viewer may see) belongs to, oldest first: its latest
 * `limits.threadMessages` messages, and whether older ones were left out. Read in the viewer's scope like any list.
 */
export async function readConversation(tx: Tx, viewer: Viewer, row: MessageRow) {
  const party = conversationPartyOf(row)
  if (!party) return { rows: [row], hasEarlier: false }
  const result = await tx.execute(sql`${conversation(row.message.id, party)}
    select down.id from down join messages m on m.id = down.id
    order by m.created_at desc, m.id desc limit ${limits.threadMessages + 1}`)
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((found) => found.id)
  const rows = await messageRows
    .select(tx)
    .where(and(inArray(messages.id, ids.slice(0, limits.threadMessages)), messagesIn(viewer)))
    .orderBy(...messageRows.order)
  return { rows: rows.reverse(), hasEarlier: ids.length > limits.threadMessages }
}

/**
 * Marks answered, by `adminId`, the messages to the admin team in the conversation of `repliedTo` that no admin
 * had answered and that were there when it was written (a vendor's message sent meanwhile is not answered by a
 * reply written before it). One UPDATE whose WHERE keeps only unanswered rows: when two admins reply at once,
 * the second waits for the first's row locks, then finds the rows answered and leaves them to the first.
 * Returns the ids it marked.
 */
export async function markConversationAnswered(
  tx: Tx,
  repliedTo: MessageRow,
  adminId: string,
): Promise<string[]> {
  const party = conversationPartyOf(repliedTo)
  if (!party) return []
  const result = await tx.execute(sql`${conversation(repliedTo.message.id, party)}
    update messages set answered_by = ${adminId}, answered_at = now()
    where id in (select id from down)
      and receiver_id is null
      and answered_at is null
      and created_at <= (select created_at from messages where id = ${repliedTo.message.id})
    returning id`)
  return (result as unknown as { rows: { id: string }[] }).rows.map((marked) => marked.id)
}

/** The first message of the conversation `row` belongs to (its subject and type are the conversation's). */
export async function conversationStart(tx: Tx, row: MessageRow): Promise<MessageRow> {
  if (!row.message.replyToId) return row
  const result = await tx.execute(
    sql`with recursive ${upFrom(row.message.id)} select id from up order by depth desc limit 1`,
  )
  const [start] = (result as unknown as { rows: { id: string }[] }).rows
  return (start && (await messageRows.first(tx, eq(messages.id, start.id)))) ?? row
}

/** One message the viewer may see (locked for a change when asked); any other is not there. */
export const findMessage = (tx: Tx, viewer: Viewer, id: string, options?: { lock?: boolean }) =>
  messageRows.find(tx, id, messagesIn(viewer), options)
